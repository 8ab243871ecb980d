import { retryDirectiveFor } from "@fak/retry";
import {
  classify,
  type FailureClassification,
  type FailureTaxonomy,
  failureSignalsSchema,
  type RetryDirective,
  rollup,
  taskFailed,
} from "@fak/taxonomy";
import { classifyHarnessCause } from "../importers/harness-causes.js";
import { type DeathRow, deathRowFor } from "./death-row.js";
import type { Trial } from "./trial.js";

/** The part of a `@fak/memory` store the pipeline uses (an `openStore` result fits it). */
export interface DeathStore {
  record(row: DeathRow): Promise<SavedDeath>;
  priorArt(task: string, opts?: { maxTokens?: number }): Promise<{ ids: number[]; text: string }>;
}

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
  /** Classifies one trial; default `classifyPipelineTrial`. */
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
  const judged = judgeTrials(trials, opts);
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
  const tasks = [
    ...new Set(judged.items.map(({ trial, signals }) => trial.meta?.task ?? signals.task_id)),
  ];
  const cap = opts.priorArtTokens === undefined ? undefined : { maxTokens: opts.priorArtTokens };
  result.prior_art = [];
  for (const task of tasks) {
    const art = await store.priorArt(task, cap);
    result.prior_art.push({ task, ids: art.ids, text: art.text });
  }
  return result;
}

/**
 * The synchronous half of the pipeline: classifications, taxonomy and retry directives.
 * @example judgeTrials([{ signals: { task_id: "a", arm: { task_success: true } } }]).taxonomy.failure_count // 0
 */
export function judgeTrials(trials: readonly Trial[], opts: PipelineOptions = {}) {
  const attempt = opts.attempt ?? 1;
  const maxAttempts = opts.maxAttempts ?? 3;
  const classifier = opts.classifier ?? classifyPipelineTrial;
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

/**
 * `classify(signals)`: a real trial's signals carry their trial-level part (harness verdict and
 * cause, setup, verifier, screens), which the taxonomy judges as a whole. Signals without one
 * fall back on the harness cause in `meta` first, as before.
 * @example classifyPipelineTrial({ signals: { task_id: "a", arm: { task_success: true } } }).category // "NONE"
 */
export function classifyPipelineTrial(trial: Trial): FailureClassification {
  const cause = trial.meta?.harness_cause;
  const signals = failureSignalsSchema.parse(trial.signals);
  if (cause && !signals.trial && taskFailed(signals))
    return classifyHarnessCause(signals.task_id, cause);
  return classify(signals);
}

function pickSaved(saved: SavedDeath): SavedDeath {
  const out: SavedDeath = { id: saved.id, occurrence_of: saved.occurrence_of, layer: saved.layer };
  if (saved.message !== undefined) out.message = saved.message;
  if (saved.status !== undefined) out.status = saved.status;
  return out;
}
