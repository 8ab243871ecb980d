import { type FailureClassification, failureClassificationSchema, fieldPath } from "@fak/taxonomy";
import { RetryArgumentError } from "./errors.js";

/** The attempt just finished and the cap, both 1-based counts. */
export function checkAttempts(attempt: number, maxAttempts: number): void {
  for (const [name, value] of [
    ["attempt", attempt],
    ["maxAttempts", maxAttempts],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new RetryArgumentError(name, `must be a positive integer, got ${String(value)}`);
    }
  }
}

/** Validate a classification so a hand-built one with a missing flag cannot slip past a hold. */
export function checkClassification(value: unknown, name: string): FailureClassification {
  const result = failureClassificationSchema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? `${name}.${fieldPath(issue.path)}` : name;
  throw new RetryArgumentError(field, issue.message);
}

/** Validate a task's earlier attempts: the same task, and no more of them than came before. */
export function checkHistory(
  c: FailureClassification,
  history: readonly FailureClassification[],
  attempt: number,
): FailureClassification[] {
  if (history.length >= attempt) {
    throw new RetryArgumentError(
      "history",
      `holds ${history.length} earlier attempt(s), but attempt ${attempt} has only ${attempt - 1} before it`,
    );
  }
  return history.map((earlier, i) => {
    const parsed = checkClassification(earlier, `history[${i}]`);
    if (parsed.task_id !== c.task_id) {
      throw new RetryArgumentError(
        `history[${i}].task_id`,
        `is "${parsed.task_id}", but the classification is for "${c.task_id}"`,
      );
    }
    return parsed;
  });
}
