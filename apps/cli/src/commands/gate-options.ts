import { FAILURE_CODES } from "@fak/taxonomy";
import { InvalidArgumentError } from "commander";

/** Commander parser for `--fail-on CATEGORY[,…]`: closed-vocabulary codes only (else exit 2). */
export function categoryList(value: string): string[] {
  const list = value
    .split(",")
    .map((c) => c.trim().toUpperCase())
    .filter(Boolean);
  const unknown = list.filter((c) => !(FAILURE_CODES as readonly string[]).includes(c));
  if (list.length === 0 || unknown.length) {
    throw new InvalidArgumentError(
      `unknown failure category "${unknown.join(",") || value}"; known: ${FAILURE_CODES.join(", ")}`,
    );
  }
  return list;
}

/** Commander parser for `--max-failures N`: a whole number, 0 allowed. */
export function wholeNumber(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n)) {
    throw new InvalidArgumentError(`expected a whole number, got "${value}"`);
  }
  return n;
}

export const ROW_FORMATS = ["csv", "jsonl", "md"] as const;
export type RowFormat = (typeof ROW_FORMATS)[number];

/** Commander parser for `--format csv|jsonl|md`. */
export function rowFormat(value: string): RowFormat {
  if (!(ROW_FORMATS as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`expected one of ${ROW_FORMATS.join(", ")}, got "${value}"`);
  }
  return value as RowFormat;
}
