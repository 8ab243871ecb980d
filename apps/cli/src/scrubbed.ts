import { displaySafe } from "@fak/taxonomy";

// The output boundary of every command that prints or writes data read from job folders
// (ingest, compare, report, watch): secrets scrubbed as the failure memory stores text, then
// made safe for the medium (terminal text here and in terminal.ts, JSON in output.ts, CSV and
// Markdown in @fak/replay's formats, HTML in its report).

type Walk = (text: string) => string;

function copyWith<T>(value: T, each: Walk): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return each(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, x] of Object.entries(v)) out[k] = walk(x);
      return out;
    }
    return v;
  };
  return walk(value) as T;
}

/** The scrubber of @fak/memory (loaded when first needed). */
export async function scrubber(): Promise<Walk> {
  const { scrub } = await import("@fak/memory");
  return scrub;
}

/**
 * `value` with every string in it (at any depth) scrubbed of secrets, as the failure memory
 * stores text: for JSON on stdout, --out files and the HTML report.
 * @example const safe = await scrubbedCopy({ stderr: "token ghp_..." }) // { stderr: "token [REDACTED:github_token]" }
 */
export async function scrubbedCopy<T>(value: T): Promise<T> {
  return copyWith(value, await scrubber());
}

/**
 * `value` as it may be shown to a person: every string scrubbed of secrets, then with escape
 * sequences dropped, controls shown as `?` and bidi and invisible characters made visible
 * (see forTerminal). For tables and text rendered from data and written to a terminal.
 * @example const shown = await shownCopy(comparison); await out(comparisonText(shown));
 */
export async function shownCopy<T>(value: T): Promise<T> {
  const scrub = await scrubber();
  return copyWith(value, (s) => displaySafe(scrub(s)));
}

/**
 * Say `note` (about the input, from the reading of job folders) on stderr, scrubbed and made
 * safe for a terminal; stdout stays the command's output.
 */
export async function noteLine(note: string): Promise<void> {
  const scrub = await scrubber();
  process.stderr.write(`fak: note: ${displaySafe(scrub(note))}\n`);
}
