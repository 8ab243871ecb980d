import { basename, join } from "node:path";
import {
  ATTRIBUTIONS,
  type Attribution,
  FAILURE_CODES,
  type FailureClassification,
  type FailureCode,
  InputError,
} from "@fak/taxonomy";
import { z } from "zod";
import { ingestHarbor } from "../importers/harbor/index.js";
import { drain } from "../importers/ingest.js";
import type { IngestedTrial, SkippedTrial } from "../importers/ingest-types.js";
import { isSkipped } from "../importers/ingest-types.js";
import { ingestTb } from "../importers/tb/index.js";
import { classifyTrial } from "../pipeline/classify-trial.js";

/** One labelled trial, as in shared/corpora/trials-dev/labels.jsonl. */
export const labelledTrialSchema = z.looseObject({
  harness: z.enum(["harbor", "tb"]),
  job: z.string().min(1),
  trial: z.string().min(1),
  task: z.string().optional(),
  outcome: z.enum(["failed", "passed"]),
  attribution: z.enum(ATTRIBUTIONS),
  category: z.enum(FAILURE_CODES),
  cause: z.string().optional(),
  evidence: z.looseObject({ file: z.string(), quote: z.string() }).optional(),
  rationale: z.string().optional(),
  ambiguous: z.boolean().optional(),
  /**
   * The second defensible reading, where `ambiguous`: a code (`TIMEOUT`), an attribution
   * (`harness`: kept apart would also be right), or both (`setup/ENV_SETUP_MISS`).
   */
  alt: z
    .union([
      z.enum(FAILURE_CODES),
      z.enum(ATTRIBUTIONS),
      z.templateLiteral([z.enum(ATTRIBUTIONS), "/", z.enum(FAILURE_CODES)]),
    ])
    .nullable()
    .optional(),
  /** The public repository the job came from (`owner/name`), for figures per repository. */
  repo: z.string().optional(),
});
export type LabelledTrial = z.output<typeof labelledTrialSchema>;

/** One labelled trial next to what fak said of it. */
export interface TrialJudgement {
  job: string;
  repo: string;
  harness: "harbor" | "tb";
  trial: string;
  expected: {
    attribution: Attribution;
    category: FailureCode;
    alt?: FailureCode;
    alt_attribution?: Attribution;
  };
  got?: {
    attribution: Attribution;
    category: FailureCode;
    reason: string;
    decided_by?: FailureClassification["decided_by"];
  };
  /** Category right (agent/setup rows), kept apart (harness rows), a pass (passed rows). */
  correct: boolean;
  correct_with_alt: boolean;
  attribution_correct: boolean;
  /** Why no judgement: the trial folder was skipped or not found. */
  missing?: string;
  label_evidence?: { file: string; quote: string };
}

/** The figures of one group of labels (one repository, one harness). */
export interface TrialGroupFigures {
  group: string;
  scored: number;
  correct: number;
  correct_with_alt: number;
  accuracy_with_alt: number;
  /** Scored trials fak called UNKNOWN. */
  unknown: number;
  harness: { total: number; kept_apart: number };
}

export interface TrialEvaluation {
  total: number;
  /** Failed agent and setup rows: the category is scored. */
  scored: number;
  correct: number;
  correct_with_alt: number;
  accuracy: number;
  accuracy_with_alt: number;
  attribution_correct: number;
  /** Failed harness rows, and how many fak kept apart from the agent's taxonomy. */
  harness: { total: number; kept_apart: number };
  /** Passed rows (an exception beside a reward), and how many fak counted as passes. */
  passed: { total: number; counted_passed: number };
  /** Rows whose category (or attribution, for harness rows) fak got wrong, with evidence. */
  misses: TrialJudgement[];
  judgements: TrialJudgement[];
  /** Scored trials fak called UNKNOWN (it could not say why). */
  unknown: number;
  /** The same figures per repository (the label's `repo`, else the job path's first folder) and per harness. */
  by_repo: TrialGroupFigures[];
  by_harness: TrialGroupFigures[];
}

function ratio(n: number, d: number): number {
  return d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000;
}

/**
 * Ingest every job the labels name (under `root`) and score fak's classification of each
 * labelled trial: accuracy with and without `alt` on the failed agent and setup rows, harness
 * rows kept apart, passed rows counted as passes, and every miss with both sides' evidence.
 * @example const e = await evaluateTrials(labels, "../shared/samples"); e.accuracy_with_alt // 0.93
 */
export async function evaluateTrials(
  labels: readonly LabelledTrial[],
  root: string,
): Promise<TrialEvaluation> {
  const byJob = new Map<string, LabelledTrial[]>();
  for (const l of labels) byJob.set(l.job, [...(byJob.get(l.job) ?? []), l]);
  const judgements: TrialJudgement[] = [];
  for (const [job, rows] of byJob) {
    const dir = join(root, job);
    const found = new Map<string, IngestedTrial | SkippedTrial>();
    const stream = rows[0]!.harness === "harbor" ? ingestHarbor(dir) : ingestTb(dir);
    let unreadable: string | undefined;
    try {
      await drain(stream, (item) => {
        const name = isSkipped(item) ? item.trial : basename(item.path ?? item.trial_id);
        found.set(name, item);
      });
    } catch (err) {
      // One job that cannot be read leaves its labels unjudged (counted as misses), not the rest.
      if (!(err instanceof InputError)) throw err;
      unreadable = err.message;
    }
    for (const label of rows) {
      // A label may name the trial folder by its path inside the run (tb's task/trial): its last part.
      const item = found.get(label.trial) ?? found.get(basename(label.trial));
      judgements.push(
        unreadable && !item
          ? { ...judge(label, undefined), missing: `job not readable: ${unreadable}` }
          : judge(label, item),
      );
    }
  }
  const scored = judgements.filter((j) => scoredKind(j) === "scored");
  const harness = judgements.filter((j) => scoredKind(j) === "harness");
  const passed = judgements.filter((j) => scoredKind(j) === "passed");
  const correct = scored.filter((j) => j.correct).length;
  const withAlt = scored.filter((j) => j.correct_with_alt).length;
  return {
    total: judgements.length,
    scored: scored.length,
    correct,
    correct_with_alt: withAlt,
    accuracy: ratio(correct, scored.length),
    accuracy_with_alt: ratio(withAlt, scored.length),
    attribution_correct: scored.filter((j) => j.attribution_correct).length,
    harness: { total: harness.length, kept_apart: harness.filter((j) => j.correct).length },
    passed: { total: passed.length, counted_passed: passed.filter((j) => j.correct).length },
    misses: judgements.filter((j) => !j.correct_with_alt),
    judgements,
    unknown: scored.filter(isUnknown).length,
    by_repo: groupFigures(judgements, (j) => j.repo),
    by_harness: groupFigures(judgements, (j) => j.harness),
  };
}

const isUnknown = (j: TrialJudgement) => j.got?.category === "UNKNOWN";

function groupFigures(
  judgements: readonly TrialJudgement[],
  keyOf: (j: TrialJudgement) => string,
): TrialGroupFigures[] {
  const groups = new Map<string, TrialJudgement[]>();
  for (const j of judgements) groups.set(keyOf(j), [...(groups.get(keyOf(j)) ?? []), j]);
  return [...groups].map(([group, js]) => {
    const scored = js.filter((j) => scoredKind(j) === "scored");
    const harness = js.filter((j) => scoredKind(j) === "harness");
    const withAlt = scored.filter((j) => j.correct_with_alt).length;
    return {
      group,
      scored: scored.length,
      correct: scored.filter((j) => j.correct).length,
      correct_with_alt: withAlt,
      accuracy_with_alt: ratio(withAlt, scored.length),
      unknown: scored.filter(isUnknown).length,
      harness: { total: harness.length, kept_apart: harness.filter((j) => j.correct).length },
    };
  });
}

function scoredKind(j: TrialJudgement): "scored" | "harness" | "passed" {
  if (j.expected.category === "NONE") return "passed";
  return j.expected.attribution === "harness" ? "harness" : "scored";
}

function judge(
  label: LabelledTrial,
  item: IngestedTrial | SkippedTrial | undefined,
): TrialJudgement {
  const expected: TrialJudgement["expected"] = {
    attribution: label.attribution,
    category: label.outcome === "passed" ? "NONE" : label.category,
  };
  Object.assign(expected, altOf(label.alt));
  const base: TrialJudgement = {
    job: label.job,
    repo: label.repo ?? label.job.split(/[\\/]/)[0] ?? label.job,
    harness: label.harness,
    trial: label.trial,
    expected,
    correct: false,
    correct_with_alt: false,
    attribution_correct: false,
  };
  if (label.evidence)
    base.label_evidence = { file: label.evidence.file, quote: label.evidence.quote };
  if (!item) return { ...base, missing: "no trial folder of that name in the job" };
  // A trial without the harness's verdict is never a pass; why it failed may still be judged
  // from its files (`incomplete.judged`), and that is what a failed label is scored against.
  const seen = isSkipped(item)
    ? (verdictJudged(item.verdict) ?? item.incomplete?.judged)
    : judgedTrial(item);
  if (!seen || (isSkipped(item) && label.outcome === "passed"))
    return { ...base, missing: `skipped: ${(item as SkippedTrial).reason}` };
  const c = { failed: seen.category !== "NONE", ...seen };
  const attribution = seen.attribution;
  const got: NonNullable<TrialJudgement["got"]> = {
    attribution,
    category: c.category,
    reason: c.reason,
  };
  if (c.decided_by) got.decided_by = c.decided_by;
  let correct: boolean;
  let withAlt: boolean;
  if (expected.category === "NONE") {
    correct = withAlt = !c.failed;
  } else {
    correct =
      label.attribution === "harness"
        ? c.failed && attribution === "harness"
        : c.failed && c.category === expected.category;
    withAlt = correct || altMatches(expected, c.failed, attribution, c.category);
  }
  return {
    ...base,
    got,
    correct,
    correct_with_alt: withAlt,
    attribution_correct: attribution === label.attribution,
  };
}

/** fak's judgement of a trial it read: its classification and whose failure it is. */
function judgedTrial(
  item: IngestedTrial,
): NonNullable<NonNullable<SkippedTrial["incomplete"]>["judged"]> {
  const c = classifyTrial(item);
  const out: ReturnType<typeof judgedTrial> = {
    category: c.failed ? c.category : "NONE",
    reason: c.reason,
    attribution: c.attribution ?? (item.harness_error ? "harness" : "agent"),
  };
  if (c.decided_by) out.decided_by = c.decided_by;
  return out;
}

/** The job's own verdict on a trial it lists without a readable folder: the cause it recorded. */
function verdictJudged(
  v: SkippedTrial["verdict"],
): NonNullable<NonNullable<SkippedTrial["incomplete"]>["judged"]> | undefined {
  if (!v?.cause || v.passed) return undefined;
  const out: ReturnType<typeof verdictJudged> = {
    category: v.cause.category,
    reason: v.cause.reason,
    attribution: v.cause.attribution,
  };
  if (v.evidence) out.decided_by = v.evidence;
  return out;
}

/** A label's `alt` as a code and an attribution (either may be absent). */
function altOf(alt: LabelledTrial["alt"]): { alt?: FailureCode; alt_attribution?: Attribution } {
  if (!alt) return {};
  const [first, second] = alt.split("/") as [string, string | undefined];
  if (second !== undefined)
    return { alt_attribution: first as Attribution, alt: second as FailureCode };
  return (ATTRIBUTIONS as readonly string[]).includes(first)
    ? { alt_attribution: first as Attribution }
    : { alt: first as FailureCode };
}

/** fak's reading agrees with the label's second reading: kept apart for `harness`, else the code (and attribution, when named). */
function altMatches(
  expected: TrialJudgement["expected"],
  failed: boolean,
  attribution: Attribution,
  category: FailureCode,
): boolean {
  if (!failed || (expected.alt === undefined && expected.alt_attribution === undefined))
    return false;
  if (expected.alt_attribution === "harness") return attribution === "harness";
  if (expected.alt_attribution !== undefined && attribution !== expected.alt_attribution)
    return false;
  return category === (expected.alt ?? expected.category);
}

/**
 * The evaluation for people: the figures, then each miss with what decided it and the label's quote.
 * @example renderTrialEvaluation(await evaluateTrials(labels, root))
 */
export function renderTrialEvaluation(e: TrialEvaluation): string {
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  const lines = [
    `trials: ${e.total} labelled; ${e.scored} failed agent/setup trials scored`,
    `accuracy ${pct(e.accuracy)} (${e.correct}/${e.scored}); with alt ${pct(e.accuracy_with_alt)} (${e.correct_with_alt}/${e.scored})`,
    `attribution right on ${e.attribution_correct}/${e.scored} scored trials`,
    `harness-caused trials kept apart: ${e.harness.kept_apart}/${e.harness.total}`,
    `passed trials counted as passes: ${e.passed.counted_passed}/${e.passed.total}`,
    `UNKNOWN on ${e.unknown}/${e.scored} scored trials`,
  ];
  for (const [title, groups] of [
    ["per repository", e.by_repo],
    ["per harness", e.by_harness],
  ] as const) {
    if (groups.length < 2) continue;
    lines.push("", `${title}:`);
    for (const g of groups)
      lines.push(
        `- ${g.group}: ${g.correct}/${g.scored} (with alt ${g.correct_with_alt}/${g.scored}, ${pct(g.accuracy_with_alt)}); UNKNOWN ${g.unknown}; harness kept apart ${g.harness.kept_apart}/${g.harness.total}`,
      );
  }
  if (e.misses.length) lines.push("", "misses:");
  for (const m of e.misses) {
    const alt = [m.expected.alt_attribution, m.expected.alt].filter(Boolean).join(" ");
    const exp = `${m.expected.attribution} ${m.expected.category}${alt ? ` (alt ${alt})` : ""}`;
    const got = m.got
      ? `${m.got.attribution} ${m.got.category} [${m.got.reason}]`
      : `none (${m.missing})`;
    lines.push(`- ${m.job} ${m.trial}: expected ${exp}, got ${got}`);
    const d = m.got?.decided_by;
    if (d) lines.push(`    fak: ${d.file}${d.line ? `:${d.line}` : ""}: ${d.text}`);
    if (m.label_evidence)
      lines.push(`    label: ${m.label_evidence.file}: ${m.label_evidence.quote.slice(0, 200)}`);
  }
  return lines.join("\n");
}

/** A label file's rows must name jobs inside the root (no `..`, no absolute paths). */
export function checkLabelPaths(labels: readonly LabelledTrial[], file: string): void {
  labels.forEach((l, i) => {
    if (l.job.startsWith("/") || l.job.split(/[\\/]/).includes("..")) {
      throw new InputError(
        { file, line: i + 1, field: "job" },
        "must be a folder relative to --root (no absolute path, no ..)",
      );
    }
  });
}
