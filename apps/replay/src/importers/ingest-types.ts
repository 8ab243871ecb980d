import type { FailureSignals, HarnessCause } from "@fak/taxonomy";

export type HarnessKind = "harbor" | "tb";

/** A cause the harness itself recorded, mapped into the closed vocabulary (see `mapHarnessCause`). */
export type { HarnessCause } from "@fak/taxonomy";

/** One trial of a real harness run, turned into the signals fak classifies. */
export interface IngestedTrial {
  harness: HarnessKind;
  job: string;
  trial_id: string;
  task: string;
  agent?: string;
  model?: string;
  status: "passed" | "failed" | "errored";
  signals: FailureSignals;
  harness_cause?: HarnessCause;
  /** True when the trial's failure is not the agent's doing (provider outage, harness bug): its classification's attribution is `harness`. */
  harness_error?: boolean;
  meta: { last_failing_step?: string; failing_test?: string; first_assertion?: string };
  /** The trial folder on disk. */
  path?: string;
  /** Which attempt of the task this trial was (1-based): tb's K-of-N, Harbor's order within a task. */
  attempt?: number;
  /** The harness's reward (Harbor), when it recorded one. */
  reward?: number | null;
  /** Optional files that were damaged or refused (the trial was still read). */
  notes?: string[];
}

/** A trial that could not be read, and why. */
export interface SkippedTrial {
  job: string;
  trial: string;
  reason: string;
}

/** What the job's own result files claim, to compare with what was read. */
export interface ExpectedCounts {
  trials?: number;
  passes?: number;
  errors?: number;
  unresolved?: number;
  /** Trial names the job's result files list (to spot listed trials whose folder is missing). */
  listed?: number;
}

/** One job (Harbor) or run (tb) folder after import. */
export interface IngestRun {
  harness: HarnessKind;
  path: string;
  job: string;
  trials: number;
  passes: number;
  failures: number;
  errors: number;
  /** Trials that ended in a harness error (not the agent's fault); kept out of `pass_rate`. */
  harness_errors: number;
  /** passes / (trials - harness_errors): the agent is only scored on trials it actually ran. */
  pass_rate: number | null;
  skipped: SkippedTrial[];
  expected?: ExpectedCounts;
  /** Job-level files that were damaged (the trials were still read). */
  notes?: string[];
}

export type IngestItem = IngestedTrial | SkippedTrial;

/** Options every importer takes. */
export interface IngestOptions {
  /** Called after each trial folder (read or skipped); `total` is known once the job is listed. */
  onProgress?(done: number, total: number): void;
}

/**
 * Tell a skipped trial from a read one in an importer's stream.
 * @example for await (const item of ingestHarbor(dir)) if (isSkipped(item)) console.warn(item.reason);
 */
export function isSkipped(item: IngestItem): item is SkippedTrial {
  return !("signals" in item);
}
