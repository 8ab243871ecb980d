/**
 * Scrub throughput against input size, beside a baseline of one trivial regex pass over the same
 * text: linear time shows as a flat ms/MB column as the size doubles.
 * Run: cd packages/memory && ./node_modules/.bin/tsx src/scrub/scrub.bench.ts
 */

import { fakeSecret, prose, SECRET_GENERATORS, seededRng } from "../../test/support/secrets.js";
import { scrub } from "./scrub.js";

function realistic(size: number): string {
  const rng = seededRng(1);
  const kinds = Object.keys(SECRET_GENERATORS);
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const part =
      i % 4 === 0
        ? `${prose(rng)} ${fakeSecret(kinds[i % kinds.length] ?? "jwt", rng).text}`
        : prose(rng, 12);
    parts.push(part);
    length += part.length + 1;
  }
  return parts.join("\n").slice(0, size);
}

const inputs: Record<string, (size: number) => string> = {
  "realistic (1 secret / 4 lines)": realistic,
  '"password=" repeated': (size) => "password=".repeat(Math.ceil(size / 9)).slice(0, size),
  '"a:" repeated': (size) => "a:".repeat(size / 2),
  "BEGIN lines without END": (size) =>
    "-----BEGIN PRIVATE KEY-----\n".repeat(Math.ceil(size / 28)).slice(0, size),
  "one 1-class run": (size) => "a".repeat(size),
};

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
}

function time(fn: () => unknown, runs = 5): number {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const baseline = /[A-Za-z0-9+/_-]{40}/g;
const rows: Record<string, string | number>[] = [];
for (const [name, make] of Object.entries(inputs)) {
  for (const kb of [64, 128, 256, 512]) {
    const text = make(kb * 1024);
    const s = time(() => scrub(text));
    const b = time(() => text.replace(baseline, "[x]"));
    rows.push({
      input: name,
      KiB: kb,
      "scrub ms": s.toFixed(1),
      "scrub ms/MiB": ((s * 1024) / kb).toFixed(0),
      "baseline ms": b.toFixed(1),
      "baseline ms/MiB": ((b * 1024) / kb).toFixed(0),
    });
  }
}
console.table(rows);
