import { describe, expect, it } from "vitest";
import { statedPlan } from "./stated-plan.js";

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
