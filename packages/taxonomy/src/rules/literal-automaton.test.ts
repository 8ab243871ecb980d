import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { OUTCOME_RULES } from "./index.js";
import type { BuiltAutomaton } from "./literal-automaton.js";
import {
  buildLiteralIndex,
  expandSkeleton,
  type LiteralIndex,
  literalSkeleton,
} from "./literal-index.js";
import { automatonLiterals, literalsKey } from "./match.js";

// The skeleton `pnpm build` writes into dist/ (scripts/write-automaton.mjs) must give the very
// automaton a fresh build over the built-in rules' literals gives; the matcher checks the
// literals before it uses it, so a stale build is slower, never wrong.
const built = new URL("../../dist/rules/literal-automaton.js", import.meta.url);

/**
 * The automaton's fields as comparable values: typed arrays as their kind, length and a hex of
 * their bytes (a deep equality over a million elements takes seconds; this takes milliseconds).
 */
function shape(index: LiteralIndex): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(index))
    out[key] = ArrayBuffer.isView(value)
      ? `${value.constructor.name}(${(value as Uint8Array).length}):${createHash("sha256")
          .update(new Uint8Array(value.buffer, value.byteOffset, value.byteLength))
          .digest("hex")}`
      : value;
  return out;
}

describe("the built-in rules' automaton skeleton", () => {
  const { literals } = automatonLiterals(OUTCOME_RULES);

  it("expands to the automaton buildLiteralIndex builds, also through JSON", () => {
    const json = JSON.stringify(literalSkeleton(literals), (_, v) =>
      ArrayBuffer.isView(v) ? Array.from(v as Int32Array) : v,
    );
    expect(shape(expandSkeleton(JSON.parse(json)))).toEqual(shape(buildLiteralIndex(literals)));
  });

  it("written by the build (pnpm build first): of the rules' literals as they are, the same automaton", async () => {
    const { builtInAutomaton } = (await import(built.href)) as {
      builtInAutomaton: () => BuiltAutomaton | undefined;
    };
    const automaton = builtInAutomaton();
    expect(automaton?.literals).toBe(literalsKey(literals));
    expect(shape(expandSkeleton(automaton!.skeleton))).toEqual(shape(buildLiteralIndex(literals)));
  });
});
