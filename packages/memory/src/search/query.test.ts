import { createClient } from "@libsql/client";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildMatchQuery, planQuery, quoteTerm } from "./query.js";

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

  it("keeps words of another sense from opening a group", () => {
    const expands = (text: string, word: string): string[] =>
      planQuery(text)
        .concepts.find((c) => c.terms[0]?.key === word)
        ?.terms.slice(1)
        .map((t) => t.key) ?? [];
    expect(expands("toggle dark mode", "toggl")).not.toContain("featur flag");
    expect(expands("go to the log view", "go")).not.toContain("golang");
    expect(expands("feature flag service", "featur flag")).toContain("toggl");
  });

  it("opens only the groups the rest of the query speaks of, for a word of several", () => {
    const offset = (text: string): string[] =>
      planQuery(text)
        .concepts.find((c) => c.terms[0]?.key === "offset")
        ?.terms.map((t) => t.key) ?? [];
    expect(offset("kafka consumer offset")).toContain("consum group");
    expect(offset("kafka consumer offset")).not.toContain("keyset");
    expect(offset("pagination offset")).toContain("keyset");
    expect(offset("pagination offset")).not.toContain("dst");
  });

  it("weighs topic-less words as such and never widens them", () => {
    const plan = planQuery("safely stop uploads");
    expect(plan.concepts.map((c) => [c.terms[0]?.key, c.topical])).toEqual([
      ["safe", false],
      ["stop", false],
      ["upload", true],
    ]);
    expect(plan.concepts[1]?.terms).toHaveLength(1);
  });

  it("drops stopwords and yields nothing for empty or pure syntax", () => {
    expect(planQuery("").concepts).toEqual([]);
    expect(planQuery("the of and to").concepts).toEqual([]);
    expect(planQuery('"*^-()"').concepts).toEqual([]);
  });
});
