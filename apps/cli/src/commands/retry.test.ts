import { describe, expect, it } from "vitest";
import { jsonl, runFak } from "../test-support/run-fak.js";

const base = { failed: true, detail: "", evidence: [], safety_hold: false };
const install = {
  ...base,
  task_id: "a",
  category: "PKG_INSTALL",
  reason: "PKG_INSTALL:x",
  recovery: "RETRY_PACKAGE_INSTALL",
  retryable: true,
};
const held = {
  ...base,
  task_id: "b",
  category: "POLICY_BLOCK",
  reason: "POLICY_BLOCK:dangerous_action_held",
  recovery: "ESCALATE_FOR_REVIEW",
  retryable: false,
  safety_hold: true,
};
const input = `${JSON.stringify(install)}\n${JSON.stringify(held)}\n`;

describe("fak retry", () => {
  it("retries a retryable failure below the cap and never a held one", async () => {
    const r = await runFak(["retry", "--attempt", "1", "--max-attempts", "3", "--json"], { input });
    expect(r.status).toBe(0);
    const [a, b] = jsonl(r.stdout) as {
      task_id: string;
      should_retry: boolean;
      action: string;
      safety_hold: boolean;
    }[];
    expect(a).toMatchObject({ task_id: "a", should_retry: true, action: "RETRY_PACKAGE_INSTALL" });
    expect(b).toMatchObject({
      task_id: "b",
      should_retry: false,
      action: "NONE",
      safety_hold: true,
    });
  });

  it("stops at the cap", async () => {
    const r = await runFak(["retry", "--attempt", "3", "--max-attempts", "3", "--json"], { input });
    const out = jsonl(r.stdout) as { should_retry: boolean }[];
    expect(out.every((d) => !d.should_retry)).toBe(true);
  });

  it("stops when the history shows the same failure again", async () => {
    const { mkdtemp, writeFile } = await import("node:fs/promises");
    const { join } = await import("node:path");
    const { tmpdir } = await import("node:os");
    const dir = await mkdtemp(join(tmpdir(), "fak-retry-"));
    await writeFile(join(dir, "history.jsonl"), `${JSON.stringify(install)}\n`);
    const r = await runFak(
      [
        "retry",
        "--attempt",
        "2",
        "--max-attempts",
        "5",
        "--history",
        join(dir, "history.jsonl"),
        "--json",
      ],
      {
        input: `${JSON.stringify(install)}\n`,
      },
    );
    expect(r.status).toBe(0);
    const [d] = jsonl(r.stdout) as { should_retry: boolean; rationale: string }[];
    expect(d!.should_retry).toBe(false);
    expect(d!.rationale).toMatch(/progress/i);
  });
});
