import { describe, expect, it } from "vitest";
import { planQuery } from "./query.js";
import { compileScorer, isRelevant } from "./score.js";
import { TUNING } from "./tuning.js";

describe("compileScorer", () => {
  const row = (task: string) => ({
    task,
    approach: "one table per key",
    death_reason: "verifier: wrong totals",
  });
  const stats = (df: Record<string, number>) => ({ total: 1000, df: new Map(Object.entries(df)) });

  it("ranks the query's own word above a related term, and both above nothing", () => {
    const plan = planQuery("throttle login attempts");
    const s = stats({ throttl: 5, "rate limit": 5, login: 20, attempt: 30 });
    const score = compileScorer(plan, s);
    const own = score(row("throttle login attempts")).share;
    const related = score(row("rate limit login attempts")).share;
    const none = score(row("render invoices as PDF")).share;
    expect(own).toBeGreaterThan(related);
    expect(related).toBeGreaterThan(none);
    expect(none).toBe(0);
    expect(own).toBeLessThanOrEqual(1);
  });

  it("weighs a row's task above its death reason", () => {
    const plan = planQuery("deadlock");
    const score = compileScorer(plan, stats({ deadlock: 3 }));
    const inTask = score({ task: "deadlock on checkout", approach: "x", death_reason: "y" }).share;
    const inDeath = score({
      task: "checkout",
      approach: "x",
      death_reason: "verifier: deadlock",
    }).share;
    expect(inTask).toBeGreaterThan(inDeath);
  });

  it("reads rarity over at least RANKING.prior rows, so a one-row memory is not blind", () => {
    const plan = planQuery("throttle webhook fan-out");
    const tiny = {
      total: 1,
      df: new Map([
        ["limit", 1],
        ["quota", 1],
        ["rate limit", 1],
      ]),
    };
    const row = {
      task: "per-tenant API rate limiting",
      approach: "fixed-window counter",
      death_reason: "verifier: 200 admitted against a 100/min limit; each window grants full quota",
    };
    expect(compileScorer(plan, tiny)(row).share).toBeGreaterThan(TUNING.gate);
  });

  it("counts a word the stemmer merged with the query's (expensive for expense) as another word", () => {
    const plan = planQuery("expense reports");
    const s = stats({ expens: 4, report: 40 });
    const score = compileScorer(plan, s);
    const same = score(row("expenses claimed twice")).share;
    const other = score(row("expensive query on the orders table"));
    expect(same).toBeGreaterThan(TUNING.gate);
    expect(other.share).toBeLessThan(same / 3);
    expect(other.informative).toBe(false);
  });

  it("never lets words that name no topic make a row relevant", () => {
    const plan = planQuery("safely stop large uploads once");
    const s = stats({ safe: 3, stop: 3, larg: 3, onc: 3, upload: 8 });
    const score = compileScorer(plan, s);
    const topicless = score(row("stop large batches safely, once"));
    expect(topicless.informative).toBe(false);
    expect(topicless.relevance).toBe(0);
    const topical = score(row("uploads"));
    expect(topical.informative).toBe(true);
    expect(topical.relevance).toBeGreaterThan(0.9);
    expect(compileScorer(planQuery("stop it safely, once"), s)(row("stop")).share).toBe(0);
  });

  it("needs the query's own words, not related terms alone, to clear the lower gate", () => {
    const between = (TUNING.gate + TUNING.gate2) / 2;
    expect(isRelevant({ relevance: between, matched: 2, direct: 1 })).toBe(true);
    expect(isRelevant({ relevance: between, matched: 2, direct: 0 })).toBe(false);
    expect(isRelevant({ relevance: between, matched: 1, direct: 1 })).toBe(false);
    expect(isRelevant({ relevance: TUNING.gate, matched: 1, direct: 0 })).toBe(true);
    // a row that matched only through names or lookalike words answers no concept
    expect(isRelevant({ relevance: 1, matched: 0, direct: 0 })).toBe(false);
    const plan = planQuery("memoize payment");
    const score = compileScorer(plan, stats({ memoiz: 3, payment: 3, cach: 5, bill: 5 }));
    expect(score(row("cache billing")).direct).toBe(0);
    expect(score(row("memoize billing")).direct).toBe(1);
  });

  it("does not answer a query about what the memory does not hold through one related term", () => {
    // one of its two words is in no row: a row that only relates to the other is not enough
    const plan = planQuery("quaternion memoization");
    const score = compileScorer(plan, stats({ memoiz: 2, cach: 20 }));
    const related = score({ task: "cache user avatars", approach: "x", death_reason: "y" });
    expect(related.matched).toBe(1);
    expect(isRelevant(related)).toBe(false);
    const own = score({ task: "memoization of avatars", approach: "x", death_reason: "y" });
    expect(isRelevant(own)).toBe(true);
  });

  it("counts a word met only in a name, label or report phrase as noise", () => {
    const plan = planQuery("train-model");
    const s = stats({ train: 2, model: 6 });
    const score = compileScorer(plan, s);
    const noise = score({
      task: "fix-git",
      approach: "fake-agent/acme/model-1: last step `git rebase` (CMD_ERROR)",
      death_reason: "verifier: `git rebase main` failed (CMD_ERROR:nonzero_exit)",
    });
    expect(noise.informative).toBe(false);
    const related = score({
      task: "train-fasttext",
      approach: "terminus-2/gpt-oss-120b: last step `python3 train.py` (TIMEOUT)",
      death_reason: "budget: timed out at `python3 train.py --epochs 9` (TIMEOUT:time_limit)",
    });
    expect(related.informative).toBe(true);
    expect(related.share).toBeGreaterThan(TUNING.gate);
    expect(noise.share).toBeLessThan(TUNING.relative * related.share);
    // the task is the topic: a model word there is no noise
    expect(score({ task: "serve the model", approach: "x", death_reason: "y" }).informative).toBe(
      true,
    );
  });
});
