import { createClient } from "@libsql/client";
import { describe, expect, it } from "vitest";
import { estimateTokens, stemWord, tokenize } from "./tokens.js";

describe("tokenize", () => {
  it("splits, folds case and diacritics, and stems like the index", () => {
    expect(tokenize("Throttling José's fan-out_queue").map((t) => t.stem)).toEqual([
      "throttl",
      "jose",
      "s",
      "fan",
      "queue",
    ]);
  });

  it("drops stopwords unless asked to keep them", () => {
    expect(tokenize("the cache of all pages").map((t) => t.word)).toEqual(["cache", "pages"]);
    expect(tokenize("the cache", true).map((t) => t.word)).toEqual(["the", "cache"]);
  });

  it("stems exactly as FTS5's porter tokenizer does", async () => {
    const words = (
      "caching invalidation retries retried throttling limiter idempotency migrations " +
      "generalization conditional agreed happiness relational sensibility replication hopeful " +
      "paginated timestamps timezone deadlocked concurrency authentication flaky"
    ).split(" ");
    const client = createClient({ url: ":memory:" });
    await client.execute(
      "CREATE VIRTUAL TABLE t USING fts5(x, tokenize='porter unicode61 remove_diacritics 2')",
    );
    await client.execute("CREATE VIRTUAL TABLE v USING fts5vocab(t, 'row')");
    await client.execute({ sql: "INSERT INTO t(x) VALUES (?)", args: [words.join(" ")] });
    const terms = (await client.execute("SELECT term FROM v")).rows.map((r) => String(r.term));
    expect(new Set(words.map(stemWord))).toEqual(new Set(terms));
    client.close();
  });
});

describe("estimateTokens", () => {
  it("is ceil(chars / 4)", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens("abcd")).toBe(1);
    expect(estimateTokens("abcde")).toBe(2);
  });
});
