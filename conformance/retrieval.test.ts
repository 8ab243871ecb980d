import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  evaluateRecall,
  formatRecall,
  loadLabelledSet,
  type RecallFigures,
} from "../packages/memory/bench/recall.js";

/** A set's floors: recall@5 of each of our methods, and `none` queries answered empty. */
interface Floors {
  recall: number;
  noneEmpty: number;
  /** how far under naive bm25's recall@5 ours may be (0: at least as good, and better on paraphrases) */
  belowNaive?: number;
}

/** Our methods keep the set's floors, and beat naive bm25 (or stay within `belowNaive` of it). */
function expectFloors(figures: RecallFigures[], floors: Floors): void {
  const naive = figures.find((f) => f.method.startsWith("naive"));
  expect(naive).toBeDefined();
  const ourMethods = figures.filter((f) => f.method.startsWith("searchFailures"));
  expect(ourMethods.length).toBeGreaterThan(0);
  const below = floors.belowNaive ?? 0;
  for (const ours of ourMethods) {
    expect(ours.overall).toBeGreaterThanOrEqual((naive?.overall ?? 1) - below);
    expect(ours.overall).toBeGreaterThanOrEqual(floors.recall);
    if (below === 0)
      expect(ours.byKind.paraphrase ?? 0).toBeGreaterThan(naive?.byKind.paraphrase ?? 1);
    expect(ours.noneEmpty).toBeGreaterThanOrEqual(floors.noneEmpty);
  }
}

// Retrieval on the labelled development set in ../shared (the set the ranking was tuned on).
// Floors a little under what was measured: recall@5 0.735 with FTS5 and 0.733 with LIKE (0.706
// and 0.701 before the calibrated gate), and 6 of the 7 `none` queries (right answer: nothing)
// answered empty (5 before).
describe("retrieval on the development set", () => {
  it("finds what rhymes better than naive bm25, and answers nothing to none-queries", async () => {
    const figures = await evaluateRecall("dev");
    console.log(formatRecall("dev", figures));
    expectFloors(figures, { recall: 0.71, noneEmpty: 5 });
  });
});

// The project's own held-out set (conformance/heldout). It scored 0.830 and 5 of 8 `none`
// queries empty before the calibrated gate; the ranking's constants were checked against it
// since, so it is a regression guard now (measured 0.848 with both methods, 8 of 8).
describe("retrieval on the project's held-out set", () => {
  it("keeps its recall and its abstentions", async () => {
    const figures = await evaluateRecall("heldout");
    console.log(formatRecall("heldout", figures));
    expectFloors(figures, { recall: 0.82, noneEmpty: 7 });
  });
});

// A held-out set written by a session that never saw the vocabulary, the dev set or the ranking,
// and never tuned on (only its aggregate figures were ever read). The lead decides whether it is
// committed; the test runs whenever its files are in conformance/heldout-v3/.
const V3 = {
  rows: fileURLToPath(new URL("./heldout-v3/retrieval-rows.jsonl", import.meta.url)),
  queries: fileURLToPath(new URL("./heldout-v3/retrieval-queries.jsonl", import.meta.url)),
};
// Measured once on main before the calibrated gate (recall@5 0.859 with FTS5 and 0.866 with LIKE,
// 1 and 2 of 40 `none` queries empty; naive bm25 0.859 and 0 of 40) and once after it (0.853 and
// 0.855, 11 and 10 of 40). Ours does not beat naive bm25's recall on this set: it answers nothing
// to a quarter of the `none` queries, which bm25 never does, at the cost of 0.006 of recall.
// The floors sit a little under the figures after.
const V3_FLOORS: Floors = { recall: 0.83, noneEmpty: 8, belowNaive: 0.02 };
const v3Present = existsSync(V3.rows) && existsSync(V3.queries);
if (!v3Present)
  console.log(`retrieval held-out set v3 skipped: ${V3.rows} or ${V3.queries} is not there`);

describe.skipIf(!v3Present)("retrieval on held-out set v3", () => {
  it("finds what rhymes better than naive bm25, and answers nothing to none-queries", async () => {
    const set = loadLabelledSet(V3);
    expect(set.queries.length).toBeGreaterThan(0);
    const figures = await evaluateRecall(set);
    console.log(formatRecall("held-out v3", figures));
    expectFloors(figures, V3_FLOORS);
  });
});
