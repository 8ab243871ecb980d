import { describe, expect, it } from "vitest";
import { commandShape } from "./command-shape.js";

describe("commandShape", () => {
  it("keeps the program, subcommand and flags, not the arguments", () => {
    expect(commandShape("pip install numpy==1.26.4")).toBe("pip install …");
    expect(commandShape("git push --force origin HEAD:main")).toBe("git push --force …");
    expect(commandShape("rm -rf build/")).toBe("rm -rf …");
    expect(commandShape("sed -i 's/a/b/' src/x.py")).toBe("sed -i …");
  });

  it("shows a short command whole", () => {
    expect(commandShape("make test")).toBe("make test");
    expect(commandShape("  ls  ")).toBe("ls");
  });

  it("takes the last step of a compound command, without sudo or env assignments", () => {
    expect(commandShape("cd /app && sudo FOO=1 apt-get install -y libpq-dev")).toBe(
      "apt-get install -y …",
    );
    expect(commandShape("make || true")).toBe("true …");
  });
});
