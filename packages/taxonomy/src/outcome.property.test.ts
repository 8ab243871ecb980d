import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OUTCOME_CODES, RECOVERY_ACTIONS } from "./codes.js";
import { classifyOutcome } from "./outcome.js";

// Hostile stderr: control characters, NUL, lone surrogates, ANSI fragments, CR soup.
const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 400 }),
  fc
    .array(
      fc.constantFrom(
        "\u001b[31m",
        "\u001b]0;t\u0007",
        "\r",
        "\r\n",
        "\u0000",
        "\ud800",
        "Killed",
        "timed out",
        "error: ",
        "E: Unable to locate package x",
        "\t",
      ),
      { maxLength: 60 },
    )
    .map((a) => a.join("")),
);
const outcome = fc.record({
  command: fc.option(fc.string({ maxLength: 80 }), { nil: undefined }),
  exit_code: fc.oneof(fc.integer(), fc.constantFrom(0, 1, 2, 124, 126, 127, 137, 139, 9009, -1)),
  timed_out: fc.boolean(),
  stderr: fc.option(hostile, { nil: undefined }),
  turn: fc.option(fc.nat(), { nil: undefined }),
});

describe("classifyOutcome properties", () => {
  it("never throws, always returns a closed code with its recovery, and is deterministic", () => {
    fc.assert(
      fc.property(outcome, (o) => {
        const a = classifyOutcome(o);
        expect(OUTCOME_CODES).toContain(a.category);
        expect(RECOVERY_ACTIONS).toContain(a.recovery);
        expect(a.reason.startsWith(`${a.category}:`)).toBe(true);
        expect(classifyOutcome(o)).toEqual(a);
      }),
      { numRuns: 300 },
    );
  });
  it("the timeout flag always gives TIMEOUT", () => {
    fc.assert(
      fc.property(outcome, (o) => {
        expect(classifyOutcome({ ...o, timed_out: true }).category).toBe("TIMEOUT");
      }),
      { numRuns: 200 },
    );
  });
  it("padding noise around a decisive line does not change the answer", () => {
    const line = "E: Unable to locate package libwidget-dev";
    fc.assert(
      fc.property(
        fc.array(
          fc.constantFrom(
            "Reading package lists...",
            "\u001b[32mok\u001b[0m",
            "",
            "Get:1 http://deb x",
          ),
          { maxLength: 30 },
        ),
        (pad) => {
          const stderr = [...pad, line, ...pad].join("\r\n");
          expect(classifyOutcome({ exit_code: 100, stderr }).category).toBe("PKG_INSTALL");
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe("a 10 MB stderr", () => {
  it("with ANSI codes, control characters and NUL still classifies by its tail", () => {
    const noise = "\u001b[33mwarning\u001b[0m: step \u0000\u0007 retrying\r\n".repeat(300_000); // ~10.8 MB
    expect(noise.length).toBeGreaterThan(10_000_000);
    const stderr = `${noise}\u001b[31mERROR:\u001b[0m No matching distribution found for gizmo==2.0\r\n`;
    const c = classifyOutcome({ command: "pip install gizmo==2.0", exit_code: 1, stderr });
    expect(c.rule).toBe("pip.no_matching_distribution");
    expect(c.line).toBe("error: no matching distribution found for gizmo==2.0");
  });
  it("made of one line with no newline at all still classifies", () => {
    const stderr = `${"x".repeat(10_000_000)} segmentation fault`;
    expect(classifyOutcome({ exit_code: 139, stderr }).category).toBe("CMD_ERROR");
  });
});

describe("a huge command", () => {
  it("(a megabyte heredoc) classifies by its stderr", () => {
    const command = `cat > data.txt <<'EOF'\n${"apt-get a b c ".repeat(80_000)}\nEOF\npython run.py`;
    const c = classifyOutcome({
      command,
      exit_code: 1,
      stderr: "Segmentation fault (core dumped)",
    });
    expect(c.rule).toBe("process.crashed");
  });
});
