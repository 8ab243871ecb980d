import * as crypto from "node:crypto";
import type { Source } from "./provenance.js";

/** The stored columns a row digest covers, as written (the references are checked apart). */
export interface DigestedColumns {
  session: string;
  task: string;
  approach: string;
  death_reason: string;
  layer: string;
  conviction: string;
  created_at: string;
  provenance: string;
  source: Source | null;
}

const ORDER = [
  "session",
  "task",
  "approach",
  "death_reason",
  "layer",
  "conviction",
  "created_at",
  "provenance",
] as const satisfies readonly (keyof DigestedColumns)[];

/**
 * A row's digest (`row_digest`): 32 hex characters of SHA-256 over its columns as written, so
 * `fak memory verify` sees a changed byte in any of them (a bit flipped on disk, a hand edit
 * that kept the substance key). It detects damage, not a forger: anyone who can write the file
 * can recompute it.
 * @example rowDigest({ session: "s", ... }).length // 32
 */
export function rowDigest(c: DigestedColumns): string {
  const s = c.source;
  // The columns in ORDER, then the source's; written out, since spreading costs several µs a
  // row in V8 (an import digests every row).
  const text = JSON.stringify([
    c[ORDER[0]],
    c[ORDER[1]],
    c[ORDER[2]],
    c[ORDER[3]],
    c[ORDER[4]],
    c[ORDER[5]],
    c[ORDER[6]],
    c[ORDER[7]],
    s ? s.harness : null,
    s ? s.job : null,
    s ? s.trial : null,
    s ? s.attempt : null,
  ]);
  // crypto.hash (Node >= 20.12) is the one-shot fast path; createHash is the same digest.
  const digest = crypto.hash
    ? crypto.hash("sha256", text, "hex")
    : crypto.createHash("sha256").update(text).digest("hex");
  return digest.slice(0, 32);
}
