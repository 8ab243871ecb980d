// Recall of searchFailures against the naive query (FTS5 bm25, query words OR-joined) on a
// labelled retrieval set: recall@5 = |top5 ∩ relevant| / min(|relevant|, 5) per query with
// relevant rows, by kind, and how many `none` queries (right answer: nothing) come back empty.
//   pnpm exec tsx bench/recall.ts              # the development set in ../shared (tuned on)
//   pnpm exec tsx bench/recall.ts --set heldout  # conformance/heldout
//   pnpm exec tsx bench/recall.ts --rows FILE --queries FILE  # any set in the same format
// Only aggregate figures are printed, never a query or its answer: a held-out set stays held out.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createClient } from "@libsql/client";
import { z } from "zod";
import { CONVICTIONS } from "../src/row/index.js";
import { buildMatchQuery } from "../src/search/query.js";
import { openStore } from "../src/store.js";

export type RecallSet = "dev" | "heldout";

const labelledRowSchema = z.object({
  id: z.string().min(1),
  session: z.string().min(1),
  task: z.string(),
  approach: z.string(),
  death_reason: z.string(),
  conviction: z.enum(CONVICTIONS).nullish(),
});
const labelledQuerySchema = z.object({
  qid: z.string().min(1),
  query: z.string(),
  relevant: z.array(z.string()),
  kind: z.string().min(1),
});
export type LabelledRow = z.infer<typeof labelledRowSchema>;
export type LabelledQuery = z.infer<typeof labelledQuerySchema>;

/** A labelled set's file could not be read: names the file, line and field. */
export class LabelledSetError extends Error {
  override name = "LabelledSetError";
}

/** One method's figures: mean recall@5 per kind and overall, and `none` queries answered empty. */
export interface RecallFigures {
  method: string;
  byKind: Record<string, number>;
  overall: number;
  noneEmpty: number;
  none: number;
}

const REPO = new URL("../../../", import.meta.url);
const FILES: Record<RecallSet, [string, string]> = {
  dev: [
    "../shared/corpora/retrieval-dev/dev-rows.jsonl",
    "../shared/corpora/retrieval-dev/dev-queries.jsonl",
  ],
  heldout: [
    "conformance/heldout/retrieval-rows.jsonl",
    "conformance/heldout/retrieval-queries.jsonl",
  ],
};

function readJsonl<T>(file: string, schema: z.ZodType<T>): T[] {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new LabelledSetError(`${file}: cannot read (${(err as Error).message})`);
  }
  const out: T[] = [];
  text.split("\n").forEach((line, i) => {
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new LabelledSetError(`${file}:${i + 1}: not JSON`);
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new LabelledSetError(
        `${file}:${i + 1}: ${issue?.path.join(".") || "(line)"}: ${issue?.message ?? "invalid"}`,
      );
    }
    out.push(parsed.data);
  });
  return out;
}

/** A labelled set: its rows, its queries, and what to call it. */
export interface LabelledSet {
  name: string;
  rows: LabelledRow[];
  queries: LabelledQuery[];
}

/** The rows and queries of a labelled set, built in or from two files of the same format. */
export function loadLabelledSet(set: RecallSet | { rows: string; queries: string }): LabelledSet {
  const [rowsFile, queriesFile] =
    typeof set === "string"
      ? FILES[set].map((rel) => fileURLToPath(new URL(rel, REPO)))
      : [resolve(set.rows), resolve(set.queries)];
  const rows = readJsonl(rowsFile ?? "", labelledRowSchema);
  const queries = readJsonl(queriesFile ?? "", labelledQuerySchema);
  const ids = new Set(rows.map((r) => r.id));
  queries.forEach((q) => {
    const unknown = q.relevant.find((id) => !ids.has(id));
    if (unknown !== undefined)
      throw new LabelledSetError(`${queriesFile}: query ${q.qid}: relevant: no row ${unknown}`);
  });
  const name = typeof set === "string" ? set : (queriesFile ?? "");
  return { name, rows, queries };
}

/**
 * Load a labelled set into fresh stores (FTS5 and the LIKE fallback) and score naive bm25 and
 * searchFailures on every query.
 * @example const figures = await evaluateRecall("dev")
 */
export async function evaluateRecall(set: RecallSet | LabelledSet): Promise<RecallFigures[]> {
  const { rows, queries } = typeof set === "string" ? loadLabelledSet(set) : set;
  const dir = mkdtempSync(join(tmpdir(), "fak-recall-"));
  try {
    const results: RecallFigures[] = [];
    for (const fts of [true, false]) {
      const url = `file:${join(dir, `memory-${fts}.db`)}`;
      const store = await openStore({ url, fts });
      const labelOf = new Map<number, string>();
      // Ids are the store's own: map them to the set's ids by line order.
      for (const row of rows) {
        const { id, occurrence_of } = await store.record({
          session: row.session,
          task: row.task,
          approach: row.approach,
          death_reason: row.death_reason,
          ...(row.conviction ? { conviction: row.conviction } : {}),
        });
        labelOf.set(id, row.id);
        if (occurrence_of !== null && !labelOf.has(occurrence_of))
          labelOf.set(occurrence_of, row.id);
      }
      const client = createClient({ url });
      const naive = async (text: string): Promise<string[]> => {
        const match = buildMatchQuery(text);
        if (!match) return [];
        const res = await client.execute({
          sql: "SELECT rowid FROM failures_fts WHERE failures_fts MATCH ? ORDER BY bm25(failures_fts) LIMIT 5",
          args: [match],
        });
        return res.rows.map((r) => labelOf.get(Number(r.rowid)) ?? "");
      };
      const ours = async (text: string): Promise<string[]> =>
        (await store.search(text, { limit: 5 })).map((h) => labelOf.get(h.id) ?? "");
      if (fts) results.push(await score("naive bm25 (OR)", queries, naive));
      results.push(await score(fts ? "searchFailures" : "searchFailures (LIKE)", queries, ours));
      client.close();
      store.close();
    }
    return results;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Mean recall@5 over a set's queries with relevant rows, and `none` queries answered empty. */
export async function score(
  method: string,
  queries: LabelledQuery[],
  run: (text: string) => Promise<string[]>,
): Promise<RecallFigures> {
  const byKind: Record<string, number[]> = {};
  let noneEmpty = 0;
  let none = 0;
  for (const q of queries) {
    const top = (await run(q.query)).slice(0, 5);
    if (q.relevant.length === 0) {
      none++;
      if (top.length === 0) noneEmpty++;
      continue;
    }
    const hit = top.filter((id) => q.relevant.includes(id)).length;
    const list = byKind[q.kind] ?? [];
    list.push(hit / Math.min(q.relevant.length, 5));
    byKind[q.kind] = list;
  }
  const mean = (xs: number[]): number =>
    xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length;
  const means = Object.fromEntries(Object.entries(byKind).map(([k, xs]) => [k, mean(xs)]));
  return { method, byKind: means, overall: mean(Object.values(byKind).flat()), noneEmpty, none };
}

/** The figures as a Markdown table. */
export function formatRecall(set: string, figures: RecallFigures[]): string {
  const kinds = [...new Set(figures.flatMap((f) => Object.keys(f.byKind)))].sort();
  const lines = [
    `recall@5 on the ${set} set`,
    `| method | ${kinds.join(" | ")} | overall | none answered empty |`,
    `|---|${kinds.map(() => "---:|").join("")}---:|---:|`,
  ];
  for (const f of figures) {
    const cells = kinds.map((k) => (f.byKind[k] ?? 0).toFixed(3));
    lines.push(
      `| ${f.method} | ${cells.join(" | ")} | ${f.overall.toFixed(3)} | ${f.noneEmpty}/${f.none} |`,
    );
  }
  return lines.join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string): string | undefined => {
    const i = process.argv.indexOf(`--${name}`);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const rows = arg("rows");
  const queries = arg("queries");
  try {
    if ((rows === undefined) !== (queries === undefined))
      throw new LabelledSetError("--rows and --queries go together");
    const set =
      rows !== undefined && queries !== undefined
        ? loadLabelledSet({ rows, queries })
        : loadLabelledSet(arg("set") === "heldout" ? "heldout" : "dev");
    const counts = `${set.rows.length} rows, ${set.queries.length} queries`;
    console.log(formatRecall(`${set.name} (${counts})`, await evaluateRecall(set)));
  } catch (err) {
    if (!(err instanceof LabelledSetError)) throw err;
    console.error(err.message);
    process.exit(2);
  }
}
