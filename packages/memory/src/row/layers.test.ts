import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MemoryInputError } from "../errors.js";
import { LAYERS, parseLayer } from "./layers.js";

describe("parseLayer", () => {
  it("reads each known layer prefix", () => {
    for (const layer of LAYERS) expect(parseLayer(`${layer}: something died`)).toBe(layer);
    expect(parseLayer("  budget:aborted")).toBe("budget");
  });

  it("is none without a lowercase-word prefix", () => {
    for (const text of [
      "tests fail",
      "Verifier: capitalised is not a prefix",
      "3 tests: fail",
      "https://x/y timed out",
      "type-check: x",
    ]) {
      expect(parseLayer(text)).toBe("none");
    }
  });

  it("refuses an unknown layer-looking prefix, naming the field", () => {
    for (const text of ["verifer: typo", "error: x", "budgets: y"]) {
      const err = (() => {
        try {
          parseLayer(text);
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(MemoryInputError);
      expect((err as MemoryInputError).field).toBe("death_reason");
    }
  });

  it("either names a known layer, none, or throws MemoryInputError, for any text", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        try {
          expect([...LAYERS, "none"]).toContain(parseLayer(text));
        } catch (e) {
          expect(e).toBeInstanceOf(MemoryInputError);
        }
      }),
    );
  });
});
