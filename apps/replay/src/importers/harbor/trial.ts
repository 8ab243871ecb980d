import { join } from "node:path";
import type {
  CommandOutcome,
  EvidenceLine,
  FailureSignals,
  HarnessCauseSignal,
  TrialSignals,
} from "@fak/taxonomy";
import { listSubdirs, noted, pathKind, readFileSafe } from "../../files/fs-safe.js";
import { budgetFrom, CONTEXT_OVERFLOW } from "../budget.js";
import { causeFromHarness } from "../harness-causes.js";
import { readTrialResult } from "../ingest-stream.js";
import type {
  HarnessCause,
  IncompleteTrial,
  IngestedTrial,
  SkippedTrial,
} from "../ingest-types.js";
import { instructionFromRequest, instructionFromTrajectory } from "../instruction.js";
import type { TrialFolder } from "../job-listing.js";
import { lastLine } from "../last-line.js";
import { makeOutcome } from "../outcomes.js";
import {
  buildMeta,
  buildSignals,
  judgedIncomplete,
  markAttribution,
  statusOf,
} from "../trial-signals.js";
import { notRunVerdict } from "../verifier/not-run.js";
import { findLine, readNumbered } from "../verifier-output.js";
import { readAgentCliLog } from "./agent-cli-log.js";
import { agentSetupFailure, EXCEPTION_LINE } from "./agent-setup.js";
import { readCommandDirs } from "./command-dirs.js";
import { readEpisodes } from "./episodes.js";
import { readOracleLog } from "./oracle-log.js";
import { type HarborTrialResult, harborTrialResultSchema } from "./schemas.js";
import { screensOf, type TrajectoryEnd } from "./screens.js";
import { thinTrial } from "./thin-trial.js";
import { commandsInTrajectory, outcomesFromTrajectory, planFromTrajectory } from "./trajectory.js";
import { readTrajectoryChain, type TrajectorySegment } from "./trajectory-chain.js";
import { trialIdentity } from "./trial-files.js";
import { headlineReward, readVerifier, recordedRewards } from "./verifier.js";

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
  listed?: Pick<TrialFolder, "id" | "note">,
): Promise<IngestedTrial | SkippedTrial> {
  const dir = join(jobDir, name);
  const skip = (reason: string): SkippedTrial => ({ job: ctx.job, trial: name, reason });
  const read = await readTrialResult(join(dir, "result.json"), harborTrialResultSchema, "Harbor");
  if (read.ok) return readTrial(dir, name, ctx, read.value, listed);
  // No result.json (never written, cut short or damaged): what the other files still say.
  const incomplete = await thinTrial(dir, listed?.id);
  const thin: HarborTrialResult = { verifier_result: null };
  if (incomplete.trial_id) thin.trial_name = incomplete.trial_id;
  if (incomplete.task) thin.task_name = incomplete.task;
  // Harbor's own log line "Trial NAME failed: MESSAGE" records a failure: judged from the files
  // (only when there is no result.json at all: one being written, or damaged, is no verdict yet).
  const missing = (await pathKind(join(dir, "result.json"))) === "missing";
  // exception.txt is Harbor's own record too, when that exception ended the trial.
  const logged = missing
    ? ((await loggedFailure(dir, incomplete.trial_id ?? name)) ?? (await endingException(dir)))
    : undefined;
  if (logged) return readTrial(dir, name, ctx, thin, listed, logged);
  if (!(await hasTrialWork(dir))) return { ...skip(read.reason), incomplete };
  // Else no verdict at all (incomplete), but why it went wrong as far as its files tell.
  const signals = (await readTrial(dir, name, ctx, thin, listed)).signals;
  const judged = interrupted(signals, incomplete) ?? judgedIncomplete(signals);
  return { ...skip(read.reason), incomplete: { ...incomplete, judged } };
}

/**
 * A trial the run stopped under the agent: no result, no exception, no failure logged, and no
 * verifier output, while the agent was at work (it had started: its setup did not fail). Its end
 * was the harness's (a killed job, a vanished process), not the agent's; what the agent had done
 * so far is not why it stopped, so a failed exploratory command mid-work is not its verdict.
 * A trial of a job still running looks the same (Harbor writes result.json last): `fak watch`
 * counts such trials only once the run has ended, and never shows this judgement.
 */
function interrupted(
  signals: FailureSignals,
  incomplete: IncompleteTrial,
): IncompleteTrial["judged"] | undefined {
  const t = signals.trial;
  if (!t || t.cause || t.verifier?.ran || t.setup?.ran === false) return undefined;
  const judged: NonNullable<IncompleteTrial["judged"]> = {
    category: "UNKNOWN",
    reason: "UNKNOWN:harness_error:interrupted",
    attribution: "harness",
  };
  if (incomplete.evidence) judged.decided_by = incomplete.evidence;
  return judged;
}

/** Whether a trial folder holds the agent's or the verifier's work (something to judge). */
async function hasTrialWork(dir: string): Promise<boolean> {
  for (const sub of ["agent", "verifier", "steps"])
    if ((await pathKind(join(dir, sub))) === "dir") return true;
  return false;
}

/**
 * Exceptions Harbor records while the agent runs and then goes on to verify (its `_run_agent`
 * catches AgentTimeoutError and the NonZeroAgentExitCodeError family): beside them a reward may
 * still come, so they end nothing on their own.
 */
const VERIFIED_AFTER =
  /^(?:AgentTimeoutError|NonZeroAgentExitCodeError|Api\w{0,40}Error|OutputTokenExceededError|ContextWindowExceededError|UnknownApiError|AgentSafetyRefusalError|AgentAuthenticationError|ModelNotFoundError|NetworkConnectionError)$/;
/** A traceback frame in the trial's set-up: what failed there ended the trial before the agent ran. */
const SETUP_FRAME =
  /, in (?:_prepare|_setup_agent|_setup_environment|_start_environment|install|setup)$/m;

/**
 * The exception exception.txt records, when it ended the trial (no verification came after):
 * any exception but those the agent's run may raise before its verifier still runs, or one of
 * those raised in the trial's set-up. Undefined when the file names no exception.
 */
async function endingException(dir: string): Promise<HarnessCauseSignal | undefined> {
  const text = await readNumbered(dir, "exception.txt").catch(() => undefined);
  if (!text?.text.split("\n").some((l) => EXCEPTION_LINE.test(l))) return undefined;
  const signal = await causeSignalOf(dir, { verifier_result: null }, []);
  if (!signal) return undefined;
  return !VERIFIED_AFTER.test(signal.name) || SETUP_FRAME.test(text.text) ? signal : undefined;
}

/** Harbor logs `Trial NAME failed: MESSAGE` in trial.log when a trial ends in an exception. */
async function loggedFailure(dir: string, name: string): Promise<HarnessCauseSignal | undefined> {
  const line = await lastLine(dir, "trial.log", /^Trial \S+ failed: /);
  if (!line) return undefined;
  const m = /^Trial (\S+) failed: (.*)$/.exec(line.text);
  if (!m?.[2] || (m[1] !== name && !name.startsWith(m[1] ?? ""))) return undefined;
  const signal: HarnessCauseSignal = { name: "TrialFailed", message: m[2], file: line.file };
  if (line.line !== undefined) signal.line = line.line;
  return signal;
}

/** A trial from its result (or, for a folder without one, what stands in for it). */
async function readTrial(
  dir: string,
  name: string,
  ctx: HarborJobContext,
  result: HarborTrialResult,
  listed?: Pick<TrialFolder, "id" | "note">,
  logged?: HarnessCauseSignal,
): Promise<IngestedTrial> {
  const notes: string[] = listed?.note ? [listed.note] : [];
  let causeSignal = logged ?? (await causeSignalOf(dir, result, notes));
  let cause = causeSignal ? causeFromHarness(causeSignal.name, causeSignal.message) : undefined;
  // The agent's set-up raised it: the agent never got to work.
  const setupFailed = causeSignal ? await agentSetupFailure(dir, notes) : undefined;
  const { agentRel, verifierRel } = await stepFolders(dir, result);
  const recorded = headlineReward(recordedRewards(result));
  const passed = recorded !== undefined && recorded > 0;
  const verifier = await readVerifier(dir, result, verifierRel, { evidence: !passed });
  notes.push(...verifier.notes);
  if (verifier.reward === undefined && !cause)
    notes.push(`${dir}: no reward recorded (counted as failed)`);
  const agentRead = await readAgentOutcomes(join(dir, agentRel), agentRel, notes, cause, !passed);
  const { outcomes, issued, plan } = agentRead;
  // An agent that ran no command of its own (Harbor's command-N folders that start an installed
  // agent are not counted as issued): how its CLI's log ended says whether it could work at all.
  const agentName = result.agent_info?.name || result.config?.agent?.name || undefined;
  const cli =
    !passed && !setupFailed && issued === 0 && !agentRead.toolCalls
      ? await readAgentCliLog(dir, agentRel, agentName, notes)
      : {};
  const testsFailed = verifier.failure.length > 0 || verifier.tests.some((x) => !x.passed);
  if (cli.error && (cli.event || !testsFailed) && (!cause || cause.defer)) {
    const refused = causeFromHarness("AgentCliError", cli.error.text);
    // Only a refusal the harness-cause rules name (a key, a model, a quota, an HTTP status).
    if (/:AgentCliError:(?:model_config|provider|http_\d+)$/.test(refused.reason)) {
      causeSignal = { name: "AgentCliError", message: cli.error.text, file: cli.error.file };
      if (cli.error.line !== undefined) causeSignal.line = cli.error.line;
      cause = refused;
    }
  }
  const agentConfig = result.config?.agent;
  const trialId = listed?.id ?? (result.trial_name || name);
  const signals = buildSignals({
    taskId: trialId,
    passed,
    tests: verifier.tests,
    outcomes,
    issued,
    budgetTurns: budgetFrom(agentConfig?.kwargs) ?? ctx.budgetTurns,
  });
  const failure = verifier.failure;
  const verifierSignal: NonNullable<TrialSignals["verifier"]> = {
    ran: verifier.ran,
    failure,
    tests_passed: verifier.tests.filter((t) => t.passed).length,
    tests_failed: verifier.tests.filter((t) => !t.passed).length,
  };
  // Only an output read in full can say no runner started (structured-only reads of a pass cannot).
  if (verifier.ran && !passed) verifierSignal.started = verifier.started;
  if (verifier.notRun)
    verifierSignal.not_run = notRunVerdict(verifier.notRun, agentText(agentRead));
  const trialSignals: TrialSignals = {
    harness: "harbor",
    passed,
    reward: verifier.reward ?? null,
    verifier: verifierSignal,
    screens: agentRead.end?.screens ?? [],
  };
  if (causeSignal) trialSignals.cause = causeSignal;
  if (setupFailed) trialSignals.setup = setupFailed;
  else if (cli.notStarted && (!cause || cause.defer))
    trialSignals.setup = { ran: false, failure: cli.notStarted, log: [] };
  const overflow = passed ? undefined : await contextOverflow(dir, causeSignal, notes);
  const end = agentRead.end;
  if (end || overflow) {
    trialSignals.agent = {};
    if (end) {
      trialSignals.agent.steps = end.steps;
      trialSignals.agent.submitted = end.submitted;
      if (end.midWork) trialSignals.agent.mid_work = true;
    }
    if (overflow) trialSignals.agent.context_overflow = overflow;
  }
  signals.trial = trialSignals;
  const trial: IngestedTrial = {
    harness: "harbor",
    job: ctx.job,
    trial_id: trialId,
    task: await taskOf(dir, name, result, notes),
    status: statusOf(passed, cause),
    signals,
    meta: buildMeta(outcomes, verifier.tests, failure[0]?.text ?? verifier.assertion),
    path: dir,
    reward: verifier.reward ?? null,
  };
  if (Object.keys(verifier.rewards).length > 1) trial.rewards = verifier.rewards;
  if (result.started_at) trial.started_at = result.started_at;
  const agent = result.agent_info?.name || agentConfig?.name || agentConfig?.import_path;
  if (agent) trial.agent = agent;
  const model = agentConfig?.model_name || result.agent_info?.model_info?.name;
  if (model) trial.model = model;
  if (cause) trial.harness_cause = cause;
  if (plan !== undefined) trial.meta.plan = plan;
  if (agentRead.instruction !== undefined) trial.meta.instruction = agentRead.instruction;
  markAttribution(trial);
  if (notes.length) trial.notes = notes;
  return trial;
}

/**
 * The task a trial ran: result.json's `task_name` or its config's task, else the trial's own
 * config.json; only when no file names it, the folder name without its `__<id>` (with a note).
 */
async function taskOf(
  dir: string,
  name: string,
  result: HarborTrialResult,
  notes: string[],
): Promise<string> {
  const task =
    result.task_name || result.config?.task?.path || result.config?.task?.name || undefined;
  if (task) return task;
  const own = (await trialIdentity(dir)).task;
  if (own) return own;
  notes.push(`${dir}: no file names the task; taken from the folder name`);
  return name.replace(/__[^_]+$/, "");
}

/** What the agent typed (its commands), to tell its own modules and tools from the environment's. */
function agentText(read: { outcomes: CommandOutcome[]; end?: TrajectoryEnd }): string {
  const parts = [
    ...read.outcomes.map((o) => o.command ?? ""),
    ...(read.end?.screens ?? []).map((s) => s.command ?? ""),
  ];
  return parts.join("\n").slice(0, 2 * 1024 * 1024);
}

/** exception_info from result.json, else exception.txt's exception line (`Name: message`). */
async function causeSignalOf(
  dir: string,
  result: HarborTrialResult,
  notes: string[],
): Promise<HarnessCauseSignal | undefined> {
  const info = result.exception_info;
  const file = join(dir, "exception.txt");
  const text =
    (await pathKind(file)) === "missing"
      ? undefined
      : await noted(notes, () => readNumbered(dir, "exception.txt"));
  const lines = text?.text.split("\n") ?? [];
  let lastIdx = lines.length - 1;
  while (lastIdx >= 0 && !lines[lastIdx]?.trim()) lastIdx--;
  // A traceback's exception line, whose message may go on over the lines after it (a command's
  // stdout and stderr): the last such line, else the file's last line.
  const named = lines.findLastIndex((l) => EXCEPTION_LINE.test(l));
  if (named >= 0) lastIdx = named;
  const last =
    lastIdx >= 0
      ? [lines[lastIdx]!.trim(), ...(named >= 0 ? lines.slice(named + 1, named + 30) : [])]
          .join("\n")
          .trim()
      : undefined;
  const where = (): { file: string; line?: number } => {
    if (!text || lastIdx < 0) return { file: "result.json" };
    return text.first === undefined
      ? { file: "exception.txt" }
      : { file: "exception.txt", line: text.first + lastIdx };
  };
  if (info) {
    const signal: HarnessCauseSignal = { name: info.exception_type, ...where() };
    if (info.exception_message) signal.message = info.exception_message;
    return signal;
  }
  if (!last) return undefined;
  const m = /^([A-Za-z_][\w.]*)(?::\s*([\s\S]*))?$/.exec(last);
  const signal: HarnessCauseSignal = m?.[1]
    ? { name: m[1].split(".").pop() ?? m[1], ...where() }
    : { name: "exception", message: last, ...where() };
  if (m?.[2]) signal.message = m[2];
  return signal;
}

/** Multi-step trials (steps/<name>/agent, verifier) keep no root folders: the last step decides. */
async function stepFolders(
  dir: string,
  result: HarborTrialResult,
): Promise<{ agentRel: string; verifierRel: string }> {
  if ((await pathKind(join(dir, "steps"))) !== "dir")
    return { agentRel: "agent", verifierRel: "verifier" };
  const listed = (result.step_results ?? [])
    .map((r) => r.step_name)
    .filter((n): n is string => !!n);
  const present = (await listSubdirs(join(dir, "steps"))).dirs.sort();
  const last = [...listed].reverse().find((n) => present.includes(n)) ?? present.at(-1);
  if (!last) return { agentRel: "agent", verifierRel: "verifier" };
  return { agentRel: `steps/${last}/agent`, verifierRel: `steps/${last}/verifier` };
}

/** A context-window overflow the exception or the trial log names. */
async function contextOverflow(
  dir: string,
  cause: HarnessCauseSignal | undefined,
  notes: string[],
): Promise<EvidenceLine | undefined> {
  if (cause?.message && CONTEXT_OVERFLOW.test(cause.message))
    return {
      file: cause.file ?? "result.json",
      ...(cause.line ? { line: cause.line } : {}),
      text: cause.message.split("\n")[0] ?? "",
    };
  const log = await noted(notes, () => readNumbered(dir, "trial.log"));
  return log ? findLine(log, CONTEXT_OVERFLOW) : undefined;
}

/**
 * The outcomes, screens and end of a trajectory chain (trajectory.json and its continuations),
 * as one trajectory: turns are numbered on across the files (a continuation's step 1 follows the
 * last step before it), so the last steps are the last continuation's and no two steps share a
 * turn; each outcome and screen still names its own file and line.
 */
function readChain(chain: TrajectorySegment[], judge: boolean): AgentRead {
  const outcomes: CommandOutcome[] = [];
  let issued = 0;
  let end: TrajectoryEnd | undefined;
  let offset = 0;
  const said: unknown[] = [];
  for (const seg of chain) {
    const shift = <T extends { turn?: number | undefined }>(x: T): T =>
      x.turn === undefined ? x : { ...x, turn: x.turn + offset };
    outcomes.push(...outcomesFromTrajectory(seg.doc, seg.raw, seg.file).map(shift));
    issued += commandsInTrajectory(seg.doc);
    const steps = stepsOf(seg.doc);
    said.push(...steps);
    if (judge) {
      const e = screensOf(seg.doc, seg.raw, seg.file);
      if (!end) end = { screens: [], steps: 0, submitted: false };
      end.screens.push(...e.screens.map(shift));
      end.steps += e.steps;
      if (e.steps > 0) {
        end.submitted = e.submitted;
        end.midWork = e.midWork === true;
      }
      if (e.last) end.last = { ...e.last, step: e.last.step + offset };
    }
    offset += Math.max(
      steps.length,
      ...steps.map((st) => (isRecord(st) && typeof st.step_id === "number" ? st.step_id : 0)),
    );
  }
  const plan = planFromTrajectory({ steps: said });
  const instruction = chain[0] ? instructionFromTrajectory(chain[0].doc) : undefined;
  return {
    outcomes,
    issued,
    ...(end ? { end } : {}),
    ...(plan === undefined ? {} : { plan }),
    ...(instruction === undefined ? {} : { instruction }),
  };
}

/** What the agent's files say of its work: its commands, how it ended, its plan, the task's instruction. */
interface AgentRead {
  outcomes: CommandOutcome[];
  issued: number;
  /** Steps of its trajectory that called a tool (any tool, not only a shell). */
  toolCalls?: number;
  end?: TrajectoryEnd;
  plan?: string;
  instruction?: string;
}

/** The task's instruction from the first logged request (`episodes/episode-0/request.json`). */
async function firstRequestInstruction(
  agentDir: string,
  notes: string[],
): Promise<string | undefined> {
  const file = join(agentDir, "episodes", "episode-0", "request.json");
  if ((await pathKind(file)) !== "file") return undefined;
  const read = await noted(notes, () => readFileSafe(file, { maxBytes: 4 * 1024 * 1024 }));
  if (!read) return undefined;
  try {
    return instructionFromRequest(JSON.parse(read.bytes.toString("utf8")));
  } catch {
    return undefined;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

function stepsOf(doc: unknown): unknown[] {
  return isRecord(doc) && Array.isArray(doc.steps) ? doc.steps : [];
}

/**
 * The agent's commands from wherever it left them: an ATIF trajectory, per-episode tool
 * results, or command-N folders (the first source that yields any outcome). A command the
 * harness cut off with a timeout becomes a timed-out outcome. `issued` also counts the
 * commands whose exit code nobody recorded.
 */
async function readAgentOutcomes(
  agentDir: string,
  agentRel: string,
  notes: string[],
  cause: HarnessCause | undefined,
  /** Read screens and the end state too (a failed trial is judged on them). */
  judge = true,
): Promise<AgentRead> {
  let issued = 0;
  let end: TrajectoryEnd | undefined;
  let plan: string | undefined;
  let instruction: string | undefined;
  let toolCalls = 0;
  const withPlan = <T extends object>(r: T) => ({
    ...r,
    toolCalls,
    ...(plan === undefined ? {} : { plan }),
    ...(instruction === undefined ? {} : { instruction }),
  });
  const chain = await readTrajectoryChain(agentDir, agentRel, notes);
  // Every tool the agent called (a file written, not only a command run).
  for (const seg of chain)
    for (const st of stepsOf(seg.doc))
      if (isRecord(st) && Array.isArray(st.tool_calls) && st.tool_calls.length > 0) toolCalls++;
  if (chain.length) {
    const read = readChain(chain, judge);
    issued = read.issued;
    end = read.end;
    plan = read.plan;
    instruction = read.instruction;
    if (read.outcomes.length)
      return withPlan({
        outcomes: read.outcomes,
        issued,
        ...(end ? { end: { ...end, screens: [] } } : {}),
      });
  }
  const episodes = await readEpisodes(join(agentDir, "episodes"), notes, `${agentRel}/episodes`);
  const outcomes = episodes.outcomes;
  if (episodes.pending && cause?.category === "TIMEOUT") {
    outcomes.push(makeOutcome({ ...episodes.pending, exitCode: 0, timedOut: true }));
  }
  issued = Math.max(issued, episodes.issued);
  if (episodes.episodes > 0 && !end)
    end = { screens: [], steps: episodes.episodes, submitted: episodes.finished };
  plan ??= episodes.plan;
  instruction ??= await firstRequestInstruction(agentDir, notes);
  if (outcomes.length) return withPlan({ outcomes, issued, ...(end ? { end } : {}) });
  const dirs = await readCommandDirs(agentDir, notes, agentRel);
  if (dirs.length) return withPlan({ outcomes: dirs, issued, ...(end ? { end } : {}) });
  // The oracle agent's one command: the reference solution, its output in oracle.txt.
  const trialDir = join(agentDir, ...agentRel.split("/").map(() => ".."));
  const oracle = await readOracleLog(trialDir, agentRel, notes);
  if (oracle.outcome)
    return withPlan({
      outcomes: [oracle.outcome],
      issued: Math.max(issued, 1),
      ...(end ? { end } : {}),
    });
  if (oracle.screen && judge)
    return withPlan({
      outcomes: [],
      issued,
      end: { screens: [oracle.screen], steps: 1, submitted: true },
    });
  return withPlan({ outcomes: [], issued, ...(end ? { end } : {}) });
}
