import { describe, expect, it } from "vitest";
import { canonicalState, evidenceCheckpoint, stateHash } from "./checkpoint.js";

const state = {
  task_id: "fix-git",
  command_index: 2,
  turn: 3,
  tool: "terminal.exec",
  command: 'git commit -m "fix: ünïcode"',
  cwd: "/app",
  filesystem_scope: "/app",
  milestone: "committed",
};

describe("evidence checkpoints", () => {
  it("serialises in a fixed, documented order with null for absent tags", () => {
    expect(canonicalState(state)).toBe(
      '["fak.checkpoint.v1","fix-git",2,3,"terminal.exec","git commit -m \\"fix: ünïcode\\"","/app","/app","committed",null]',
    );
  });

  it("hashes to a stable sha256 (a change here breaks every stored checkpoint)", () => {
    // Computed outside this code: printf '%s' '<the string above>' | sha256sum
    expect(stateHash(state)).toBe(
      "sha256:9c187929a175403a9e5c3b731f115334e918225e0e512173f41ae29bc6f21a1b",
    );
  });

  it("does not depend on the order the fields were given in", () => {
    const reordered = Object.fromEntries(Object.entries(state).reverse()) as typeof state;
    expect(stateHash(reordered)).toBe(stateHash(state));
  });

  it("changes when any hashed field changes", () => {
    const base = stateHash(state);
    const variants = [
      { task_id: "other" },
      { command_index: 3 },
      { turn: 4 },
      { tool: "browser.open" },
      { command: "git commit" },
      { cwd: "/" },
      { filesystem_scope: "/" },
      { milestone: undefined },
      { minefield: "force-push" },
    ];
    const hashes = variants.map((v) => stateHash({ ...state, ...v }));
    for (const h of hashes) expect(h).not.toBe(base);
    expect(new Set(hashes).size).toBe(variants.length);
  });

  it("keeps an absent tag apart from an empty one", () => {
    expect(stateHash({ ...state, minefield: "" })).not.toBe(stateHash(state));
  });

  it("builds a checkpoint id and hash from the step", () => {
    const cp = evidenceCheckpoint(state);
    expect(cp.id).toBe("fix-git#2");
    expect(cp.state_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(cp.state_hash).toBe(stateHash(state));
  });
});
