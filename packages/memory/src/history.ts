import { asc, eq, gt, or } from "drizzle-orm";
import type { LibSQLDatabase } from "drizzle-orm/libsql";
import { MemoryInputError } from "./errors.js";
import type { Layer } from "./layers.js";
import type { Provenance } from "./provenance.js";
import type { Conviction } from "./row.js";
import type { ExportedRow } from "./rows.js";
import { type FailureRecord, failures } from "./schema.js";

/** A row with everything that touches it. */
export interface FailureHistory {
  row: ExportedRow;
  /** Every row of the same substance (the first death and each later one), oldest first. */
  occurrences: ExportedRow[];
  /** The whole supersession chain the row is part of, oldest first (the row included). */
  chain: ExportedRow[];
  /** The row that supersedes this one, or null when it is current. */
  superseded_by: number | null;
}

/** The exported (snake_case) shape of a drizzle row. */
export function fromRecord(r: FailureRecord): ExportedRow {
  return {
    id: r.id,
    session: r.session,
    task: r.task,
    approach: r.approach,
    death_reason: r.deathReason,
    conviction: r.conviction as Conviction,
    layer: r.layer as Layer,
    occurrence_of: r.occurrenceOf,
    supersedes: r.supersedes,
    created_at: r.createdAt,
    provenance: r.provenance as Provenance,
    source:
      r.sourceTrial === null
        ? null
        : {
            harness: String(r.sourceHarness),
            job: String(r.sourceJob),
            trial: r.sourceTrial,
            attempt: r.sourceAttempt ?? 1,
          },
  };
}

/** The row `id`, its occurrences and its supersession chain in both directions. */
export async function readHistory(db: LibSQLDatabase, id: number): Promise<FailureHistory> {
  const row = await byId(db, id);
  if (!row) throw new MemoryInputError({ field: "id" }, `failure:${id} does not exist`);
  const first = row.occurrenceOf ?? row.id;
  const same = await db
    .select()
    .from(failures)
    .where(or(eq(failures.id, first), eq(failures.occurrenceOf, first)))
    .orderBy(asc(failures.id));
  const back: FailureRecord[] = [];
  for (let r = row; r.supersedes !== null; ) {
    const prev = await byId(db, r.supersedes);
    if (!prev) break;
    back.unshift(prev);
    r = prev;
  }
  const forward: FailureRecord[] = [];
  for (let r = row; ; ) {
    const [next] = await db.select().from(failures).where(eq(failures.supersedes, r.id));
    if (!next) break;
    forward.push(next);
    r = next;
  }
  return {
    row: fromRecord(row),
    occurrences: same.map(fromRecord),
    chain: [...back, row, ...forward].map(fromRecord),
    superseded_by: forward[0]?.id ?? null,
  };
}

async function byId(db: LibSQLDatabase, id: number): Promise<FailureRecord | undefined> {
  const [r] = await db.select().from(failures).where(eq(failures.id, id));
  return r;
}

/** Every row in id order, read in pages so a million rows never sit in memory at once. */
export async function* readAll(db: LibSQLDatabase, pageSize = 1000): AsyncIterable<ExportedRow> {
  let last = 0;
  for (;;) {
    const page = await db
      .select()
      .from(failures)
      .where(gt(failures.id, last))
      .orderBy(asc(failures.id))
      .limit(pageSize);
    for (const r of page) yield fromRecord(r);
    const tail = page.at(-1);
    if (!tail || page.length < pageSize) return;
    last = tail.id;
  }
}
