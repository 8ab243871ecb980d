import type { FailureCode, FailureSignalsInput } from "@fak/taxonomy";

/** A cause the harness itself recorded, as the importers map it (see harness-causes.ts). */
export interface TrialHarnessCause {
  category: FailureCode;
  reason: string;
  name: string;
  message?: string;
  /** False for provider outages and harness errors, which never count against the agent. */
  agent_fault: boolean;
}

/** Who ran a trial and where it went wrong: what a death row is written from. */
export interface TrialMeta {
  agent?: string;
  model?: string;
  harness?: string;
  trial_id?: string;
  /** The task as a next run would describe it; prior art is searched with it. */
  task?: string;
  /** The last command that failed (or was blocked), verbatim. */
  last_failing_step?: string;
  failing_test?: string;
  first_assertion?: string;
  harness_cause?: TrialHarnessCause;
}

/** One task attempt for the pipeline: its signals and, optionally, who ran it. */
export interface Trial {
  signals: FailureSignalsInput;
  meta?: TrialMeta;
}
