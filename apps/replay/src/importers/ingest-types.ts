import type { FailureCode, FailureSignals } from "@fak/taxonomy";

export type HarnessKind = "harbor" | "tb";

/**
 * A cause the harness itself recorded (an exception, a failure mode), mapped into the closed
 * vocabulary. `name` keeps the harness's own word; `agent_fault` is false for outages and
 * harness errors, which never count against the agent.
 */
export interface HarnessCause {
  category: FailureCode;
  reason: string;
  name: string;
  message?: string;
  agent_fault: boolean;
}

/** One trial of a real harness run, turned into the signals fak classifies. */
export interface IngestedTrial {
  harness: HarnessKind;
  job: string;
  trial_id: string;
  /** Which attempt of the task this trial was (1-based), where the harness says. */
  attempt?: number;
  task: string;
  agent?: string;
  model?: string;
  status: "passed" | "failed" | "errored";
  signals: FailureSignals;
  harness_cause?: HarnessCause;
  /** True when the harness cause is not the agent's doing (provider outage, harness bug). */
  harness_error?: boolean;
  meta: {
    last_failing_step?: string;
    failing_test?: string;
    first_assertion?: string;
    /** The plan the agent stated in its own words (its first stated plan, trimmed). */
    plan?: string;
  };
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
