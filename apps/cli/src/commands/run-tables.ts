import type {
  GateVerdict,
  HarnessErrorEntry,
  Headline,
  IngestRun,
  RunComparison,
  RunCounts,
  RunSummary,
  SkippedTrial,
  TaskSide,
  TrialRow,
} from "@fak/replay";
import { jobLabel, PASS_RATE_BASIS, passRateText, sumCounts } from "@fak/replay";
import { colour, percent, table } from "../output.js";

// The human rendering of runs, trials and comparisons: strings only, written by the command
// in one place. Every figure comes from the runs' counts (one class per trial) and every pass
// rate names its denominator.

const rate = (x: number | null) => (x === null ? "-" : percent(x));
const reward = (x: number | null) => (x === null ? "-" : x.toFixed(3));

/** The line under every table of pass rates: what the rate is over. */
const PASS_RATE_NOTE = `pass rate = ${PASS_RATE_BASIS}: a harness error is not the agent's; an incomplete trial (no verdict) counts as not passed\n`;

/** The harness's own headline, as the harness computes it, with its definition. */
function ownText(h: Headline): string {
  if (h.harness === "harbor") {
    return `Harbor's mean reward ${reward(h.mean_reward)} over ${h.n_trials} trials (an unrewarded trial counted 0)`;
  }
  const all = h.n_resolved + h.n_unresolved;
  return `tb's accuracy ${h.n_resolved}/${all} = ${rate(h.accuracy)} (resolved / all results)`;
}

/** What the job's own files say, beside fak's figure. */
function ownHeadline(run: IngestRun, own: Headline | undefined): string {
  if (own) return ownText(own);
  const e = run.expected;
  if (e?.passes !== undefined && e.trials !== undefined) return `${e.passes}/${e.trials} passed`;
  return "-";
}

/** One run's counts in words. */
function countsText(c: RunCounts): string {
  return `${c.listed} listed: ${c.passed} passed, ${c.failed} failed, ${c.harness} harness errors, ${c.incomplete} incomplete`;
}

/** One line per job, named by folder and agent/model, and the totals across all of them. */
export function jobsTable(
  runs: readonly IngestRun[],
  rows: readonly TrialRow[],
  heads: readonly Headline[],
): string {
  const label = (run: IngestRun) =>
    rows.find((r) => r.job_path === run.path)?.job ?? jobLabel(run.path);
  const headOf = (run: IngestRun) => heads.find((h) => h.job === label(run));
  const cells = (c: RunCounts) => [c.listed, c.passed, c.failed, c.harness, c.incomplete];
  const line = (r: IngestRun) => [
    label(r),
    r.harness,
    ...cells(r.counts),
    passRateText(r.counts),
    ownHeadline(r, headOf(r)),
  ];
  const all = sumCounts(runs.map((r) => r.counts));
  const total = [
    colour.bold(`total (${runs.length} ${runs.length === 1 ? "job" : "jobs"})`),
    "",
    ...cells(all),
    passRateText(all),
    "",
  ];
  const headers = ["job", "harness", "listed", "passed", "failed", "harness errors", "incomplete"];
  headers.push("pass rate", "harness's own");
  return `${table(headers, [...runs.map(line), total])}\n${PASS_RATE_NOTE}`;
}

function evidenceText(r: TrialRow): string {
  if (!r.evidence) return "";
  const where = r.evidence.file
    ? ` (${r.evidence.file}${r.evidence.line ? `:${r.evidence.line}` : ""})`
    : "";
  const text = r.evidence.text.length > 80 ? `${r.evidence.text.slice(0, 79)}…` : r.evidence.text;
  return `${text}${where}`;
}

/** The failed trials scored against the agent (counted as failed), one line each with its evidence. */
export function failedTrialsTable(rows: readonly TrialRow[]): string {
  const failed = rows.filter((r) => r.counted_as === "failed");
  if (failed.length === 0) return "no trial failed\n";
  const body = failed.map((r) => [
    r.job.replace(/ \(.*\)$/, ""),
    r.task,
    r.attempt,
    r.reward ?? "-",
    r.attribution ?? "",
    r.category,
    r.reason,
    evidenceText(r),
  ]);
  const headers = ["job", "task", "attempt", "reward", "attribution", "category", "reason"];
  headers.push("evidence");
  return `${table(headers, body)}\n`;
}

/**
 * The trials no folder gave a verdict for, one line per class and reason: counted on the job's
 * own verdict (their folder missing or unreadable), or incomplete.
 */
export function unreadLines(skipped: readonly SkippedTrial[]): string {
  const groups = new Map<string, { count: number; jobs: Set<string> }>();
  for (const s of skipped) {
    if (!s.counted_as) continue;
    const key =
      s.counted_as === "incomplete"
        ? `incomplete (no verdict): ${s.reason}`
        : `counted as ${s.counted_as === "harness" ? "harness errors" : s.counted_as} on the job's own verdict: ${s.reason}`;
    const g = groups.get(key) ?? { count: 0, jobs: new Set<string>() };
    g.count++;
    g.jobs.add(s.job);
    groups.set(key, g);
  }
  return [...groups]
    .map(([key, g]) => {
      const jobs = g.jobs.size === 1 ? "1 job" : `${g.jobs.size} jobs`;
      return `${g.count} ${g.count === 1 ? "trial" : "trials"} (${jobs}) ${key}\n`;
    })
    .join("");
}

/** Harness errors grouped by the harness's own name for them. */
export function harnessErrorLines(errors: readonly HarnessErrorEntry[]): string {
  const byName = new Map<string, string[]>();
  for (const e of errors) byName.set(e.name, [...(byName.get(e.name) ?? []), e.trial_id]);
  return [...byName]
    .map(([name, ids]) => {
      const shown =
        ids.slice(0, 5).join(", ") + (ids.length > 5 ? `, and ${ids.length - 5} more` : "");
      return `harness error (not the agent's fault) ${name} ×${ids.length}: ${shown}\n`;
    })
    .join("");
}

/** fak's pass rate with its denominator and basis, then the counts it is over (every view's wording). */
export function countsLine(counts: RunCounts): string {
  return `pass rate ${passRateText(counts)} (${PASS_RATE_BASIS}); ${countsText(counts)}`;
}

/** A run's own figures: fak's pass rate with its denominator, its counts, Harbor's mean reward. */
function runFigures(run: RunSummary): string {
  const mean =
    run.mean_reward === null
      ? ""
      : `; mean reward ${reward(run.mean_reward)} (Harbor's: an unrewarded trial counted 0)`;
  return `pass rate ${passRateText(run.counts)} (${run.pass_rate_basis}); ${countsText(run.counts)}${mean}`;
}

function sideText(s: TaskSide): string {
  if (s.attempts === 0) {
    return s.skipped.length
      ? `not scored (${s.skipped[0]?.reason ?? ""})`
      : "not scored (harness error)";
  }
  const failed = s.trials.find((t) => !t.passed && !t.harness_error);
  const atK = s.pass_at_k.map((p) => `pass@${p.k} ${p.value.toFixed(2)}`).join(", ");
  const verdict =
    s.attempts === 1 ? (s.passes ? "pass" : "fail") : `${s.passes}/${s.attempts} passed (${atK})`;
  return failed ? `${verdict}: ${failed.category} ${evidenceText(failed)}` : verdict;
}

/** `fak compare` for people: the figures, the categories side by side, every flip, the unmatched tasks. */
export function comparisonText(cmp: RunComparison): string {
  const pr = cmp.pass_rate;
  const lines: string[] = [];
  for (const [tag, run] of [
    ["A", cmp.a],
    ["B", cmp.b],
  ] as const) {
    lines.push(`${tag}: ${run.label}\n   ${run.jobs.join("; ")}`);
    lines.push(`   ${runFigures(run)}`);
    for (const h of run.headlines) lines.push(`   harness's own: ${h.job}: ${ownText(h)}`);
  }
  if (cmp.a.simulated || cmp.b.simulated) {
    lines.push("(a fixture replay is a simulated fixture: these rates are no benchmark claim)");
  }
  lines.push("");
  const ci = pr.interval
    ? ` (95% interval ${percent(pr.interval.low)} to ${percent(pr.interval.high)}, ${pr.interval.method})`
    : "";
  lines.push(`matched tasks: ${cmp.matched_tasks} (scored in both runs)`);
  lines.push(
    `pass rate over the matched tasks (each task's passes / attempts, averaged): A ${rate(pr.a)}  B ${rate(pr.b)}  B − A ${rate(pr.difference)}${ci}`,
  );
  const mr = cmp.mean_reward;
  lines.push(
    `mean reward over the matched tasks (Harbor's: an unrewarded trial counted 0): A ${reward(mr.a)}  B ${reward(mr.b)}  B − A ${reward(mr.difference)}`,
  );
  lines.push(`regressed: ${cmp.regressed}  improved: ${cmp.improved}\n`);
  if (cmp.categories.length) {
    const rows = cmp.categories.map((c) => [
      c.category,
      c.a,
      c.b,
      c.difference > 0 ? `+${c.difference}` : c.difference,
    ]);
    lines.push(`${table(["failed by category", "A", "B", "B − A"], rows)}\n`);
  }
  const flips = cmp.tasks.filter((t) => t.change === "regressed" || t.change === "improved");
  if (flips.length) {
    const rows = flips.map((t) => [
      t.task,
      t.change === "regressed" ? colour.red("regressed") : colour.green("improved"),
      sideText(t.a),
      sideText(t.b),
    ]);
    lines.push(`${table(["flipped task", "change", "A", "B"], rows)}\n`);
  } else lines.push("no task flipped\n");
  const rest = cmp.tasks.filter((t) => t.change === "same" || t.change === "not_comparable");
  if (rest.length) {
    const rows = rest.map((t) => [
      t.task,
      t.change === "same" ? "same" : "not comparable",
      sideText(t.a),
      sideText(t.b),
    ]);
    lines.push(`${table(["task in both", "change", "A", "B"], rows)}\n`);
  }
  const only = (side: string, list: RunComparison["only_in_a"]) =>
    `only in ${side} (${list.length}): ${list.length ? list.map((o) => o.task).join(", ") : "none"}`;
  lines.push(only("A", cmp.only_in_a));
  lines.push(only("B", cmp.only_in_b));
  return `${lines.join("\n")}\n`;
}

/** A gate that passed, as one line for people (a tripped one is the error line on stderr). */
export function gateLine(gate: GateVerdict): string {
  return `gate passed: ${gate.reason}\n`;
}
