import { InvalidArgumentError } from "commander";

/** Commander parser for a positive whole number (a bad value is a usage error, exit 2). */
export function positiveInt(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(n) || n < 1) {
    throw new InvalidArgumentError(`expected a whole number of at least 1, got "${value}"`);
  }
  return n;
}

/** Options every command takes. */
export interface CommonOptions {
  json?: boolean;
}

/** Options of commands that open the failure memory. */
export interface DbOptions extends CommonOptions {
  db?: string;
}
