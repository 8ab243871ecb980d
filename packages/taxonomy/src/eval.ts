import { z } from "zod";
import { OUTCOME_CODES, type OutcomeCode } from "./codes.js";
import { classifyOutcome } from "./outcome.js";
import type { OutcomeRule } from "./rules/index.js";

/** One labelled command outcome, as in a `fak eval outcomes` corpus line. */
export const labelledOutcomeSchema = z.strictObject({
  id: z.string().min(1),
  command: z.string(),
  exit_code: z.number().int(),
  timed_out: z.boolean(),
  stderr: z.string(),
  expected: z.enum(OUTCOME_CODES),
  rationale: z.string().optional(),
  source: z.string().optional(),
  ambiguous: z.boolean().optional(),
});
export type LabelledOutcome = z.output<typeof labelledOutcomeSchema>;

export interface CategoryScore {
  support: number;
  predicted: number;
  precision: number;
  recall: number;
}

/** Scores over the unambiguous rows; ambiguous rows are counted apart (expected or the "alt X" label). */
export interface OutcomeEvaluation {
  total: number;
  scored: number;
  correct: number;
  accuracy: number;
  per_category: Record<OutcomeCode, CategoryScore>;
  confusion: Record<OutcomeCode, Record<OutcomeCode, number>>;
  misclassified: {
    id: string;
    expected: OutcomeCode;
    predicted: OutcomeCode;
    rule: string | null;
  }[];
  ambiguous: { total: number; correct_or_alt: number; ids: string[] };
}

const ALT = /\balt(?:ernative)?\s+([A-Z_]+)/g;

function altLabels(rationale: string | undefined): OutcomeCode[] {
  const out: OutcomeCode[] = [];
  for (const m of (rationale ?? "").matchAll(ALT)) {
    const code = m[1] as OutcomeCode;
    if ((OUTCOME_CODES as readonly string[]).includes(code)) out.push(code);
  }
  return out;
}

function ratio(n: number, d: number): number {
  return d === 0 ? 0 : Math.round((n / d) * 10_000) / 10_000;
}

/**
 * Classify every labelled row and score the unambiguous ones.
 * @example evaluateOutcomes(parseJsonLines(text, labelledOutcomeSchema, "outcomes.jsonl")).accuracy // 0.95
 */
export function evaluateOutcomes(
  rows: readonly LabelledOutcome[],
  rules?: readonly OutcomeRule[],
): OutcomeEvaluation {
  const zero = () =>
    Object.fromEntries(OUTCOME_CODES.map((c) => [c, 0])) as Record<OutcomeCode, number>;
  const confusion = Object.fromEntries(
    OUTCOME_CODES.map((c) => [c, zero()]),
  ) as OutcomeEvaluation["confusion"];
  const misclassified: OutcomeEvaluation["misclassified"] = [];
  const ambiguous = { total: 0, correct_or_alt: 0, ids: [] as string[] };
  let scored = 0;
  let correct = 0;
  for (const row of rows) {
    const { source: _where, ...outcome } = row;
    const got = classifyOutcome(outcome, rules);
    if (row.ambiguous) {
      ambiguous.total++;
      if (got.category === row.expected || altLabels(row.rationale).includes(got.category)) {
        ambiguous.correct_or_alt++;
      } else ambiguous.ids.push(row.id);
      continue;
    }
    scored++;
    confusion[row.expected][got.category]++;
    if (got.category === row.expected) correct++;
    else
      misclassified.push({
        id: row.id,
        expected: row.expected,
        predicted: got.category,
        rule: got.rule,
      });
  }
  const per_category = Object.fromEntries(
    OUTCOME_CODES.map((c) => {
      const support = OUTCOME_CODES.reduce((n, p) => n + confusion[c][p], 0);
      const predicted = OUTCOME_CODES.reduce((n, e) => n + confusion[e][c], 0);
      const hit = confusion[c][c];
      return [
        c,
        { support, predicted, precision: ratio(hit, predicted), recall: ratio(hit, support) },
      ];
    }),
  ) as OutcomeEvaluation["per_category"];
  return {
    total: rows.length,
    scored,
    correct,
    accuracy: ratio(correct, scored),
    per_category,
    confusion,
    misclassified,
    ambiguous,
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
const SHORT: Readonly<Record<OutcomeCode, string>> = {
  CMD_ERROR: "CMD",
  ENV_SETUP_MISS: "ENV",
  TIMEOUT: "TIME",
  PKG_INSTALL: "PKG",
  BAD_FILE_EDIT: "BAD",
};

/**
 * A plain-text report: accuracy, per-category precision/recall, confusion matrix, misclassified ids.
 * @example console.log(renderEvaluation(evaluateOutcomes(rows)))
 */
export function renderEvaluation(e: OutcomeEvaluation): string {
  const out = [
    `accuracy ${pct(e.accuracy)} (${e.correct}/${e.scored} unambiguous; ${e.total} rows)`,
    `ambiguous: ${e.ambiguous.correct_or_alt}/${e.ambiguous.total} match expected or alt`,
    "",
    `${"category".padEnd(16)}${"support".padStart(8)}${"predicted".padStart(10)}${"precision".padStart(10)}${"recall".padStart(8)}`,
  ];
  for (const c of OUTCOME_CODES) {
    const s = e.per_category[c];
    out.push(
      `${c.padEnd(16)}${String(s.support).padStart(8)}${String(s.predicted).padStart(10)}${pct(s.precision).padStart(10)}${pct(s.recall).padStart(8)}`,
    );
  }
  out.push(
    "",
    `${"expected \\ got".padEnd(16)}${OUTCOME_CODES.map((c) => SHORT[c].padStart(6)).join("")}`,
  );
  for (const c of OUTCOME_CODES) {
    out.push(
      `${c.padEnd(16)}${OUTCOME_CODES.map((p) => String(e.confusion[c][p]).padStart(6)).join("")}`,
    );
  }
  if (e.misclassified.length) {
    out.push("", "misclassified:");
    for (const m of e.misclassified)
      out.push(`  ${m.id}: expected ${m.expected}, got ${m.predicted} (${m.rule ?? "no rule"})`);
  }
  if (e.ambiguous.ids.length)
    out.push("", `ambiguous, neither label: ${e.ambiguous.ids.join(", ")}`);
  return out.join("\n");
}
