import { reportFigure } from "@fak/vitest-config/report";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import { MemoryInputError } from "../src/errors.js";
import { scrub, scrubReport } from "../src/scrub/index.js";
import { type FailureStore, openStore } from "../src/store.js";

// Text as an agent's tools print it (binary code units, NUL, lone surrogates, ANSI and control
// characters, FTS5 syntax) fed to the scrubber, to record and to search/prior-art: nothing throws
// but a MemoryInputError naming a field, and the same input always gives the same result.
// scrub.property.test.ts and search.test.ts hold the narrower properties (idempotence, no secret
// left, grapheme queries); this file adds raw code units and repeatability.

const hostile = fc.oneof(
  fc.string({ unit: "binary", maxLength: 300 }),
  fc
    .array(
      fc.constantFrom(
        "\u0000",
        "\u001b[31m",
        "\u001b]0;t\u0007",
        "\r\n",
        "\ud800",
        "\ufeff",
        '"',
        "*",
        "NEAR(",
        "AND",
        "-",
        "^",
        "retry the upload",
        "verifier:",
        "ghp_",
        " ",
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join("")),
);

const stores: FailureStore[] = [];
afterAll(() => {
  for (const s of stores) s.close();
});

describe("hostile text", () => {
  it("the scrubber never throws and gives the same answer for the same text", () => {
    let runs = 0;
    fc.assert(
      fc.property(hostile, (text) => {
        runs++;
        const once = scrub(text);
        expect(typeof once).toBe("string");
        expect(scrub(text)).toBe(once);
        expect(scrubReport(text)).toEqual(scrubReport(text));
      }),
      { numRuns: 500 },
    );
    reportFigure("scrub (generated hostile text)", { runs });
  });

  it.each([true, false])(
    "record, search and prior art are total and repeatable (fts %s)",
    async (fts) => {
      const store = await openStore({ url: ":memory:", fts });
      stores.push(store);
      await store.record({
        session: "s",
        task: "ship the webhook fan-out",
        approach: "retry the upload with backoff",
        death_reason: "verifier: rate limited by the provider (429)",
      });
      const seen = { runs: 0, recorded: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(hostile, hostile, async (approach, query) => {
          seen.runs++;
          try {
            await store.record({
              session: "s",
              task: "t",
              approach,
              death_reason: `verifier: ${query}`,
            });
            seen.recorded++;
          } catch (err) {
            // Only bad input may be refused, and it names the field.
            expect(err).toBeInstanceOf(MemoryInputError);
            expect((err as MemoryInputError).field).toMatch(/^(approach|death_reason)$/);
            seen.refused++;
          }
          const a = await store.search(query);
          expect(await store.search(query)).toEqual(a);
          const p = await store.priorArt(query);
          expect(await store.priorArt(query)).toEqual(p);
        }),
        { numRuns: 80 },
      );
      reportFigure(`search and prior art (generated hostile text, fts ${fts})`, seen);
    },
  );
});
