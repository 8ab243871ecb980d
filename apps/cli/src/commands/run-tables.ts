import type {
  GateVerdict,
  HarnessErrorEntry,
  Headline,
  IngestRun,
  RunComparison,
  SkippedTrial,
  TaskSide,
  TrialRow,
} from "@fak/replay";
import { jobLabel } from "@fak/replay";
import { colour, percent, table } from "../output.js";

// The human rendering of runs, trials and comparisons: strings only, written by the command
// in one place.

const rate = (x: number | null) => (x === null ? "-" : percent(x));

function headlineText(h: Headline): string {
  if (h.harness === "harbor") {
    const mean = h.mean_reward === null ? "-" : h.mean_reward.toFixed(3);
    return `${h.job}: mean reward ${mean} (${h.n_passed}/${h.n_trials} passed)`;
  }
  return `${h.job}: accuracy ${rate(h.accuracy)} (${h.n_resolved} resolved, ${h.n_unresolved} unresolved)`;
}

/** What the job's own files say, beside fak's figure. */
function ownHeadline(run: IngestRun, own: Headline | undefined): string {
  if (own?.harness === "harbor") {
    const mean = own.mean_reward === null ? "-" : own.mean_reward.toFixed(3);
    return `mean reward ${mean} (${own.n_passed}/${own.n_trials} passed)`;
  }
  if (own?.harness === "tb") return `accuracy ${rate(own.accuracy)} (${own.n_resolved} resolved)`;
  const e = run.expected;
  if (e?.passes !== undefined && e.trials !== undefined) return `${e.passes}/${e.trials} passed`;
  return "-";
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
  const line = (r: IngestRun) => [
    label(r),
    r.harness,
    r.trials,
    r.passes,
    r.failures,
    r.errors,
    r.harness_errors,
    rate(r.pass_rate),
    ownHeadline(r, headOf(r)),
    r.skipped.length,
  ];
  const sum = (f: (r: IngestRun) => number) => runs.reduce((s, r) => s + f(r), 0);
  const scored = sum((r) => r.trials - r.harness_errors);
  const passes = sum((r) => r.passes);
  const total = [
    colour.bold(`total (${runs.length} ${runs.length === 1 ? "job" : "jobs"})`),
    "",
    sum((r) => r.trials),
    passes,
    sum((r) => r.failures),
    sum((r) => r.errors),
    sum((r) => r.harness_errors),
    scored ? percent(passes / scored) : "-",
    "",
    sum((r) => r.skipped.length),
  ];
  const headers = ["job", "harness", "trials", "passed", "failed", "errored", "harness errors"];
  headers.push("agent pass rate", "harness's own", "skipped");
  return `${table(headers, [...runs.map(line), total])}\n`;
}

function evidenceText(r: TrialRow): string {
  if (!r.evidence) return "";
  const where = r.evidence.file
    ? ` (${r.evidence.file}${r.evidence.line ? `:${r.evidence.line}` : ""})`
    : "";
  const text = r.evidence.text.length > 80 ? `${r.evidence.text.slice(0, 79)}…` : r.evidence.text;
  return `${text}${where}`;
}

/** The failed trials scored against the agent, one line each with its evidence. */
export function failedTrialsTable(rows: readonly TrialRow[]): string {
  const failed = rows.filter((r) => !r.passed && !r.harness_error);
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

/** Skip reasons collapsed into one line each, with how many trials and jobs they cost. */
export function skippedLines(skipped: readonly SkippedTrial[]): string {
  const byReason = new Map<string, { count: number; jobs: Set<string> }>();
  for (const s of skipped) {
    const g = byReason.get(s.reason) ?? { count: 0, jobs: new Set<string>() };
    g.count++;
    g.jobs.add(s.job);
    byReason.set(s.reason, g);
  }
  return [...byReason]
    .map(([reason, g]) => {
      const jobs = g.jobs.size === 1 ? "1 job" : `${g.jobs.size} jobs`;
      return `skipped ${g.count} ${g.count === 1 ? "trial" : "trials"} (${jobs}): ${reason}\n`;
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
    for (const h of run.headlines) lines.push(`   harness's own: ${headlineText(h)}`);
  }
  if (cmp.a.simulated || cmp.b.simulated) {
    lines.push("(a fixture replay is a simulated fixture: these rates are no benchmark claim)");
  }
  lines.push("");
  const ci = pr.interval
    ? ` (95% interval ${percent(pr.interval.low)} to ${percent(pr.interval.high)}, ${pr.interval.method})`
    : "";
  lines.push(`matched tasks: ${cmp.matched_tasks} (scored in both runs)`);
  lines.push(`pass rate: A ${rate(pr.a)}  B ${rate(pr.b)}  B − A ${rate(pr.difference)}${ci}`);
  const mr = cmp.mean_reward;
  const fmt = (x: number | null) => (x === null ? "-" : x.toFixed(3));
  lines.push(`mean reward: A ${fmt(mr.a)}  B ${fmt(mr.b)}  B − A ${fmt(mr.difference)}`);
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
