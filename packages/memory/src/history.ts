import type { Client } from "@libsql/client";
import { MemoryInputError } from "./errors.js";
import {
  decodeRow,
  type ExportedRow,
  MAX_CHAIN,
  MAX_SAFE_ID,
  ROW_COLUMNS,
  safeColumns,
  toExportedRow,
  type Warn,
} from "./row/index.js";

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

const SELECT = `SELECT ${safeColumns(ROW_COLUMNS)} FROM failures`;

async function select(client: Client, where: string, args: number[], warn: Warn) {
  const r = await client.execute({ sql: `${SELECT} WHERE ${where}`, args });
  return r.rows.flatMap((row) => {
    const decoded = decodeRow(row, warn);
    return decoded ? [toExportedRow(decoded)] : [];
  });
}

/** The row `id`, its occurrences and its supersession chain in both directions. */
export async function readHistory(
  client: Client,
  id: number,
  warn: Warn = () => {},
): Promise<FailureHistory> {
  const [row] = await select(client, "id = ?", [id], warn);
  if (!row) throw new MemoryInputError({ field: "id" }, `failure:${id} does not exist`);
  const first = row.occurrence_of ?? row.id;
  const same = await select(
    client,
    "id = ? OR occurrence_of = ? ORDER BY id",
    [first, first],
    warn,
  );
  const seen = new Set([row.id]);
  const walk = async (
    from: ExportedRow,
    step: (r: ExportedRow) => Promise<ExportedRow | undefined>,
  ) => {
    const found: ExportedRow[] = [];
    for (let r = from; found.length < MAX_CHAIN; ) {
      const next = await step(r);
      if (!next) return found;
      if (seen.has(next.id)) {
        warn(
          `the supersession chain of failure:${id} loops back to failure:${next.id}; the walk stops there`,
        );
        return found;
      }
      seen.add(next.id);
      found.push(next);
      r = next;
    }
    warn(
      `the supersession chain of failure:${id} is longer than ${MAX_CHAIN} rows; it is cut there`,
    );
    return found;
  };
  const back = await walk(row, async (r) =>
    r.supersedes === null ? undefined : (await select(client, "id = ?", [r.supersedes], warn))[0],
  );
  const forward = await walk(
    row,
    async (r) => (await select(client, "supersedes = ?", [r.id], warn))[0],
  );
  return {
    row,
    occurrences: same,
    chain: [...back.reverse(), row, ...forward],
    superseded_by: forward[0]?.id ?? null,
  };
}

/**
 * Every row in id order, read in pages so a million rows never sit in memory at once. A row
 * whose id is beyond 2^53 (only a raw write can store one) is skipped with a warning.
 */
export async function* readAll(
  client: Client,
  warn: Warn = () => {},
  pageSize = 1000,
): AsyncIterable<ExportedRow> {
  let last = 0;
  for (;;) {
    const r = await client.execute({
      sql: `${SELECT} WHERE id > ? AND id <= ${MAX_SAFE_ID} ORDER BY id LIMIT ?`,
      args: [last, pageSize],
    });
    for (const row of r.rows) {
      const decoded = decodeRow(row, warn);
      if (decoded) yield toExportedRow(decoded);
    }
    const tail = r.rows.at(-1);
    if (!tail || r.rows.length < pageSize) break;
    last = Number(tail.id);
  }
  const beyond = await client.execute(
    `SELECT CAST(id AS TEXT) AS id FROM failures WHERE id > ${MAX_SAFE_ID} OR id < 1 ORDER BY id LIMIT 100`,
  );
  for (const b of beyond.rows)
    warn(
      `the row with id ${String(b.id)} is beyond 2^53 (only a raw write can store it); it is not exported`,
    );
}
