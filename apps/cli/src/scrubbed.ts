import { displaySafe } from "@fak/taxonomy";

// The output boundary of every command that prints or writes data read from job folders
// (ingest, compare, report, watch): secrets scrubbed as the failure memory stores text, then
// made safe for the medium (terminal text here and in terminal.ts, JSON in output.ts, CSV and
// Markdown in @fak/replay's formats, HTML in its report).

type Walk = (text: string) => string;
type Together = (texts: readonly string[]) => string[];

/** A copy of `value` with every string in it (at any depth) replaced by `each` of them, in order. */
function copyWith<T>(value: T, each: Together): T {
  const strings: string[] = [];
  const collect = (v: unknown): void => {
    if (typeof v === "string") strings.push(v);
    else if (Array.isArray(v)) for (const x of v) collect(x);
    else if (v !== null && typeof v === "object") for (const x of Object.values(v)) collect(x);
  };
  collect(value);
  const done = each(strings);
  let next = 0;
  const walk = (v: unknown): unknown => {
    if (typeof v === "string") return done[next++] ?? "";
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

/** The scrubber of @fak/memory for texts that go out together (see `scrubTogether`). */
async function togetherScrubber(): Promise<Together> {
  const { scrubTogether } = await import("@fak/memory");
  return scrubTogether;
}

/**
 * `value` with every string in it (at any depth) scrubbed of secrets, as the failure memory
 * stores text, for JSON on stdout, --out files and the HTML report. The strings are scrubbed
 * together: a secret found in one is redacted wherever a copy stands in another (an evidence
 * line quoting it folded to lower case).
 * @example const safe = await scrubbedCopy({ stderr: "token ghp_..." }) // { stderr: "token [REDACTED:github_token]" }
 */
export async function scrubbedCopy<T>(value: T): Promise<T> {
  return copyWith(value, await togetherScrubber());
}

/**
 * `value` as it may be shown to a person: every string scrubbed of secrets (together, as in
 * scrubbedCopy), then with escape sequences dropped, controls shown as `?` and bidi and
 * invisible characters made visible (see forTerminal). For tables and text rendered from data
 * and written to a terminal.
 * @example const shown = await shownCopy(comparison); await out(comparisonText(shown));
 */
export async function shownCopy<T>(value: T): Promise<T> {
  const together = await togetherScrubber();
  return copyWith(value, (texts) => together(texts).map(displaySafe));
}

/**
 * Say `note` (about the input, from the reading of job folders) on stderr, scrubbed and made
 * safe for a terminal; stdout stays the command's output.
 */
export async function noteLine(note: string): Promise<void> {
  const scrub = await scrubber();
  process.stderr.write(`fak: note: ${displaySafe(scrub(note))}\n`);
}
