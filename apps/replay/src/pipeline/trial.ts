import type { FailureSignalsInput } from "@fak/taxonomy";
import type { HarnessCause, IngestedTrial } from "../importers/ingest-types.js";

/** Who ran a trial and where it went wrong: what a death row is written from. */
export interface TrialMeta {
  agent?: string;
  model?: string;
  harness?: string;
  /** The job (Harbor) or run (tb) folder the trial belongs to; a fixture replay's benchmark. */
  job?: string;
  trial_id?: string;
  /** Which attempt of the task this trial was (1-based); default the pipeline's `attempt`. */
  attempt?: number;
  /** `simulated` for a fixture replay (SIMULATED_LOCAL_FIXTURE); real harness trials leave it out. */
  evidence?: "simulated";
  /** The plan the agent stated, in its own words (the importers' `meta.plan`). */
  plan?: string;
  /** The task as a next run would describe it; prior art is searched with it. */
  task?: string;
  /** What the task asks, in its own instruction (the importers' `meta.instruction`). */
  instruction?: string;
  /** The last command that failed (or was blocked), verbatim. */
  last_failing_step?: string;
  failing_test?: string;
  first_assertion?: string;
  /** What the harness itself recorded (an importer's mapping of its exception or failure mode). */
  harness_cause?: HarnessCause;
}

/** One task attempt for the pipeline: its signals and, optionally, who ran it. */
export interface Trial {
  signals: FailureSignalsInput;
  meta?: TrialMeta;
}

/**
 * A Harbor or tb trial from the importers, as a pipeline trial.
 * @example await runPipeline(agentTrials(trials).map(trialFromIngested), { store, record: true })
 */
export function trialFromIngested(t: IngestedTrial): Trial {
  const meta: TrialMeta = {
    harness: t.harness,
    job: t.job,
    trial_id: t.trial_id,
    task: t.task,
    ...t.meta,
  };
  if (t.attempt !== undefined) meta.attempt = t.attempt;
  if (t.agent !== undefined) meta.agent = t.agent;
  if (t.model !== undefined) meta.model = t.model;
  if (t.harness_cause !== undefined) meta.harness_cause = t.harness_cause;
  return { signals: t.signals, meta };
}

/**
 * The text a memory row keeps as its task, and prior art is searched with: the task's name and,
 * when known, what its instruction asks, so that "red black tree" finds the rbtree failure.
 * @example taskText({ task: "rbtree", instruction: "Implement a red-black tree" }, "t__1") // "rbtree: Implement a red-black tree"
 */
export function taskText(meta: TrialMeta, taskId: string): string {
  const task = meta.task ?? taskId;
  return meta.instruction ? `${task}: ${meta.instruction}` : task;
}
