import { describe, expect, it } from "vitest";
import { evaluateRecall, formatRecall } from "../packages/memory/bench/recall.js";

// Retrieval on the labelled development set in ../shared (the set the ranking was tuned on):
// recall@5 must be at least the naive query's (FTS5 bm25 over OR-joined words) and at least the
// floor below, set a little under what was measured (0.706 with FTS5, 0.701 with LIKE), and the
// `none` queries, whose right answer is nothing, must mostly come back empty (measured 5 of 7).
const FLOOR = 0.68;

describe("retrieval on the development set", () => {
  it("finds what rhymes at least as well as naive bm25, and answers nothing to none-queries", async () => {
    const figures = await evaluateRecall("dev");
    console.log(formatRecall("dev", figures));
    const naive = figures.find((f) => f.method.startsWith("naive"));
    expect(naive).toBeDefined();
    const ourMethods = figures.filter((f) => f.method.startsWith("searchFailures"));
    expect(ourMethods.length).toBeGreaterThan(0);
    for (const ours of ourMethods) {
      expect(ours.overall).toBeGreaterThanOrEqual(naive?.overall ?? 1);
      expect(ours.overall).toBeGreaterThanOrEqual(FLOOR);
      expect(ours.byKind.paraphrase ?? 0).toBeGreaterThan(naive?.byKind.paraphrase ?? 1);
      expect(ours.noneEmpty).toBeGreaterThanOrEqual(Math.ceil(ours.none / 2));
    }
  });
});
