import { join } from "node:path";
import {
  type EvidenceLine,
  type ScreenSignal,
  type TestResult,
  type TrialSignals,
  tbModeRecordsFailure,
} from "@fak/taxonomy";
import { noted, pathKind } from "../../files/fs-safe.js";
import { screenSegments } from "../harbor/screens.js";
import { causeFromHarness, causeFromTbFailureMode } from "../harness-causes.js";
import { readTrialResult } from "../ingest-stream.js";
import type { IncompleteTrial, IngestedTrial, SkippedTrial } from "../ingest-types.js";
import { instructionOf } from "../instruction.js";
import type { TrialFolder } from "../job-listing.js";
import { ERROR_LINE, lastLine } from "../last-line.js";
import {
  buildMeta,
  buildSignals,
  judgedIncomplete,
  markAttribution,
  statusOf,
} from "../trial-signals.js";
import { notRunVerdict } from "../verifier/not-run.js";
import { scanText } from "../verifier/scan.js";
import { readNumbered } from "../verifier-output.js";
import { type AgentLogReading, readAgentLog } from "./agent-log.js";
import { readAgentCast, readCastText } from "./cast.js";
import { countEpisodes } from "./episodes.js";
import { neverAnswered } from "./never-answered.js";
import { BARELY_RAN_STEPS, type TbPhases } from "./phases.js";
import { type TbTrialResult, tbTrialResultSchema } from "./schemas.js";

/** Run-level facts a trial falls back on. */
export interface TbRunContext {
  job: string;
  agent?: string;
  model?: string;
}

/**
 * Read one tb trial folder (`<task>.K-of-N[.<run_id>]`) into an IngestedTrial, or say why it
 * was skipped. `is_resolved: true` is a pass even when `failure_mode` says the agent timed out.
 * @example await readTbTrial("runs/r1/hello-world/hello-world.1-of-1.r1", { job: "r1" });
 */
export async function readTbTrial(
  dir: string,
  name: string,
  ctx: TbRunContext,
  listed?: Pick<TrialFolder, "id" | "note" | "rel">,
): Promise<IngestedTrial | SkippedTrial> {
  const skip = (reason: string): SkippedTrial => ({ job: ctx.job, trial: name, reason });
  const read = await readTrialResult(join(dir, "results.json"), tbTrialResultSchema, "tb");
  if (read.ok) return readTrial(dir, name, ctx, read.value, listed);
  // No verdict to read (never written, cut short or damaged): what the other files still say,
  // and, when its sessions were written, why it went wrong as far as they tell (never a pass
  // or a failure in the counts: tb recorded no verdict).
  const incomplete = await thinTbTrial(dir, name, listed);
  if (!(await hasSessions(dir))) return { ...skip(read.reason), incomplete };
  const judged = judgedIncomplete((await readTrial(dir, name, ctx, {}, listed)).signals);
  return { ...skip(read.reason), incomplete: { ...incomplete, judged } };
}

/** Whether a tb trial folder holds its agent's or its tests' session (something to judge). */
async function hasSessions(dir: string): Promise<boolean> {
  for (const f of ["agent.log", "agent.cast", "tests.log", "tests.cast"])
    if ((await pathKind(join(dir, "sessions", f))) === "file") return true;
  return false;
}

/** A trial from its results.json (or, for a folder without one, an empty stand-in). */
async function readTrial(
  dir: string,
  name: string,
  ctx: TbRunContext,
  result: TbTrialResult,
  listed?: Pick<TrialFolder, "id" | "note" | "rel">,
): Promise<IngestedTrial> {
  const notes: string[] = listed?.note ? [listed.note] : [];
  const passed = result.is_resolved === true;
  const cause = causeFromTbFailureMode(result.failure_mode);
  const tests = testsOf(result);
  const log = await readSession(dir, notes);
  // An agent whose pane log shows no step numbers (terminus) still left one folder per turn.
  if (log && log.phases.steps === 0) log.phases.steps = await countEpisodes(dir);
  const outcomes = log?.outcomes ?? [];
  // Agents that log no exit codes (tb's terminus) leave the screen they ended on.
  const screens = outcomes.length ? [] : await noted(notes, () => paneScreens(dir));
  const testsLog = passed
    ? undefined
    : await noted(notes, async () =>
        (await pathKind(join(dir, "sessions", "tests.log"))) === "missing"
          ? readCastText(dir, "sessions/tests.cast")
          : readNumbered(dir, "sessions/tests.log"),
      );
  const scan = testsLog ? scanText(testsLog) : undefined;
  const failure = scan?.lines ?? [];
  const assertion = failure[0]?.text ?? tests.find((t) => !t.passed)?.name;
  const trialId = listed?.id ?? (result.trial_name || name);
  const signals = buildSignals({ taskId: trialId, passed, tests, outcomes });
  signals.trial = trialSignals(result, passed, tests, failure, testsLog !== undefined, log?.phases);
  // The provider refused the agent and the session ended there: the harness's side, whatever
  // tb's failure_mode guessed (an agent error that defers to the tests included). The line is
  // text the agent's session can print, so beside a failing test it decides nothing.
  const testsFailed = failure.length > 0 || tests.some((x) => !x.passed);
  const refused =
    passed || testsFailed || log?.phases.submitted ? undefined : log?.phases.providerFailure;
  const providerCause = refused ? causeFromHarness("ProviderError", refused.text) : undefined;
  if (refused && providerCause && (!cause || cause.defer)) {
    signals.trial.cause = { name: "ProviderError", message: refused.text, file: refused.file };
    if (refused.line !== undefined) signals.trial.cause.line = refused.line;
  }
  // The agent errored before its model ever answered: it never worked on the task.
  const silent = refused ? undefined : await neverAnswered(dir, result, outcomes.length);
  const silentCause = silent ? causeFromHarness("AgentNeverAnswered", silent) : undefined;
  if (silent)
    signals.trial.cause = { name: "AgentNeverAnswered", message: silent, file: "results.json" };
  if (scan?.notRun && signals.trial.verifier) {
    const agentText = outcomes.map((o) => o.command ?? "").join("\n");
    signals.trial.verifier.not_run = notRunVerdict(
      scan.notRun,
      agentText.slice(0, 2 * 1024 * 1024),
    );
  }
  signals.trial.screens = screens ?? [];
  const trial: IngestedTrial = {
    harness: "tb",
    job: ctx.job,
    trial_id: trialId,
    task: result.task_id || taskOfFolder(name, listed?.rel),
    status: statusOf(passed, cause),
    signals,
    meta: buildMeta(outcomes, tests, assertion),
    path: dir,
  };
  const attempt = attemptOf(name);
  if (attempt !== undefined) trial.attempt = attempt;
  if (log?.plan !== undefined) trial.meta.plan = log.plan;
  const instruction = instructionOf(result.instruction ?? undefined);
  if (instruction !== undefined) trial.meta.instruction = instruction;
  if (ctx.agent) trial.agent = ctx.agent;
  if (ctx.model) trial.model = ctx.model;
  const recorded =
    silentCause ?? (providerCause && (!cause || cause.defer) ? providerCause : cause);
  if (recorded) trial.harness_cause = recorded;
  trial.status = statusOf(passed, recorded);
  markAttribution(trial);
  if (notes.length) trial.notes = notes;
  return trial;
}

/**
 * The agent's session: sessions/agent.log, else (a run kept only its recordings) the output
 * events of sessions/agent.cast, read as the same terminal text.
 */
async function readSession(dir: string, notes: string[]): Promise<AgentLogReading | undefined> {
  const logFile = join(dir, "sessions", "agent.log");
  const castFile = join(dir, "sessions", "agent.cast");
  const useCast = (await pathKind(logFile)) === "missing" && (await pathKind(castFile)) === "file";
  const file = useCast ? castFile : logFile;
  const log = await noted(notes, () => (useCast ? readAgentCast(file) : readAgentLog(file)));
  if (log?.truncated) notes.push(`${file}: only the first part was scanned`);
  return log;
}

/**
 * The task a trial without a `task_id` ran: the task folder it sits in (`<task>/<trial>`), else
 * its folder name without tb's `.K-of-N[.<run>]`.
 */
function taskOfFolder(name: string, rel: string | undefined): string {
  const parts = rel?.split(/[\\/]/) ?? [];
  if (parts.length >= 2 && parts[0]) return parts[0];
  return name.replace(/\.\d+-of-\d+(?:\..*)?$/, "");
}

/**
 * A tb trial folder without results.json: its name and task from the folder it sits in, and
 * why it stopped from the last error line of its agent log, where there is one.
 */
async function thinTbTrial(
  dir: string,
  name: string,
  listed: Pick<TrialFolder, "id" | "rel"> | undefined,
): Promise<IncompleteTrial> {
  const out: IncompleteTrial = {
    trial_id: listed?.id ?? name,
    task: taskOfFolder(name, listed?.rel),
  };
  const evidence = await lastLine(dir, "sessions/agent.log", ERROR_LINE);
  if (evidence) out.evidence = evidence;
  return out;
}

/** parser_results: one entry per test, `passed` or `failed` (other statuses are not verdicts). */
function testsOf(result: TbTrialResult): TestResult[] {
  const tests: TestResult[] = [];
  for (const [name, status] of Object.entries(result.parser_results ?? {})) {
    if (status === "passed" || status === "failed") {
      tests.push({ name, passed: status === "passed", source: "results.json:parser_results" });
    }
  }
  return tests;
}

/**
 * The K of a `<task>.K-of-N[.<run>]` folder name; undefined when the name has none (the
 * attempts of a task are then numbered by `numberAttempts`).
 */
function attemptOf(name: string): number | undefined {
  const k = /\.(\d+)-of-\d+(?:\.|$)/.exec(name)?.[1];
  return k ? Math.max(1, Number(k)) : undefined;
}

/** What a careful reader of the trial's files would look at: the verdict, the mode, the log's phases, the tests. */
function trialSignals(
  result: TbTrialResult,
  passed: boolean,
  tests: TestResult[],
  failure: EvidenceLine[],
  testsRan: boolean,
  phases: TbPhases | undefined,
): TrialSignals {
  const t: TrialSignals = { harness: "tb", passed, screens: [] };
  if (tbModeRecordsFailure(result.failure_mode))
    t.cause = { name: result.failure_mode, file: "results.json" };
  const failed = tests.filter((x) => !x.passed).length;
  t.verifier = {
    ran: testsRan || tests.length > 0,
    failure,
    tests_passed: tests.length - failed,
    tests_failed: failed,
  };
  if (!phases) return t;
  const agent: NonNullable<TrialSignals["agent"]> = {
    steps: phases.steps,
    submitted: phases.submitted,
  };
  if (phases.cutOff) agent.cut_off = phases.cutOff;
  if (phases.contextOverflow) agent.context_overflow = phases.contextOverflow;
  t.agent = agent;
  const barelyRan = phases.cutOff !== undefined && phases.steps < BARELY_RAN_STEPS;
  if (phases.notStarted || barelyRan) {
    t.setup = { ran: false, log: phases.installFailures };
    if (phases.notStarted) t.setup.failure = phases.notStarted;
  } else {
    t.setup = { ran: true, log: [] };
  }
  return t;
}

/** The agent's last screen (panes/post-agent.txt), one screen per command on it. */
async function paneScreens(dir: string): Promise<ScreenSignal[]> {
  const pane = await readNumbered(dir, "panes/post-agent.txt");
  if (!pane) return [];
  return screenSegments(pane.text).map((seg) => ({
    command: seg.command.slice(0, 2000),
    text: seg.text.slice(-4096),
    file: pane.file,
  }));
}
