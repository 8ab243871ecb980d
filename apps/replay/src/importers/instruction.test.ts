import { describe, expect, it } from "vitest";
import {
  instructionFromRequest,
  instructionFromTrajectory,
  instructionOf,
  MAX_INSTRUCTION_CHARS,
} from "./instruction.js";

describe("instructionOf", () => {
  it("cuts the task's part out of an agent's prompt template", () => {
    const terminus = [
      "You are an AI assistant tasked with solving command-line tasks in a Linux environment.",
      "Format your response as JSON with the following structure: {...}",
      "",
      "Task Description:",
      "Implement a red-black tree in /app/rbtree.py with insert, delete and search.",
      "",
      "",
      "",
      "Keep it balanced.",
      "",
      "Current terminal state:",
      "root@abc:/app# ",
    ].join("\n");
    expect(instructionOf(terminus)).toBe(
      "Implement a red-black tree in /app/rbtree.py with insert, delete and search.\n\nKeep it balanced.",
    );
    expect(instructionOf("<task>\nCount the tokens in the dataset.\n</task>\nRules: …")).toBe(
      "Count the tokens in the dataset.",
    );
  });

  it("keeps a prompt without a template whole, caps a long one, and gives nothing for blank text", () => {
    expect(instructionOf("  Fix the failing build.  ")).toBe("Fix the failing build.");
    const long = instructionOf("x".repeat(5000));
    expect(long).toHaveLength(MAX_INSTRUCTION_CHARS);
    expect(long?.endsWith("…")).toBe(true);
    expect(instructionOf(" \n\n ")).toBeUndefined();
    expect(instructionOf(undefined)).toBeUndefined();
  });
});

describe("instructionFromTrajectory", () => {
  it("reads the first user message, as a string or as content parts", () => {
    expect(
      instructionFromTrajectory({
        steps: [
          { source: "system", message: "You are helpful." },
          { source: "user", message: [{ type: "text", text: "Sort /app/data.csv by date." }] },
          { source: "user", message: "a later message" },
        ],
      }),
    ).toBe("Sort /app/data.csv by date.");
    expect(instructionFromTrajectory({ steps: [{ source: "agent", message: "ok" }] })).toBe(
      undefined,
    );
    expect(instructionFromTrajectory("not a trajectory")).toBeUndefined();
  });
});

describe("instructionFromRequest", () => {
  it("reads the first user message of a logged chat request", () => {
    expect(
      instructionFromRequest({
        system: "You are an agent.",
        messages: [{ role: "user", content: "Task:\nWrite the value to /app/output.txt.\n" }],
      }),
    ).toBe("Write the value to /app/output.txt.");
    expect(instructionFromRequest({ messages: [{ role: "assistant", content: "hi" }] })).toBe(
      undefined,
    );
  });
});
