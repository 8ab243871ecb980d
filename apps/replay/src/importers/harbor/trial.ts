import { join } from "node:path";
import type { CommandOutcome } from "@fak/taxonomy";
import { noted, pathKind, readFileSafe } from "../fs-safe.js";
import { causeFromHarness } from "../harness-causes.js";
import { budgetFrom, buildMeta, buildSignals, makeOutcome, statusOf } from "../ingest-common.js";
import { readTrialResult } from "../ingest-stream.js";
import type { HarnessCause, IngestedTrial, SkippedTrial } from "../ingest-types.js";
import { readCommandDirs } from "./command-dirs.js";
import { readEpisodes } from "./episodes.js";
import { type HarborTrialResult, harborTrialResultSchema } from "./schemas.js";
import { commandsInTrajectory, outcomesFromTrajectory, planFromTrajectory } from "./trajectory.js";
import { readVerifier } from "./verifier.js";

/** Job-level facts a trial may fall back on. */
export interface HarborJobContext {
  job: string;
  budgetTurns?: number;
}

/**
 * Read one Harbor trial folder into an IngestedTrial, or say why it was skipped
 * (no result.json: the trial was interrupted; a damaged or wrong-typed result.json).
 * @example const t = await readHarborTrial("jobs/2026-01-01__00-00-00", "fix-git__a1", { job: "2026-01-01__00-00-00" });
 */
export async function readHarborTrial(
  jobDir: string,
  name: string,
  ctx: HarborJobContext,
): Promise<IngestedTrial | SkippedTrial> {
  const dir = join(jobDir, name);
  const skip = (reason: string): SkippedTrial => ({ job: ctx.job, trial: name, reason });
  const read = await readTrialResult(join(dir, "result.json"), harborTrialResultSchema, "Harbor");
  if (!read.ok) return skip(read.reason);
  const result = read.value;
  const notes: string[] = [];
  const cause = await causeOf(dir, result, notes);
  const verifier = await readVerifier(dir, result);
  notes.push(...verifier.notes);
  const passed = verifier.reward !== undefined && verifier.reward > 0;
  if (verifier.reward === undefined && !cause)
    notes.push(`${dir}: no reward recorded (counted as failed)`);
  const { outcomes, issued, plan } = await readAgentOutcomes(join(dir, "agent"), notes, cause);
  const agentConfig = result.config?.agent;
  const trialId = result.trial_name || name;
  const signals = buildSignals({
    taskId: trialId,
    passed,
    tests: verifier.tests,
    outcomes,
    issued,
    budgetTurns: budgetFrom(agentConfig?.kwargs) ?? ctx.budgetTurns,
  });
  const trial: IngestedTrial = {
    harness: "harbor",
    job: ctx.job,
    trial_id: trialId,
    task: result.task_name || result.config?.task?.path || name.replace(/__[^_]+$/, ""),
    status: statusOf(passed, cause),
    signals,
    meta: buildMeta(outcomes, verifier.tests, verifier.assertion),
  };
  const agent = result.agent_info?.name || agentConfig?.name || agentConfig?.import_path;
  if (agent) trial.agent = agent;
  const model = agentConfig?.model_name || result.agent_info?.model_info?.name;
  if (model) trial.model = model;
  if (cause) {
    trial.harness_cause = cause;
    trial.harness_error = !cause.agent_fault;
  }
  if (plan !== undefined) trial.meta.plan = plan;
  if (notes.length) trial.notes = notes;
  return trial;
}

/** exception_info from result.json, else the last line of exception.txt (`Name: message`). */
async function causeOf(
  dir: string,
  result: HarborTrialResult,
  notes: string[],
): Promise<HarnessCause | undefined> {
  const info = result.exception_info;
  if (info) return causeFromHarness(info.exception_type, info.exception_message ?? undefined);
  const file = join(dir, "exception.txt");
  if ((await pathKind(file)) === "missing") return undefined;
  const text = await noted(notes, () => readFileSafe(file, { maxBytes: 16 * 1024, tail: true }));
  const last = text?.text.trim().split("\n").pop()?.trim();
  if (!last) return undefined;
  const m = /^([A-Za-z_][\w.]*)(?::\s*(.*))?$/.exec(last);
  return m?.[1]
    ? causeFromHarness(m[1].split(".").pop() ?? m[1], m[2])
    : causeFromHarness("exception", last);
}

/**
 * The agent's commands from wherever it left them: an ATIF trajectory, per-episode tool
 * results, or command-N folders (the first source that yields any outcome). A command the
 * harness cut off with a timeout becomes a timed-out outcome. `issued` also counts the
 * commands whose exit code nobody recorded.
 */
async function readAgentOutcomes(
  agentDir: string,
  notes: string[],
  cause: HarnessCause | undefined,
): Promise<{ outcomes: CommandOutcome[]; issued: number; plan?: string }> {
  let issued = 0;
  let plan: string | undefined;
  const withPlan = <T extends object>(r: T) => (plan === undefined ? r : { ...r, plan });
  const trajectory = await noted(notes, () => readFileSafe(join(agentDir, "trajectory.json")));
  if (trajectory) {
    try {
      const doc: unknown = JSON.parse(trajectory.bytes.toString("utf8"));
      const outcomes = outcomesFromTrajectory(doc);
      issued = commandsInTrajectory(doc);
      plan = planFromTrajectory(doc);
      if (outcomes.length) return withPlan({ outcomes, issued });
    } catch (err) {
      notes.push(`${join(agentDir, "trajectory.json")}: invalid JSON (${(err as Error).message})`);
    }
  }
  const episodes = await readEpisodes(join(agentDir, "episodes"), notes);
  const outcomes = episodes.outcomes;
  if (episodes.pending && cause?.category === "TIMEOUT") {
    outcomes.push(makeOutcome({ ...episodes.pending, exitCode: 0, timedOut: true }));
  }
  issued = Math.max(issued, episodes.issued);
  plan ??= episodes.plan;
  if (outcomes.length) return withPlan({ outcomes, issued });
  return withPlan({ outcomes: await readCommandDirs(agentDir, notes), issued });
}
