import { createClient } from "@libsql/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildMatchQuery, compileScorer, planQuery, quoteTerm } from "./query.js";

describe("buildMatchQuery", () => {
  it("quotes every word and drops syntax", () => {
    expect(buildMatchQuery('rate "limit" OR col:x')).toBe('"rate" OR "limit" OR "col" OR "x"');
    expect(buildMatchQuery("NEAR(a b, 2) AND ^c* -d")).toBe('"near" OR "b" OR "2" OR "c" OR "d"');
    expect(buildMatchQuery("")).toBeNull();
    expect(buildMatchQuery("()*^-\"'")).toBeNull();
  });

  it("doubles quotes inside a term", () => {
    expect(quoteTerm(['a"b'])).toBe('"a""b"');
  });

  it("gives FTS5 an expression it always accepts, for any text", async () => {
    const client = createClient({ url: ":memory:" });
    await client.execute(
      "CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')",
    );
    await client.execute("INSERT INTO t(x) VALUES ('rate limiting per tenant')");
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: "grapheme", maxLength: 60 }), async (text) => {
        const match = buildMatchQuery(text);
        expect(buildMatchQuery(text)).toBe(match);
        if (match)
          await client.execute({ sql: "SELECT rowid FROM t WHERE t MATCH ?", args: [match] });
      }),
      { numRuns: 300 },
    );
    client.close();
  });
});

describe("planQuery", () => {
  it("widens a word by its concept groups at a lower weight", () => {
    const [throttle] = planQuery("throttle").concepts;
    expect(throttle?.terms[0]).toMatchObject({ key: "throttl", weight: 1 });
    const keys = throttle?.terms.map((t) => t.key) ?? [];
    expect(keys).toContain("rate limit");
    expect(keys).toContain("quota");
    expect(throttle?.terms.slice(1).every((t) => t.weight < 1)).toBe(true);
  });

  it("reads a vocabulary phrase as one concept, not one per word", () => {
    const plan = planQuery("fan-out of webhooks");
    const owns = plan.concepts.map((c) => c.terms[0]?.key);
    expect(owns).toContain("fan out");
    expect(owns).not.toContain("fan");
    expect(owns).toContain("webhook");
  });

  it("drops stopwords and yields nothing for empty or pure syntax", () => {
    expect(planQuery("").concepts).toEqual([]);
    expect(planQuery("the of and to").concepts).toEqual([]);
    expect(planQuery('"*^-()"').concepts).toEqual([]);
  });
});

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
});
