import { type FailureCode, RECOVERY_FOR, type RecoveryAction } from "../codes.js";
import { capEvidence } from "../evidence.js";
import { classifyPolicyBlock } from "../policy.js";
import type { FailureClassification, FailureSignals } from "../schemas.js";
import { classifyShape } from "../shape.js";
import { type HarnessCause, mapHarnessCause } from "./harness-cause.js";
import { unrepaired } from "./repair.js";
import type { Attribution, EvidenceLine, TrialSignals } from "./schema.js";
import { type Step, stepsOf } from "./steps.js";
import { readVerifierFailure } from "./verifier.js";

// A real trial judged as a whole, as a careful human reading its files would. The branches run
// in this fixed order (`classify` takes branch 0, `judgeTrial` the rest), so the same signals
// always give the same result; the taxonomy README lists the same branches for users:
//    0. the harness scored it a pass: NONE (an exception beside a reward is still a pass);
//    1. a dangerous policy block: held (safety first, as in every classification);
//    2. the agent never got to work (its install or start failed): setup;
//    3. the host platform failed under the agent (an emulator): harness, but only when the
//       verifier recorded no failure of its own: the lines that show it (`rosetta error:` …)
//       are text the agent can print, so beside a failing test they are evidence, never the
//       verdict (only the harness's own recorded exception, branch 4, moves such a trial);
//    4. the harness's own cause (exception, failure mode), unless it defers to the evidence (a
//       verifier timeout: the harness's when no test had started, the failure's when one failed);
//    5. a benign policy block (a false positive);
//    6. the model's context window ran out, or the agent took every turn of its budget without
//       saying it was done: BUDGET_EXHAUSTED;
//    7. the verifier's own script failed before any test ran: harness;
//    8. the verifier's first failure shows a file that does not parse, or tests that hung;
//    8b. the verifier could not run its tests (`verifier.not_run`, the importer's table under the
//       labelling rules): its verdict, when no test passed and either no test failed or that
//       line is the verifier's first failure; one that blames the harness only when no test
//       failed and no assertion was printed either (that text may be the agent's own output);
//    9. a deferred cause, when the verifier shows no failure or the agent had not finished;
//   10. a failed command nothing later repaired, in the agent's last stretch of work (the agent's
//       own failing test run does not count here when the verifier failed too);
//   11. the verifier failed after the agent finished: TEST_MISUNDERSTOOD (also when the agent's
//       own test run had failed and it submitted anyway);
//   12. a deferred cause, when nothing else spoke;
//   13. a failed command nothing later repaired, anywhere;
//   14. arm shape.

/** The host platform failed under the agent (an emulator that cannot run the task's binaries). */
const PLATFORM_FAILURE = /rosetta error:|unimplemented syscall|qemu: uncaught target signal/i;
/** The verifier's own script failed before any test ran (it could not fetch or set up its tools). */
const VERIFIER_SETUP_FAILURE =
  /^\/tests\/[\w.-]+\.sh: line \d+: |^curl: \((?:5|6|7|28|35|56|60)\) |^error: failed to (?:download|fetch)|could not resolve host/i;
/**
 * Such a line that is the agent's work failing the check, not the verifier's set-up: a request to
 * a service on this machine (the agent's server, which the test calls), or a program or file the
 * agent was to leave in its working folder that the script could not find or run.
 */
const AGENTS_WORK =
  /^curl: \(\d+\) .{0,200}(?<![\w.:-])(?:localhost|127\.\d{1,3}\.\d{1,3}\.\d{1,3}|0\.0\.0\.0|\[?::1\]?)(?![\w.-])|^\/tests\/[\w.-]+\.sh: line \d+: (?:\/app|\/workspace)\/(?!\.venv\/)\S*: (?:No such file or directory|Permission denied)$/i;

/** The verifier recorded a failing test or a failure line of its own. */
function verifierShowsFailure(t: TrialSignals): boolean {
  return (t.verifier?.failure.length ?? 0) > 0 || (t.verifier?.tests_failed ?? 0) > 0;
}

/** A verifier that wrote no reward (Harbor's RewardFileNotFoundError and RewardFileEmptyError). */
const NO_REWARD = /rewardfile(?:notfound|empty)error|:no_reward\b/i;

/** How far from the end a standing failure still counts as where the agent left its work. */
const LAST_STRETCH = 0.25;

interface Verdict {
  category: FailureCode;
  reason: string;
  detail: string;
  attribution: Attribution;
  decided_by?: EvidenceLine | undefined;
  evidence?: string[];
  recovery?: RecoveryAction;
}

function build(s: FailureSignals, v: Verdict): FailureClassification {
  const recovery = v.attribution === "harness" ? "NONE" : (v.recovery ?? RECOVERY_FOR[v.category]);
  const evidence = [...(v.evidence ?? [])];
  if (v.decided_by) evidence.unshift(capEvidence(`${where(v.decided_by)}: ${v.decided_by.text}`));
  const c: FailureClassification = {
    task_id: s.task_id,
    failed: true,
    category: v.category,
    reason: v.reason,
    detail: v.detail,
    evidence,
    recovery,
    retryable: recovery !== "NONE",
    safety_hold: false,
    attribution: v.attribution,
  };
  if (v.decided_by) c.decided_by = { ...v.decided_by, text: capEvidence(v.decided_by.text) };
  return c;
}

function where(ref: EvidenceLine): string {
  return ref.line ? `${ref.file}:${ref.line}` : ref.file;
}

function causeRef(t: TrialSignals): EvidenceLine | undefined {
  const c = t.cause;
  if (!c?.file) return undefined;
  const text = `${c.name}${c.message ? `: ${c.message.split("\n").find((l) => l.trim()) ?? ""}` : ""}`;
  return { file: c.file, text, ...(c.line ? { line: c.line } : {}) };
}

function fromCause(cause: HarnessCause, t: TrialSignals): Verdict {
  const who =
    cause.attribution === "harness"
      ? "the harness or provider, not the agent"
      : cause.attribution === "setup"
        ? "the agent's setup (it never got to work)"
        : "the agent";
  return {
    category: cause.category,
    reason: cause.reason,
    detail: `harness recorded ${cause.name}; attributed to ${who}`,
    attribution: cause.attribution,
    decided_by: causeRef(t),
    evidence: [`harness_cause:${cause.name}`],
  };
}

function platformFailure(s: FailureSignals, t: TrialSignals): EvidenceLine | undefined {
  for (const screen of t.screens) {
    const line = screen.text.split("\n").find((l) => PLATFORM_FAILURE.test(l));
    if (line)
      return {
        file: screen.file,
        text: line.trim(),
        ...(screen.line ? { line: screen.line } : {}),
      };
  }
  for (const o of s.outcomes) {
    const line = (o.stderr ?? "").split("\n").find((l) => PLATFORM_FAILURE.test(l));
    if (line && o.source)
      return {
        file: o.source.file,
        text: line.trim(),
        ...(o.source.line ? { line: o.source.line } : {}),
      };
  }
  return (t.verifier?.failure ?? []).find((l) => PLATFORM_FAILURE.test(l.text));
}

/** A line of the verifier's that shows a failing test or assertion. */
const TEST_FAILED =
  /^(?:E\s|assert|FAILED |ERROR |--- FAIL|FAIL\t|not ok |test \S+ \.\.\. FAILED)|AssertionError|<failure\b/;

/** The verifier recorded a failure that is not the platform's own line. */
function verifierFailedOnItsOwn(t: TrialSignals): boolean {
  const v = t.verifier;
  if (!v) return false;
  return (v.tests_failed ?? 0) > 0 || v.failure.some((l) => !PLATFORM_FAILURE.test(l.text));
}

/** Why the verifier could not run, when the rest of its output does not contradict it. */
function verifierNotRun(t: TrialSignals) {
  const v = t.verifier;
  const n = v?.not_run;
  if (!n || (v.tests_passed ?? 0) > 0) return undefined;
  const same = (l: EvidenceLine) => l.file === n.line.file && l.line === n.line.line;
  const asserted = v.failure.some((l) => !same(l) && TEST_FAILED.test(l.text));
  if ((v.tests_failed ?? 0) === 0 && !asserted) return n;
  // Tests failed: the line decides only when it is the verifier's first failure (the tests
  // failed because they could not run), and never for the harness (the text may be the agent's).
  const first = v.failure[0];
  return n.attribution !== "harness" && first && same(first) ? n : undefined;
}

function verifierSetupFailure(t: TrialSignals): EvidenceLine | undefined {
  const v = t.verifier;
  if (!v?.ran || (v.tests_passed ?? 0) + (v.tests_failed ?? 0) > 0) return undefined;
  if (
    v.failure.some(
      (l) => /^(?:E\s|assert|FAILED |ERROR )/.test(l.text) || /AssertionError/.test(l.text),
    )
  )
    return undefined;
  return v.failure.find((l) => VERIFIER_SETUP_FAILURE.test(l.text) && !AGENTS_WORK.test(l.text));
}

function setupVerdict(t: TrialSignals): Verdict | undefined {
  const setup = t.setup;
  if (!setup || setup.ran) return undefined;
  const log = setup.log;
  const install = log.length
    ? stepsOf(
        [
          {
            command: "agent install",
            exit_code: 1,
            timed_out: false,
            stderr: log.map((l) => l.text).join("\n"),
          },
        ],
        [],
      )[0]
    : undefined;
  const installLine = install?.verdict?.line
    ? log.find((l) => l.text.toLowerCase().includes((install.verdict?.line ?? "").slice(0, 40)))
    : undefined;
  if (t.agent?.cut_off) {
    return {
      category: "TIMEOUT",
      reason: "TIMEOUT:agent_setup_used_the_time",
      detail: "the agent's install ran into its time limit before the agent worked on the task",
      attribution: "setup",
      decided_by: t.agent.cut_off,
      recovery: "RETRY_PACKAGE_INSTALL",
    };
  }
  if (install?.verdict?.rule && install.verdict.category === "PKG_INSTALL") {
    return {
      category: "PKG_INSTALL",
      reason: `PKG_INSTALL:agent_install:${install.verdict.reason.split(":")[1] ?? "failed"}`,
      detail: "the agent's own install failed, so the agent never worked on the task",
      attribution: "setup",
      decided_by: installLine ?? setup.failure,
      evidence: setup.failure
        ? [capEvidence(`${where(setup.failure)}: ${setup.failure.text}`)]
        : [],
    };
  }
  return {
    category: "ENV_SETUP_MISS",
    reason: "ENV_SETUP_MISS:agent_not_started",
    detail: "the agent could not start (its binary, interpreter or credential is missing)",
    attribution: "setup",
    decided_by: setup.failure,
  };
}

/** A step that ran a test suite and saw tests fail (the outcome rules' `test.*` family). */
function isOwnTestRun(step: Step): boolean {
  const rule = step.verdict?.rule ?? "";
  return rule === "test.tests_failed" || rule === "test.other_runners";
}

const GENERIC_PATH = new Set(["fs.no_such_file", "fs.no_such_file_localised"]);

/** The path a "No such file" line names: quoted, or the field before the message. */
function missingPath(line: string): string | undefined {
  const quoted = /['"‘`]([^'"’`]+)['"’`]/.exec(line)?.[1];
  if (quoted) return quoted;
  return /(?:^|\s)([\w./~*-]+\/[\w./*-]*|[\w.-]+\.[\w]+):\s*no such file/i.exec(line)?.[1];
}

/**
 * A path one command could not find is the environment's (the taxonomy's definition), unless
 * the trial shows it was the agent's own: an earlier step of the agent named it (built it,
 * downloaded it, changed into it). Then it is the agent's wrong path or missing output: rule 6
 * of the labelling, "a file the agent itself was meant to create is the agent's failure".
 */
function agentOwnsPath(step: Step, steps: readonly Step[]): boolean {
  if (!step.verdict?.rule || !GENERIC_PATH.has(step.verdict.rule)) return false;
  const path = missingPath(step.verdict.line ?? "");
  if (!path) return false;
  const parts = path
    .replace(/^\.\//, "")
    .split("/")
    .filter((p) => p && p !== "*" && p !== "..");
  const root = path.startsWith("/") ? parts.slice(0, 2).join("/") : parts[0];
  if (!root || /^(usr|etc|opt|lib|bin|sbin|var|proc|sys|dev)$/.test(root.split("/")[0] ?? "")) {
    if (!path.startsWith("/app") && !path.startsWith("/tmp") && !path.startsWith("/root"))
      return false;
  }
  return steps.some(
    (s) => s.index < step.index && !s.failed && (s.command ?? "").includes(root ?? path),
  );
}

function stepVerdict(step: Step, detail: string, steps: readonly Step[] = []): Verdict {
  if (agentOwnsPath(step, steps)) {
    return {
      category: "CMD_ERROR",
      reason: "CMD_ERROR:agent_path_missing",
      detail: `${detail}; the path is one the agent's own earlier steps worked with`,
      attribution: "agent",
      decided_by: step.ref,
      evidence: step.verdict?.rule ? [`rule:${step.verdict.rule}`] : [],
      recovery: "REPAIR_FAILED_COMMAND",
    };
  }
  const v = step.verdict!;
  return {
    category: v.category,
    reason: v.reason,
    detail,
    attribution: "agent",
    decided_by: step.ref,
    evidence: v.rule
      ? [`rule:${v.rule}`, ...v.evidence.map((e) => capEvidence(e))]
      : v.evidence.map((e) => capEvidence(e)),
    recovery: v.recovery,
  };
}

/**
 * Judge one real trial (signals with a `trial` part) as a whole. Deterministic: the same
 * signals always give the same classification, which names its attribution and what decided it.
 * @example judgeTrial(failureSignalsSchema.parse({ task_id: "t", trial: { harness: "tb", passed: false,
 *   setup: { ran: false, failure: { file: "sessions/agent.log", line: 9, text: "bash: mini: command not found" } } } }))
 *   // { category: "ENV_SETUP_MISS", attribution: "setup", decided_by: { file: "sessions/agent.log", line: 9, ... } }
 */
export function judgeTrial(s: FailureSignals): FailureClassification {
  const t = s.trial!;
  const held = classifyPolicyBlock(s);
  if (held?.safety_hold) return { ...held, attribution: "agent" };

  const setup = setupVerdict(t);
  if (setup) return build(s, setup);

  const platform = platformFailure(s, t);
  if (platform && verifierFailedOnItsOwn(t)) {
    const c = judgeFromCause(s, t, held);
    c.evidence.push(
      capEvidence(
        `platform (not decisive: the verifier failed): ${where(platform)}: ${platform.text}`,
      ),
    );
    return c;
  }
  if (platform) {
    return build(s, {
      category: "UNKNOWN",
      reason: "UNKNOWN:harness_error:platform",
      detail:
        "the host platform failed under the agent (an emulator could not run the task's programs)",
      attribution: "harness",
      decided_by: platform,
    });
  }

  return judgeFromCause(s, t, held);
}

/** Branches 4 to 14. */
function judgeFromCause(
  s: FailureSignals,
  t: TrialSignals,
  held: FailureClassification | undefined,
): FailureClassification {
  const cause = t.cause ? mapHarnessCause(t.cause.name, t.cause.message) : undefined;
  const submitted = t.agent?.submitted === true;
  // tb's agent_timeout on an agent that had already submitted says nothing: its logs decide.
  const defers = cause?.defer && (cause.category !== "TIMEOUT" || submitted);
  const verifierTimeout = cause && /^verifiertimeouterror$/i.test(cause.name);
  if (verifierTimeout && !verifierShowsFailure(t) && t.verifier?.started === false) {
    return build(s, {
      category: "TIMEOUT",
      reason: "TIMEOUT:harness_error:verifier_setup_timed_out",
      detail:
        "the verifier's time ran out while it set itself up, before any test started: the agent's work was never judged",
      attribution: "harness",
      decided_by: t.cause?.file
        ? { file: t.cause.file, text: t.cause.message ?? cause.name }
        : undefined,
    });
  }
  // A verifier that timed out after a test failed: the failure decides (below), not the clock.
  if (cause && !defers && !(verifierTimeout && verifierShowsFailure(t)))
    return build(s, fromCause(cause, t));
  if (held) return { ...held, attribution: "agent" };

  const overflow = t.agent?.context_overflow;
  if (overflow) {
    return build(s, {
      category: "BUDGET_EXHAUSTED",
      reason: "BUDGET_EXHAUSTED:context_window",
      detail: "a request exceeded the model's context window: the agent's budget ran out",
      attribution: "agent",
      decided_by: overflow,
    });
  }

  // The agent used every turn its budget allowed and had not said it was done. Only for an agent
  // that says when it is done (terminus's `task_complete`, read beside its screens), or one whose
  // last step ran a shell command and nothing of the agent's came after (stopped mid-work): an
  // agent that finished ends on its own message or on its done call (`finish`, `submit` …).
  const budget = s.budget_turns;
  const taken = t.agent?.steps;
  // (Stopped mid-work counts only without a harness cause: a crashed CLI also stops on a tool call.)
  const saysDone = t.screens.length > 0 || (t.agent?.mid_work === true && !t.cause);
  if (
    budget &&
    saysDone &&
    taken !== undefined &&
    taken >= budget &&
    t.agent?.submitted === false
  ) {
    return build(s, {
      category: "BUDGET_EXHAUSTED",
      reason: "BUDGET_EXHAUSTED:turn_budget",
      detail: `the agent took all ${budget} turns its budget allowed without finishing`,
      attribution: "agent",
      decided_by: t.agent?.last,
    });
  }

  const verifierSetup = verifierSetupFailure(t);
  if (verifierSetup) {
    return build(s, {
      category: "UNKNOWN",
      reason: "UNKNOWN:harness_error:verifier_setup",
      detail:
        "the verifier's own script failed before running a test; the agent's work was never judged",
      attribution: "harness",
      decided_by: verifierSetup,
    });
  }

  const verifier = readVerifierFailure(t.verifier?.failure ?? []);
  if (verifier) {
    return build(s, {
      category: verifier.verdict.category,
      reason: verifier.verdict.reason,
      detail: "the verifier's first failure decides",
      attribution: "agent",
      decided_by: verifier.line,
      evidence: verifier.verdict.rule ? [`rule:${verifier.verdict.rule}`] : [],
      recovery: verifier.verdict.category === "TIMEOUT" ? "EVIDENCE_GUIDED_RETRY" : undefined,
    });
  }

  const notRun = verifierNotRun(t);
  if (notRun) {
    return build(s, {
      category: notRun.category,
      reason: notRun.reason,
      detail: "the verifier could not run the tests",
      attribution: notRun.attribution,
      decided_by: notRun.line,
    });
  }

  const steps = stepsOf(s.outcomes, t.screens);
  const verifierFailed =
    (t.verifier?.failure.length ?? 0) > 0 || (t.verifier?.tests_failed ?? 0) > 0;
  // Of the failures still standing in the agent's last stretch of work, the first is the root
  // a human would fix first (a download that 404s, then the build that could not run).
  const stretch = Math.floor(steps.length * (1 - LAST_STRETCH));
  // The agent's own test run that failed, when the verifier failed too, is not a command its
  // solution depends on: the agent saw its answer fail and submitted it (TEST_MISUNDERSTOOD below).
  const ownFailedTests = verifierFailed ? unrepaired(steps).filter(isOwnTestRun) : [];
  const open = unrepaired(steps).filter((f) => !ownFailedTests.includes(f));
  const last = open.at(-1);
  // A batch of commands (terminus-2 sends several per turn) fails as one: its first failure counts.
  const inLastStretch = (f: Step) =>
    f.index >= stretch ||
    (last !== undefined && last.index >= stretch && f.turn !== undefined && f.turn === last.turn);
  const standing = open.find(inLastStretch) ?? last;
  // A cause that deferred to the evidence keeps the trial when the verifier shows no failure of
  // its own, or when the agent had not finished (a crashed agent is not one that misread the task).
  // A verifier that wrote no reward at all is the exception: when the agent's last work failed and
  // nothing repaired it (a solution script that crashed), that failure is why.
  const noReward = cause !== undefined && NO_REWARD.test(`${cause.name} ${cause.reason}`);
  const agentFailedLast = !verifierFailed && standing !== undefined && inLastStretch(standing);
  if (cause && (!verifierFailed || t.agent?.submitted === false) && !(noReward && agentFailedLast))
    return build(s, fromCause(cause, t));
  if (standing && inLastStretch(standing)) {
    const where =
      standing.turn === undefined ? `step ${standing.index + 1}` : `turn ${standing.turn}`;
    return build(s, stepVerdict(standing, `${where} failed and nothing later repaired it`, steps));
  }

  const first = t.verifier?.failure[0];
  if (first || (t.verifier?.tests_failed ?? 0) > 0) {
    const own = ownFailedTests.at(-1);
    return build(s, {
      category: "TEST_MISUNDERSTOOD",
      reason: own
        ? "TEST_MISUNDERSTOOD:submitted_with_own_tests_failing"
        : "TEST_MISUNDERSTOOD:verifier_failed_after_agent_finished",
      detail: own
        ? "the agent's own test run failed, it submitted anyway, and the verifier's check failed"
        : "the agent finished and the verifier's check failed",
      attribution: "agent",
      decided_by: first ?? own?.ref,
      evidence: own?.ref ? [capEvidence(`${where(own.ref)}: ${own.ref.text}`)] : [],
    });
  }
  if (cause) return build(s, fromCause(cause, t));
  if (standing) {
    const where =
      standing.turn === undefined ? `step ${standing.index + 1}` : `turn ${standing.turn}`;
    return build(s, stepVerdict(standing, `${where} failed and nothing later repaired it`, steps));
  }
  return { ...classifyShape(s), attribution: "agent" };
}
