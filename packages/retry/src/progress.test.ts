import { describe, expect, it } from "vitest";
import { RetryArgumentError } from "./errors.js";
import { retryDirectiveWithHistory } from "./progress.js";
import { failureSignature } from "./signature.js";
import { failure, held, installFailure } from "./test-support/make.js";

describe("failureSignature", () => {
  it("ignores turn numbers and volatile numbers", () => {
    const a = installFailure(
      3,
      "ERROR: No matching distribution found for torch==2.1.0 (took 12.5s)",
    );
    const b = installFailure(
      9,
      "ERROR: No matching distribution found for torch==2.3.1 (took 40.0s)",
    );
    expect(failureSignature(a)).toBe(failureSignature(b));
  });

  it("tells apart different rules, lines, reasons and categories", () => {
    const base = installFailure(3, "ERROR: No matching distribution found for torch");
    const other = [
      installFailure(3, "ERROR: No matching distribution found for flask"),
      { ...base, evidence: ["rule:pip.connection_retry", ...base.evidence.slice(1)] },
      { ...base, reason: "PKG_INSTALL:other" },
      { ...base, category: "CMD_ERROR" as const },
    ];
    for (const c of other) expect(failureSignature(c)).not.toBe(failureSignature(base));
  });

  it("falls back to all the evidence when no rule fired", () => {
    const a = failure({
      reason: "CMD_ERROR:milestones_incomplete",
      evidence: ["missing_milestones:built"],
    });
    const b = failure({
      reason: "CMD_ERROR:milestones_incomplete",
      evidence: ["missing_milestones:tested"],
    });
    expect(failureSignature(a)).not.toBe(failureSignature(b));
    expect(failureSignature(a)).toBe(failureSignature(structuredClone(a)));
  });

  it("blanks long hashes and strips colour codes", () => {
    const a = failure({
      evidence: ["rule:r", "rule r matched: \u001b[31mfailed at commit 3f9a2c1d\u001b[0m"],
    });
    const b = failure({ evidence: ["rule:r", "rule r matched: FAILED at commit 77be01aa9"] });
    const c = failure({ evidence: ["rule:r", "rule r matched: FAILED at tag v-next"] });
    expect(failureSignature(a)).toBe(failureSignature(b));
    expect(failureSignature(a)).not.toBe(failureSignature(c));
  });

  it("ignores the command echo when a rule names the cause", () => {
    const a = installFailure(2, "ERROR: No matching distribution found for torch");
    const b = {
      ...a,
      evidence: a.evidence.map((e) => e.replace("requirements.txt", "reqs-dev.txt")),
    };
    expect(failureSignature(a)).toBe(failureSignature(b));
  });
});

describe("retryDirectiveWithHistory", () => {
  it("stops when the same failure repeats, and says so", () => {
    const first = installFailure(2, "ERROR: No matching distribution found for torch==2.1.0");
    const second = installFailure(5, "ERROR: No matching distribution found for torch==2.1.1");
    const d = retryDirectiveWithHistory(second, [first], 2, 5);
    expect(d).toMatchObject({ task_id: "task-a", attempt: 2, should_retry: false, action: "NONE" });
    expect(d.rationale).toBe(
      "no progress: the same PKG_INSTALL failure (rule pip.no_matching_distribution) repeated on attempts 1 and 2",
    );
  });

  it("lists every attempt that hit the same failure", () => {
    const same = failure({
      reason: "CMD_ERROR:milestones_incomplete",
      evidence: ["missing_milestones:x"],
    });
    const other = failure({ category: "TIMEOUT", reason: "TIMEOUT:command_exceeded_budget" });
    const d = retryDirectiveWithHistory(same, [same, other, same], 4, 9);
    expect(d.rationale).toBe(
      "no progress: the same CMD_ERROR failure (CMD_ERROR:milestones_incomplete) repeated on attempts 1, 3 and 4",
    );
  });

  it("keeps retrying while the failure changes", () => {
    const first = installFailure(2, "ERROR: No matching distribution found for torch");
    const second = failure({
      evidence: [
        "rule:make.recipe_failed",
        "rule make.recipe_failed matched: make: *** [all] error 2",
      ],
    });
    const d = retryDirectiveWithHistory(second, [first], 2, 5);
    expect(d).toMatchObject({ should_retry: true, action: "REPAIR_FAILED_COMMAND" });
  });

  it("behaves like retryDirectiveFor with no history", () => {
    const d = retryDirectiveWithHistory(installFailure(1, "x"), [], 1, 3);
    expect(d).toMatchObject({ should_retry: true, action: "RETRY_PACKAGE_INSTALL" });
  });

  it("lets the hold and the cap come before the no-progress check", () => {
    const h = held();
    expect(retryDirectiveWithHistory(h, [h], 2, 5).rationale).toMatch(/^safety hold/);
    const c = installFailure(1, "x");
    expect(retryDirectiveWithHistory(c, [c, c], 3, 3).rationale).toMatch(/^attempt cap reached/);
  });

  it("rejects a history that belongs to another task or is longer than possible", () => {
    const c = installFailure(1, "x");
    expect(() => retryDirectiveWithHistory(c, [installFailure(1, "x", "task-b")], 2, 5)).toThrow(
      /^history\[0\]\.task_id: is "task-b"/,
    );
    expect(() => retryDirectiveWithHistory(c, [c, c], 2, 5)).toThrow(RetryArgumentError);
    expect(() => retryDirectiveWithHistory(c, [c, c], 2, 5)).toThrow(/^history: holds 2 earlier/);
  });
});
