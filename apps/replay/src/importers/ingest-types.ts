import type {
  Attribution,
  EvidenceLine,
  FailureCode,
  FailureSignals,
  HarnessCause,
} from "@fak/taxonomy";

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
  /** True when the agent never got to work (its install or start failed): counted apart. */
  setup_failure?: boolean;
  /** True when the trial's failure is not the agent's doing (provider outage, harness bug): its classification's attribution is `harness`. */
  harness_error?: boolean;
  meta: {
    last_failing_step?: string;
    failing_test?: string;
    first_assertion?: string;
    /** The plan the agent stated in its own words (its first stated plan, trimmed). */
    plan?: string;
    /** The task's instruction as the agent was given it (trimmed, capped): what the task asks. */
    instruction?: string;
  };
  /** The trial folder on disk. */
  path?: string;
  /** Which attempt of the task this trial was (1-based): tb's K-of-N, Harbor's order within a task. */
  attempt?: number;
  /** The harness's reward (Harbor), when it recorded one. */
  reward?: number | null;
  /** Every named reward, when the harness recorded more than one (Harbor's reward.json keys). */
  rewards?: Record<string, number>;
  /** When the trial started (Harbor `started_at`), to order attempts of one task. */
  started_at?: string;
  /** Optional files that were damaged or refused (the trial was still read). */
  notes?: string[];
}

/**
 * The one class each trial of a run is counted in: `passed`; `failed` (the agent's or its
 * setup's, with a category); `harness` (the harness or provider failed: kept apart, never
 * scored); `incomplete` (no verdict: the trial was still being written, or its result was lost).
 */
export type TrialClass = "passed" | "failed" | "harness" | "incomplete";

/**
 * Every trial a run lists (in its own result files) or holds a folder for, counted once:
 * `listed = passed + failed + harness + incomplete`.
 */
export interface RunCounts {
  listed: number;
  passed: number;
  failed: number;
  harness: number;
  incomplete: number;
}

/** A trial's verdict as the job's own result file lists it (Harbor's job result.json, tb's results.json). */
export interface ListedVerdict {
  /** The trial's name as the job lists it. */
  trial: string;
  task: string;
  passed: boolean;
  /** Harbor's reward bucket; null for tb, or a trial listed only under an exception. */
  reward: number | null;
  /** What the harness recorded when it did not pass (exception type, tb failure_mode). */
  cause?: HarnessCause;
  /** The file the verdict was read from, relative to the job folder. */
  file: string;
  /** The line of the job's log that recorded the failure, when the log gave the cause. */
  evidence?: EvidenceLine;
}

/** A trial that could not be read, and why. */
export interface SkippedTrial {
  job: string;
  trial: string;
  reason: string;
  /**
   * Set when the trial's folder exists but holds no verdict fak can read (its result file was
   * never written, was lost, or is damaged): what its other files still say. Such a trial is
   * incomplete, never a pass.
   */
  incomplete?: IncompleteTrial;
  /** How the trial is counted: by the job's own verdict (`verdict`), else `incomplete`. */
  counted_as?: TrialClass;
  /** The job's own verdict on the trial, when its result file lists one (its folder is missing or unreadable). */
  verdict?: ListedVerdict;
}

/** What a trial without a verdict still tells: its identity and, where found, why it stopped. */
export interface IncompleteTrial {
  /** The task, from the trial's own config (absent when no file names it). */
  task?: string;
  /** The trial's name as its own files give it (else its folder name). */
  trial_id?: string;
  /** The line that says why it stopped: exception.txt's last line, or the log's last error. */
  evidence?: { file: string; line?: number; text: string };
  /**
   * Why it went wrong as far as its agent and verifier files tell, when it has any (its verifier
   * output, its commands); never a pass or a failure in the counts, since the harness recorded no
   * verdict (an agent can write a reward file; only Harbor's own result decides).
   */
  judged?: {
    category: FailureCode;
    reason: string;
    attribution: Attribution;
    decided_by?: EvidenceLine;
  };
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

/**
 * The harness's own headline for a job, exactly as the harness computes it: Harbor's mean reward
 * (a missing reward counts 0) and trials with a reward above 0; tb's accuracy (resolved over all
 * results). `source` says whether it was read from the job's own result file or, when that file
 * has none, computed from the trials the same way.
 */
export type HarnessHeadline =
  | {
      harness: "harbor";
      source: "result.json" | "trials";
      mean_reward: number | null;
      n_trials: number;
      n_passed: number;
      n_errored: number;
    }
  | {
      harness: "tb";
      source: "results.json" | "trials";
      accuracy: number | null;
      n_resolved: number;
      n_unresolved: number;
    };

/** One job (Harbor) or run (tb) folder after import. */
export interface IngestRun {
  harness: HarnessKind;
  path: string;
  job: string;
  /** The agent and model that ran the job (its first trial's, when trials differ). */
  agent?: string;
  model?: string;
  /** The harness's own headline, beside fak's counts and `agent_pass_rate`. */
  headline?: HarnessHeadline;
  /** fak's pass rate, the same figure as `pass_rate`. */
  agent_pass_rate?: number | null;
  /** Every trial of the run in exactly one class (see `RunCounts`): the numbers every view shows. */
  counts: RunCounts;
  /** Failed trials by attribution: the agent's own, setup (never got to work), harness. */
  attribution_counts?: { agent: number; setup: number; harness: number };
  /** Trials read from their own folders (the whole run is `counts`), by the harness's status. */
  trials: number;
  passes: number;
  failures: number;
  errors: number;
  /** Trials read from their folders that ended in a harness error (the whole run's: `counts.harness`). */
  harness_errors: number;
  /**
   * fak's pass rate: counts.passed / (counts.listed − counts.harness). Harness errors are not the
   * agent's; an incomplete trial counts as not passed, so a lost result never raises it.
   */
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
  /** Read only these trial folders of the job (by folder name); the rest are left out. */
  trials?: readonly string[];
}

/**
 * Tell a skipped trial from a read one in an importer's stream.
 * @example for await (const item of ingestHarbor(dir)) if (isSkipped(item)) console.warn(item.reason);
 */
export function isSkipped(item: IngestItem): item is SkippedTrial {
  return !("signals" in item);
}
