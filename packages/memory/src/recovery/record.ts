import type { Client, InStatement } from "@libsql/client";
import { MemoryInputError } from "../errors.js";
import { unstorableText } from "../row/utf8.js";
import { scrub } from "../scrub/index.js";
import { type RecoveryInput, recoveryInputSchema } from "./schema.js";

/** One recovery as stored: its id, whether this call added it, and the death row it names. */
export interface RecoveryResult {
  id: number;
  /** `already_present` when the same death and the same rerun job were recorded before. */
  status: "added" | "already_present";
  /** The failure row of the original trial (by its source), or null while it is not recorded. */
  death_id: number | null;
}

const COLUMNS = `created_at, death_harness, death_job, death_trial, death_attempt, task, decision,
  action, brief_file, brief_sha256, memories_injected, rerun_harness, rerun_job, rerun_trials,
  outcome, category, reason`;

// The same death and the same rerun job: recorded once (the unique index backs this check).
const SAME = `death_harness = ?2 AND death_job = ?3 AND death_trial = ?4 AND death_attempt = ?5
  AND rerun_harness = ?12 AND rerun_job = ?13`;

const INSERT = `INSERT INTO recoveries (${COLUMNS})
SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17
WHERE NOT EXISTS (SELECT 1 FROM recoveries WHERE ${SAME})
RETURNING id`;

const READ_BACK = `SELECT id, (SELECT MIN(f.id) FROM failures AS f WHERE f.source_harness = ?2
  AND f.source_job = ?3 AND f.source_trial = ?4) AS death_id
FROM recoveries WHERE ${SAME}`;

/**
 * Validate every recovery, scrub its text, and store them all in ONE write transaction (all or
 * none): a recovery whose death and rerun job are already stored adds nothing and comes back
 * `already_present`. A `MemoryInputError` names the first bad one (`recoveries[i].field`) before
 * anything is written; a fixture replay's death or rerun is refused.
 * @example (await insertRecoveries(client, [recovery]))[0].status // "added"
 */
export async function insertRecoveries(
  client: Client,
  input: readonly unknown[],
): Promise<RecoveryResult[]> {
  const rows = input.map((r, i) => prepareRecovery(r, i));
  if (rows.length === 0) return [];
  const now = new Date().toISOString();
  const statements: InStatement[] = rows.flatMap((args) => [
    { sql: INSERT, args: [now, ...args] },
    // The read-back names ?2..?13 only: it binds exactly those.
    { sql: READ_BACK, args: [now, ...args].slice(0, 13) },
  ]);
  const results = await client.batch(statements, "write");
  return rows.map((_, i) => {
    const inserted = results[2 * i]?.rows.length ?? 0;
    const back = results[2 * i + 1]?.rows[0];
    if (!back) throw new Error("a recovery was neither stored nor found after its insert");
    const death = back.death_id;
    return {
      id: Number(back.id),
      status: inserted > 0 ? "added" : "already_present",
      death_id: death === null || death === undefined ? null : Number(death),
    };
  });
}

/** The columns of one recovery after ?1 (created_at), validated and scrubbed. */
function prepareRecovery(value: unknown, i: number) {
  const at = (path: readonly PropertyKey[]) =>
    `recoveries[${i}]${path.length ? `.${path.map(String).join(".")}` : ""}`;
  const parsed = recoveryInputSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === "unrecognized_keys")
      throw new MemoryInputError(
        { field: at([...issue.path, issue.keys[0] ?? ""]) },
        "unknown field",
      );
    throw new MemoryInputError({ field: at(issue?.path ?? []) }, issue?.message ?? "invalid");
  }
  const r = parsed.data;
  // Every text an agent or a folder name could carry is scrubbed, as a failure row's is; the
  // death's source is scrubbed as the failure row's source was, so the two keys still meet.
  const clean = (text: string, field: string) => {
    const s = scrub(text);
    const why = unstorableText(s);
    if (why) throw new MemoryInputError({ field: at([field]) }, `${why} after scrubbing`);
    return s;
  };
  const orNull = (text: string | null, field: string) =>
    text === null ? null : clean(text, field);
  return [
    clean(r.death.harness, "death.harness"),
    clean(r.death.job, "death.job"),
    clean(r.death.trial, "death.trial"),
    r.death.attempt,
    clean(r.task, "task"),
    r.decision,
    r.action,
    orNull(r.brief_file, "brief_file"),
    r.brief_sha256,
    JSON.stringify([...new Set(r.memories_injected)].sort((a, b) => a - b)),
    clean(r.rerun.harness, "rerun.harness"),
    clean(r.rerun.job, "rerun.job"),
    JSON.stringify(r.rerun.trials.map((t, k) => clean(t, `rerun.trials.${k}`))),
    r.outcome,
    r.category,
    orNull(r.reason, "reason"),
  ];
}

export type { RecoveryInput };
