import type { FailureStore } from "@fak/memory";
import { retryDirectiveFor } from "@fak/retry";
import {
  type FailureClassification,
  type FailureTaxonomy,
  failureSignalsSchema,
  type RetryDirective,
  rollup,
} from "@fak/taxonomy";
import { classifyTrial } from "./classify-trial.js";
import { type DeathRow, deathRowFor } from "./death-row.js";
import { type Trial, taskText } from "./trial.js";

/** The part of a `@fak/memory` store the pipeline uses: an `openStore` result, or a stand-in. */
export type DeathStore = Pick<FailureStore, "record" | "priorArt">;

export interface PipelineOptions {
  /** The attempt the trials just finished (1-based); default 1. */
  attempt?: number;
  /** default 3 */
  maxAttempts?: number;
  /** Where deaths go and prior art comes from. */
  store?: DeathStore;
  /** Write each failed trial's death into `store`; default false. */
  record?: boolean;
  /** Session written on every row; default each trial's `trial_id`, else "fak-pipeline". */
  session?: string;
  /** Token cap of each task's prior art. */
  priorArtTokens?: number;
  /** Classifies one trial; default `classifyTrial`. */
  classifier?: (trial: Trial) => FailureClassification;
}

/** What the store says about a row it wrote. */
export interface SavedDeath {
  id: number;
  occurrence_of: number | null;
  layer: string;
  /** "new failure:13", "second death, see failure:12", "already recorded as failure:12 (...)". */
  message?: string;
  /** `already_present` when the store had this trial's death already (nothing was added). */
  status?: "added" | "already_present";
}

/** One row written to the failure memory. */
export interface RecordedDeath extends DeathRow, SavedDeath {
  task_id: string;
}

/** What a next run of a task would be given. */
export interface TaskPriorArt {
  task: string;
  ids: number[];
  text: string;
}

export interface PipelineResult {
  taxonomy: FailureTaxonomy;
  /** One per failed trial, in input order. */
  directives: RetryDirective[];
  recorded?: RecordedDeath[];
  prior_art?: TaskPriorArt[];
}

/**
 * Classify trials, roll them up, direct each failed one's retry and, with a store, remember
 * every death and fetch the prior art each task's next run would see.
 * @example
 *   const store = await openStore({ url: "file:.fak/memory.db" });
 *   const { taxonomy, recorded, prior_art } = await runPipeline(trials, { store, record: true });
 */
export async function runPipeline(
  trials: readonly Trial[],
  opts: PipelineOptions = {},
): Promise<PipelineResult> {
  const judged = classifyTrials(trials, opts);
  const result: PipelineResult = { taxonomy: judged.taxonomy, directives: judged.directives };
  const store = opts.store;
  if (!store) return result;
  if (opts.record) {
    const recorded: RecordedDeath[] = [];
    for (const { trial, signals, classification } of judged.items) {
      const meta = trial.meta ?? {};
      const session = opts.session ?? meta.trial_id ?? "fak-pipeline";
      const row = deathRowFor(classification, signals, meta, session, opts.attempt ?? 1);
      if (!row) continue;
      const saved = await store.record(row);
      recorded.push({ task_id: signals.task_id, ...row, ...pickSaved(saved) });
    }
    result.recorded = recorded;
  }
  // Prior art for the tasks that failed (a passed task needs none), searched by what each asks.
  const queries = new Map<string, string>();
  for (const { trial, signals, classification } of judged.items) {
    if (!classification.failed) continue;
    const task = trial.meta?.task ?? signals.task_id;
    if (!queries.has(task)) queries.set(task, taskText(trial.meta ?? {}, signals.task_id));
  }
  const cap = opts.priorArtTokens === undefined ? undefined : { maxTokens: opts.priorArtTokens };
  result.prior_art = [];
  for (const [task, query] of queries) {
    const art = await store.priorArt(query, cap);
    result.prior_art.push({ task, ids: art.ids, text: art.text });
  }
  return result;
}

/**
 * The synchronous half of the pipeline: each trial classified, the taxonomy rolled up, and the
 * retry directives of the failed ones.
 * @example classifyTrials([{ signals: { task_id: "a", arm: { task_success: true } } }]).taxonomy.failure_count // 0
 */
export function classifyTrials(trials: readonly Trial[], opts: PipelineOptions = {}) {
  const attempt = opts.attempt ?? 1;
  const maxAttempts = opts.maxAttempts ?? 3;
  const classifier = opts.classifier ?? classifyTrial;
  const items = trials.map((trial) => ({
    trial,
    signals: failureSignalsSchema.parse(trial.signals),
    classification: classifier(trial),
  }));
  const classifications = items.map((i) => i.classification);
  const directives = classifications
    .filter((c) => c.failed)
    .map((c) => retryDirectiveFor(c, attempt, maxAttempts));
  return { items, taxonomy: rollup(classifications), directives };
}

function pickSaved(saved: SavedDeath): SavedDeath {
  const out: SavedDeath = { id: saved.id, occurrence_of: saved.occurrence_of, layer: saved.layer };
  if (saved.message !== undefined) out.message = saved.message;
  if (saved.status !== undefined) out.status = saved.status;
  return out;
}
