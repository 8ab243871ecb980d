import { describe, expect, it } from "vitest";
import { approachText, cleanCommand, statedPlan } from "./approach.js";

// Invented texts in the shapes agents write; nothing is copied from a real run.

describe("statedPlan", () => {
  it("reads a terminus-style JSON message's plan", () => {
    const message = JSON.stringify({
      analysis: "The repo is empty apart from a Makefile.",
      plan: "Write the parser as a recursive-descent function, then wire it into main and run make test.",
      commands: [{ keystrokes: "ls\n" }],
    });
    expect(statedPlan([{ text: message }])).toBe(
      "Write the parser as a recursive-descent function, then wire it into main and run make test.",
    );
  });

  it("reads the Plan: section of an Analysis/Plan message, skipping a plan that only looks around", () => {
    const steps = [
      {
        text: "Analysis: Nothing is known yet.\nPlan: First look at the files in /srv to see what exists.",
      },
      {
        text: "Analysis: There is a flask app and no tests.\nPlan: 1. Add a /health route returning JSON.\n2. Start gunicorn on port 8000 in the background.",
      },
    ];
    expect(statedPlan(steps)).toBe(
      "1. Add a /health route returning JSON. 2. Start gunicorn on port 8000 in the background.",
    );
  });

  it("takes a THOUGHT or a plain text block whole, without the command block after it", () => {
    expect(
      statedPlan([
        { text: "THOUGHT: I'll check the directory first.\n\n```bash\nls\n```" },
        {
          text: "THOUGHT: I will crack the archive password with john using a wordlist.\n```bash\njohn h\n```",
        },
      ]),
    ).toBe("I will crack the archive password with john using a wordlist.");
    expect(statedPlan([{ text: "Patch the header parser to reject CR and LF in values." }])).toBe(
      "Patch the header parser to reject CR and LF in values.",
    );
  });

  it("says nothing for steps that state no plan, and cuts a long one on a word", () => {
    expect(statedPlan([{ text: "next." }, { command: "ls" }, { text: "   " }])).toBeUndefined();
    const long = statedPlan([{ text: `Plan: ${"rebuild the index from the rows ".repeat(20)}` }]);
    expect(long?.length).toBeLessThanOrEqual(242);
    expect(long).toMatch(/ (?:rebuild|the|index|from|rows) …$/);
  });
});

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
