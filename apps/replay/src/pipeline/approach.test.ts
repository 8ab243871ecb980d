import { describe, expect, it } from "vitest";
import { approachText, cleanCommand } from "./approach.js";

// Invented texts in the shapes agents write; nothing is copied from a real run.

describe("cleanCommand", () => {
  it.each([
    ["true\ncd test-clone\ngit log --oneline | head -20\n", "git log --oneline"],
    ["cd /app && python -m pytest -q 2>&1 | tail -30", "python -m pytest -q"],
    ["# look at the failing test first\npytest tests/test_io.py -x", "pytest tests/test_io.py -x"],
    ["echo '=== build ==='; make -j4 > /dev/null 2>&1; echo done", "make -j4"],
    [
      "cat > fix.py <<'EOF'\nimport os\nprint(os.getcwd())\nEOF\npython fix.py",
      "cat > fix.py && python fix.py",
    ],
    ["for f in *.log; do echo $f; done", "for f in *.log"],
    ["cd /app", ""],
    ["clear\nls -la\n", ""],
  ])("%j → %j", (command, cleaned) => {
    expect(cleanCommand(command)).toBe(cleaned);
  });
});

describe("approachText", () => {
  const who = "agent/model";
  it("prefers the plan, then the deciding step's shape, and says when neither tells anything", () => {
    expect(
      approachText({ who, category: "TEST_FAILURE", plan: "bisect  the\nhistory", step: "x" }),
    ).toBe("agent/model: bisect the history (TEST_FAILURE)");
    expect(
      approachText({
        who,
        category: "TEST_FAILURE",
        step: "true\ncd repo && git bisect start HEAD v1.0",
      }),
    ).toBe("agent/model: last step `git bisect start …` (TEST_FAILURE)");
    expect(approachText({ who, category: "TEST_FAILURE", step: "cd /app\n" })).toBe(
      "agent/model: no telling step recorded (TEST_FAILURE)",
    );
    expect(approachText({ who, category: "UNKNOWN" })).toBe(
      "agent/model: no failing step recorded (UNKNOWN)",
    );
  });
});
