import { stripAnsi } from "./ansi.js";
// stderr is match material only. Before any rule sees it, it is cut to a bounded tail (so a
// 10 MB log costs the same as a 32 KB one), stripped of terminal control sequences and folded
// to one lower-case form, so that rules are written once and never meet colour codes or CRLF.

/** How much of a stderr tail the classifier reads: the last `maxChars`, at most `maxLines` lines. */
export interface NormalizeLimits {
  maxChars: number;
  maxLines: number;
  maxLineLength: number;
}

/** The default bound: the last 32 KiB, last 400 lines, each line cut to 4 KiB. */
export const STDERR_LIMITS: Readonly<NormalizeLimits> = {
  maxChars: 32 * 1024,
  maxLines: 400,
  maxLineLength: 4 * 1024,
};

// Every pattern below is a single pass with no nested quantifiers: linear in the tail length.
// Colour codes whose ESC byte was lost on the way (logs pasted from a terminal): "[31m".
const SGR_RESIDUE = /\[[0-9;]{1,16}m/g;
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const SINGLE_QUOTES = /[\u2018\u2019\u201a\u201b\u2032]/g;
const DOUBLE_QUOTES = /[\u201c\u201d\u201e\u2033]/g;
// Wrappers that prefix every line of a tool's output: BuildKit step and clock ("#9 12.3 "),
// timestamps ("2024-01-02T03:04:05Z ", "[12:00:01] ", "9:34:12 am: "), CI annotations
// ("##[error]"), journald ("dec 22 15:58:05 host nginx[42]: ") and compose service
// columns ("web-1 | "). Stripped so that rules anchored at a line start see the tool's line.
const LINE_PREFIXES = [
  /^#\d+ (\d+(\.\d+)? )?/,
  /^\[?\d{4}-\d{2}-\d{2}[t ]\d{2}:\d{2}:\d{2}(\.\d+)?(z|[+-]\d{2}:?\d{2})?\]?:? /,
  /^\[?\d{1,2}:\d{2}:\d{2}(\.\d+)?( ?[ap]m)?\]?:? /,
  /^##\[(error|warning|notice|debug)\]/,
  /^[a-z]{3} \d{1,2} \d{2}:\d{2}:\d{2} \S+ [\w.@/-]+(\[\d+\])?: /,
  /^[\w.-]+ *\| /,
];

// Markdown-escaped make markers ("**\*") as they appear in pasted logs.
const ESCAPED_STARS = /\*\*\\\*/g;

/**
 * Normalise a stderr tail for matching: keep a bounded tail, strip ANSI escapes and other
 * control characters (NUL included), fold CRLF and lone CR to LF, NFKC-fold full-width forms,
 * fold typographic quotes to ASCII, collapse runs of blanks, trim each line and lower-case it.
 * Blank lines are dropped. Runs in time linear in the kept tail, whatever the input size.
 * @example normalizeStderr("\u001b[31mERROR\u001b[0m: No matching distribution\r\n") // "error: no matching distribution"
 */
export function normalizeStderr(text: string, limits: NormalizeLimits = STDERR_LIMITS): string {
  return normalizedLines(text, limits).join("\n");
}

/**
 * The lines of `normalizeStderr(text, limits)`, not joined (`[""]` for a tail with none).
 * Internal, as is everything below.
 */
export function normalizedLines(
  text: string,
  limits: NormalizeLimits = STDERR_LIMITS,
): readonly string[] {
  return NormalizedTail.of(text, limits).lines();
}

// Anything but printable ASCII, LF and tab: an escape, a CR, a control or non-ASCII character.
// Most tails have none, and then only the colour residue and escaped stars may need folding.
const NOT_PLAIN = /[^\n\t\x20-\x7e]/;
const NON_ASCII = /[^\x00-\x7f]/;
// After NFKC (which maps U+00A0 and U+3000 to a space) the only blanks left are space and tab.
const LINE_BLANKS = /[ \t]{2,}|\t/g;

/**
 * A stderr tail as the matcher reads it: the whole-text steps done once (the bounded tail,
 * escapes, CR, controls, NFKC, quotes, escaped stars, lower case), the per-line steps (trim,
 * blank runs, wrapper prefixes, the length cut) left to `lineOf`, so that a matcher can scan
 * `text` in one pass and normalise only the lines it needs. Most tails are plain (printable
 * ASCII, tabs, LFs): for them the whole-text steps only lower-case, so a matcher may scan the
 * tail as it came (`unfolded()`), reading A-Z as a-z, and fold nothing unless the scan meets
 * another character (then it reads `text`). Its lines, each through `lineOf`,
 * dropping those that come out empty, are `normalizedLines` (when there are at most
 * `maxLines` of them; `exact()` gives the tail whose lines are the normalised ones as they are).
 */
export class NormalizedTail {
  private normalised: readonly string[] | undefined;
  private positions: Int32Array | undefined;
  private folded: string | undefined;
  private plain = false;

  private constructor(
    /** The bounded tail as it came (with `isExact`, the lines joined). */
    private readonly cut: string,
    /** True when every line of `text` is already normalised: `lineOf` is the identity. */
    readonly isExact: boolean,
    readonly limits: NormalizeLimits,
  ) {
    if (isExact) this.folded = cut;
  }

  /**
   * The text whose lines `lineOf` normalises (with `isExact`, the normalised lines joined): the
   * whole-text steps done and lower-cased, on first use.
   */
  get text(): string {
    if (this.folded === undefined)
      this.folded = this.plain ? this.cut.toLowerCase() : fold(this.cut).toLowerCase();
    return this.folded;
  }

  /**
   * The tail as it came, when lower-casing is all the whole-text steps do to it provided that
   * every character of it is printable ASCII, a tab or an LF (no colour residue, no escaped
   * stars): a scanner may read it so, and give up at the first other character. Undefined when
   * `text` is to be read (already computed, given lines, or a step that applies to plain text).
   */
  unfolded(): string | undefined {
    if (this.folded !== undefined) return undefined;
    const t = this.cut;
    return this.plain || (!hasSgrResidue(t) && !t.includes("**\\*")) ? t : undefined;
  }

  /** Told by a scanner that read all of `unfolded()`: every character is plain; `text` is its lower case. */
  foundPlain(): void {
    this.plain = true;
  }

  /** The tail of a stderr text. */
  static of(text: string, limits: NormalizeLimits = STDERR_LIMITS): NormalizedTail {
    let tail = text;
    if (tail.length > limits.maxChars) {
      tail = tail.slice(tail.length - limits.maxChars);
      // The cut may fall inside a line or an escape sequence: start at the next full line.
      const nl = tail.search(/[\r\n]/);
      if (nl >= 0 && nl < tail.length - 1) tail = tail.slice(nl + 1);
    }
    return new NormalizedTail(tail, false, limits);
  }

  /** A tail of lines already normalised (or taken as they are), none holding an LF. */
  static ofLines(
    lines: readonly string[],
    limits: NormalizeLimits = STDERR_LIMITS,
  ): NormalizedTail {
    const tail = new NormalizedTail(lines.join("\n"), true, limits);
    tail.normalised = lines;
    return tail;
  }

  /** The normalised form of one line of `text`; "" when normalisation drops it. */
  lineOf(raw: string): string {
    if (this.isExact) return raw;
    // Blank runs never span a line break, and trimming before or after folding them is the same.
    let line = raw.trim();
    if (!line) return "";
    if (line.includes("  ") || line.includes("\t")) line = line.replace(LINE_BLANKS, " ");
    line = stripPrefixes(line);
    const max = this.limits.maxLineLength;
    return line.length > max ? line.slice(0, max) : line;
  }

  /** The normalised lines (`[""]` when none), computed once (with `lineIndex`'s places). */
  lines(): readonly string[] {
    if (this.normalised) return this.normalised;
    const lines: string[] = [];
    const split = this.text.split("\n");
    this.positions = new Int32Array(split.length);
    for (let i = 0; i < split.length; i++) {
      this.positions[i] = lines.length;
      const line = this.lineOf(split[i]!);
      if (line) lines.push(line);
    }
    const max = this.limits.maxLines;
    const kept = lines.length > max ? lines.slice(lines.length - max) : lines;
    this.normalised = kept.length ? kept : [""];
    return this.normalised;
  }

  /**
   * `lines().some(test)` for a `test` that fails on "", reading the lines one at a time up to the
   * first that passes (all of them when there are more than `maxLines`: the first are dropped).
   */
  someLine(test: (line: string) => boolean): boolean {
    if (this.normalised) return this.normalised.some(test);
    const text = this.text;
    let breaks = 0;
    for (
      let i = text.indexOf("\n");
      i >= 0 && breaks < this.limits.maxLines;
      i = text.indexOf("\n", i + 1)
    )
      breaks++;
    if (breaks >= this.limits.maxLines) return this.lines().some(test);
    for (let from = 0; from <= text.length; ) {
      let nl = text.indexOf("\n", from);
      if (nl < 0) nl = text.length;
      const line = this.lineOf(text.slice(from, nl));
      if (line && test(line)) return true;
      from = nl + 1;
    }
    return false;
  }

  /** The tail whose text is the normalised lines, joined: exact whatever the number of lines. */
  exact(): NormalizedTail {
    return this.isExact ? this : NormalizedTail.ofLines(this.lines(), this.limits);
  }

  /**
   * The place in `lines()` of the line `raw` of `text` (0-based), for a line that normalisation
   * keeps, when `text` has at most `maxLines` lines.
   */
  lineIndex(raw: number): number {
    if (this.isExact) return raw;
    if (!this.positions) this.lines();
    return this.positions![raw]!;
  }
}

// The reference's steps in their order (before lower-casing), each skipped when it cannot apply.
function fold(tail: string): string {
  let t = tail;
  const plain = !NOT_PLAIN.test(t);
  if (!plain) {
    // Taxonomy's one escape pattern (ansi.ts), 7-bit and 8-bit introducers alike.
    t = stripAnsi(t);
    if (t.includes("\r")) t = t.replace(/\r\n?/g, "\n");
    t = t.replace(CONTROL, "");
  }
  if (hasSgrResidue(t)) t = t.replace(SGR_RESIDUE, "");
  if (!plain && NON_ASCII.test(t))
    t = t.normalize("NFKC").replace(SINGLE_QUOTES, "'").replace(DOUBLE_QUOTES, '"');
  if (t.includes("**\\*")) t = t.replace(ESCAPED_STARS, "***");
  return t;
}

// Exactly what SGR_RESIDUE matches somewhere in `t`: a "[", 1 to 16 digits or ";", an "m".
// Checked by hand, so that the common "[3 ...]" or "[12/40]" costs no replace of the whole tail.
function hasSgrResidue(t: string): boolean {
  for (let i = t.indexOf("["); i >= 0; i = t.indexOf("[", i + 1)) {
    let j = i + 1;
    const end = i + 17;
    while (j < end && isSgrParameter(t.charCodeAt(j))) j++;
    if (j > i + 1 && t.charCodeAt(j) === 109) return true;
  }
  return false;
}

function isSgrParameter(c: number): boolean {
  return isDigit(c) || c === 59;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

// Each prefix in its order, tried only when the line has the character it needs (most lines
// have none of them): "#" for BuildKit and CI annotations, "[" or a digit for timestamps, a
// blank fourth character and a digit after it for journald, "| " for compose columns.
function stripPrefixes(line: string): string {
  let out = line;
  if (out.charCodeAt(0) === 35) out = out.replace(LINE_PREFIXES[0]!, "");
  let c = out.charCodeAt(0);
  if (c === 91 || isDigit(c)) {
    out = out.replace(LINE_PREFIXES[1]!, "");
    c = out.charCodeAt(0);
    if (c === 91 || isDigit(c)) out = out.replace(LINE_PREFIXES[2]!, "");
  }
  if (out.charCodeAt(0) === 35) out = out.replace(LINE_PREFIXES[3]!, "");
  if (out.charCodeAt(3) === 32 && isDigit(out.charCodeAt(4)))
    out = out.replace(LINE_PREFIXES[4]!, "");
  if (out.includes("| ")) out = out.replace(LINE_PREFIXES[5]!, "");
  // The line came trimmed: only a stripped prefix can leave blanks at its start.
  return out === line ? out : out.trim();
}
