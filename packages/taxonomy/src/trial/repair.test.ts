import { describe, expect, it } from "vitest";
import { isProbe, programOf, repairs, unrepaired } from "./repair.js";
import type { Step } from "./steps.js";

const step = (index: number, command: string, failed: boolean): Step => ({
  index,
  command,
  failed,
});

describe("repairs and exploration", () => {
  it("reads the program past wrappers and assignments", () => {
    expect(programOf("sudo -E env CC=gcc timeout 60 /usr/bin/make -j4")).toBe("make");
    expect(programOf("cd build && cmake ..")).toBe("cmake");
  });

  it("looking around is exploration, however it fails", () => {
    expect(isProbe("ls /app/out && cat /app/out/log.txt")).toBe(true);
    expect(isProbe("which gcc")).toBe(true);
    expect(isProbe("make all")).toBe(false);
  });

  it("the same command, or the same program on a shared target, repairs a failure", () => {
    expect(repairs(step(0, "pip install torch", true), step(1, "pip install torch", false))).toBe(
      true,
    );
    expect(
      repairs(step(0, "pip install torch", true), step(1, "pip install torch==2.3.0", false)),
    ).toBe(true);
    expect(repairs(step(0, "pip install torch", true), step(1, "pip install numpy", false))).toBe(
      false,
    );
    expect(repairs(step(0, "make all", true), step(1, "make all", true))).toBe(false);
    expect(repairs(step(0, "gcc a.c -o a", true), step(1, "gcc a.c -o a -lm", false))).toBe(true);
  });

  it("lists the failures still standing, leaving exploration out", () => {
    const steps = [
      step(0, "ls /missing", true),
      step(1, "npm ci", true),
      step(2, "npm ci", false),
      step(3, "node build.js", true),
    ];
    expect(unrepaired(steps).map((s) => s.index)).toEqual([3]);
  });
});
