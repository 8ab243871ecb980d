import type { Client, InValue } from "@libsql/client";
import { candidateColumns, type Row, toRows, type Warn } from "../row/index.js";
import { type Candidates, maxId, uniqueTerms } from "./candidates.js";
import type { QueryPlan, QueryTerm } from "./query.js";
import { fieldStems } from "./tokens.js";
import { MAX_MATCH_TERMS } from "./tuning.js";

const LIKE_CANDIDATES = 5_000;

/** Candidates without FTS5: rows holding any of the query's terms, by LIKE. */
export async function likeCandidates(
  client: Client,
  plan: QueryPlan,
  warn: Warn,
): Promise<Candidates> {
  // The query's own words first, then the related terms.
  const terms = uniqueTerms(plan)
    .sort((a, b) => b.weight - a.weight)
    .slice(0, MAX_MATCH_TERMS * 2);
  const patterns = terms.map((t) => `%${escapeLike(likeStem(t))}%`);
  const where = patterns.map(
    () =>
      "(task LIKE ? ESCAPE '\\' OR approach LIKE ? ESCAPE '\\' OR death_reason LIKE ? ESCAPE '\\')",
  );
  const args: InValue[] = patterns.flatMap((p) => [p, p, p]);
  const [total, res] = await Promise.all([
    maxId(client),
    client.execute({
      sql: `SELECT ${candidateColumns()} FROM failures WHERE ${where.join(" OR ")} LIMIT ${LIKE_CANDIDATES}`,
      args,
    }),
  ]);
  const rows = toRows(res.rows, warn);
  const df = new Map<string, number>();
  for (const row of rows)
    for (const key of rowTerms(row, terms)) df.set(key, (df.get(key) ?? 0) + 1);
  return { rows, stats: { total: Math.max(1, total), df } };
}

/** The terms a row holds (phrases as consecutive stems). */
function rowTerms(row: Row, terms: QueryTerm[]): Set<string> {
  const found = new Set<string>();
  for (const text of [row.task, row.approach, row.death_reason]) {
    const stems = fieldStems(text);
    const joined = ` ${stems.join(" ")} `;
    for (const t of terms) if (joined.includes(` ${t.key} `)) found.add(t.key);
  }
  return found;
}

/** A LIKE needle for a term: the part of its first word its stem shares, or the word itself. */
function likeStem(term: QueryTerm): string {
  const word = term.words.join(" ");
  const stem = term.key;
  let n = 0;
  while (n < word.length && n < stem.length && word[n] === stem[n]) n++;
  return n >= 3 ? word.slice(0, n) : word;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
