// Which literal text must a line contain for a pattern to match it? Read from the pattern's
// source when the table is built, so that rules stay plain regular expressions. The reading is
// conservative: any construct it does not understand gives "nothing proven", and the rule is
// then tested against every line, as before.

/** A set of strings one of which every match contains; null when nothing is proven. */
type Required = string[] | null;

interface Atom {
  /** The texts one of which the atom always matches exactly, when few (a character, "(fail|✕)"). */
  exact?: string[];
  required: Required;
  /** Every requirement proven (each a set of strings one of which every match contains). */
  all: string[][];
  /** Consumes no text (^, $, \b, lookarounds): literal runs continue across it. */
  zeroWidth?: boolean;
}

class UnsupportedError extends Error {
  readonly code = "UNSUPPORTED_PATTERN";
}

// At most this many alternative texts are followed through a sequence ("(a|b)(c|d)" is 4).
const MAX_EXACT = 16;

const CLASS_ESCAPES = new Set(["d", "D", "w", "W", "s", "S"]);
const CONTROL_ESCAPES: Readonly<Record<string, string>> = {
  n: "\n",
  t: "\t",
  r: "\r",
  f: "\f",
  v: "\v",
  "0": "\0",
};

/**
 * Literal substrings of which every line matching `re` contains at least one, or undefined
 * when the pattern's source cannot prove any (case-insensitive or `v` patterns, back-references,
 * an alternative with no fixed text).
 * @example requiredLiterals(/no matching distribution (found )?for/) // ["no matching distribution "]
 */
export function requiredLiterals(re: RegExp): string[] | undefined {
  return strongest(parse(re));
}

function strongest(atom: Atom | undefined): string[] | undefined {
  const req = atom?.required;
  if (!req || req.length === 0 || req.some((s) => s.length === 0)) return undefined;
  return [...new Set(req)];
}

/**
 * Every set of literal substrings the pattern proves, all of which a matching line satisfies
 * (each by at least one of its strings): the requirements of a sequence's parts, one set for an
 * alternation. The first is `requiredLiterals(re)`; undefined when that is.
 * @example requiredLiteralSets(/^error: .* not found$/) // [["error: "], [" not found"]]
 */
export function requiredLiteralSets(re: RegExp): string[][] | undefined {
  const atom = parse(re);
  const best = strongest(atom);
  if (!best) return undefined;
  const sets = [best];
  const seen = new Set([best.join("\u0000")]);
  for (const set of atom?.all ?? []) {
    const unique = [...new Set(set)];
    const key = unique.join("\u0000");
    if (unique.length === 0 || unique.some((s) => s.length === 0) || seen.has(key)) continue;
    seen.add(key);
    sets.push(unique);
  }
  return sets;
}

function parse(re: RegExp): Atom | undefined {
  if (/[iv]/.test(re.flags)) return undefined;
  if (re.flags.includes("u") && /[\ud800-\udfff]/.test(re.source)) return undefined;
  try {
    const parser = new Parser(re.source);
    const atom = parser.alternation();
    return parser.pos === re.source.length ? atom : undefined;
  } catch (err) {
    if (err instanceof UnsupportedError) return undefined;
    throw err;
  }
}

// The stronger requirement: the longest shortest literal (fewer false candidates), then fewer strings.
function better(a: Required, b: Required): Required {
  if (!a) return b;
  if (!b) return a;
  const ma = Math.min(...a.map((s) => s.length));
  const mb = Math.min(...b.map((s) => s.length));
  if (ma !== mb) return ma > mb ? a : b;
  return a.length <= b.length ? a : b;
}

function cross(heads: readonly string[], tails: readonly string[]): string[] {
  // Most of a pattern is one text followed by one character: no set to build.
  if (heads.length === 1 && tails.length === 1) return [heads[0]! + tails[0]!];
  return [...new Set(heads.flatMap((h) => tails.map((t) => h + t)))];
}

class Parser {
  pos = 0;
  constructor(private readonly src: string) {}

  alternation(): Atom {
    const branches: Atom[] = [this.sequence()];
    while (this.src[this.pos] === "|") {
      this.pos++;
      branches.push(this.sequence());
    }
    const exact = branches.every((b) => b.exact)
      ? [...new Set(branches.flatMap((b) => b.exact ?? []))]
      : undefined;
    const required = branches.some((b) => !b.required)
      ? null
      : branches.flatMap((b) => b.required ?? []);
    // One branch keeps all its requirements; of several, only their union is proven.
    const all = branches.length === 1 ? branches[0]!.all : required ? [required] : [];
    return exact && exact.length <= MAX_EXACT ? { exact, required, all } : { required, all };
  }

  private sequence(): Atom {
    // The texts the literal run so far may be (one unless an alternation of texts joined it).
    let runs: string[] = [""];
    let best: Required = null;
    let exact: string[] | undefined = [""];
    const all: string[][] = [];
    const flush = () => {
      if (runs.every((r) => r.length > 0)) {
        best = better(best, runs);
        all.push(runs);
      }
      runs = [""];
    };
    const require = (atom: Atom) => {
      best = better(best, atom.required);
      all.push(...atom.all);
    };
    const append = (texts: string[]) => {
      if (runs.length * texts.length > MAX_EXACT) flush();
      runs = cross(runs, texts);
      exact = exact && exact.length * texts.length <= MAX_EXACT ? cross(exact, texts) : undefined;
    };
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined || c === "|" || c === ")") break;
      const atom = this.atom();
      const min = this.quantifier();
      if (atom.zeroWidth) {
        if (min === undefined && atom.exact?.length === 1 && atom.exact[0] === "") continue;
        flush(); // a lookaround (or a quantified one): its text is not part of the run
        continue;
      }
      if (min === undefined) {
        if (atom.exact !== undefined) {
          append(atom.exact);
          continue;
        }
        exact = undefined;
        flush();
        require(atom);
        continue;
      }
      exact = undefined;
      if (min >= 1 && atom.exact !== undefined) {
        // At least one copy follows the run: "ab+c" always contains "ab".
        append(atom.exact);
        exact = undefined;
        flush();
        continue;
      }
      flush();
      if (min >= 1) require(atom);
    }
    flush();
    return exact !== undefined ? { exact, required: best ?? [""], all } : { required: best, all };
  }

  private atom(): Atom {
    const c = this.src[this.pos]!;
    this.pos++;
    switch (c) {
      case "^":
      case "$":
        return { exact: [""], required: null, all: [], zeroWidth: true };
      case ".":
        return { required: null, all: [] };
      case "[":
        this.skipClass();
        return { required: null, all: [] };
      case "(":
        return this.group();
      case "\\":
        return this.escape();
      case "*":
      case "+":
      case "?":
        throw new UnsupportedError("nothing to repeat");
      case "{":
        if (/^\d+(,\d*)?\}/.test(this.src.slice(this.pos)))
          throw new UnsupportedError("nothing to repeat");
        return { exact: [c], required: [c], all: [] };
      default:
        return { exact: [c], required: [c], all: [] };
    }
  }

  private group(): Atom {
    const rest = this.src.slice(this.pos, this.pos + 3);
    let look = false;
    if (rest.startsWith("?:")) this.pos += 2;
    else if (/^\?<?[=!]/.test(rest)) {
      look = true;
      this.pos += rest[1] === "<" ? 3 : 2;
    } else if (rest.startsWith("?<")) {
      const close = this.src.indexOf(">", this.pos);
      if (close < 0) throw new UnsupportedError("unterminated group name");
      this.pos = close + 1;
    } else if (rest.startsWith("?")) throw new UnsupportedError("group modifiers");
    const inner = this.alternation();
    if (this.src[this.pos] !== ")") throw new UnsupportedError("unterminated group");
    this.pos++;
    if (look) return { required: null, all: [], zeroWidth: true };
    return inner;
  }

  private escape(): Atom {
    const c = this.src[this.pos];
    if (c === undefined) throw new UnsupportedError("trailing backslash");
    this.pos++;
    if (c === "b" || c === "B") return { exact: [""], required: null, all: [], zeroWidth: true };
    if (CLASS_ESCAPES.has(c)) return { required: null, all: [] };
    if (/[1-9]/.test(c)) return { required: null, all: [] }; // a back-reference: unknown text
    const control = CONTROL_ESCAPES[c];
    if (control !== undefined) {
      if (c === "0" && /[0-9]/.test(this.src[this.pos] ?? "")) throw new UnsupportedError("octal");
      return { exact: [control], required: [control], all: [] };
    }
    if (c === "x" || c === "u") {
      const hex = this.src.slice(this.pos, this.pos + (c === "x" ? 2 : 4));
      if (!/^[0-9a-fA-F]+$/.test(hex) || hex.length !== (c === "x" ? 2 : 4))
        throw new UnsupportedError("escape");
      this.pos += hex.length;
      const ch = String.fromCharCode(Number.parseInt(hex, 16));
      return { exact: [ch], required: [ch], all: [] };
    }
    if (/[a-zA-Z]/.test(c)) throw new UnsupportedError(`escape \\${c}`); // \c, \k, \p, ...
    return { exact: [c], required: [c], all: [] };
  }

  private skipClass(): void {
    while (this.pos < this.src.length) {
      const c = this.src[this.pos++];
      if (c === "\\") this.pos++;
      else if (c === "]") return;
    }
    throw new UnsupportedError("unterminated class");
  }

  /** The minimum count of a quantifier at the cursor (consumed), or undefined when none. */
  private quantifier(): number | undefined {
    const c = this.src[this.pos];
    let min: number | undefined;
    if (c === "*" || c === "?") min = 0;
    else if (c === "+") min = 1;
    else if (c === "{") {
      const m = /^\{(\d+)(,\d*)?\}/.exec(this.src.slice(this.pos));
      if (!m) return undefined;
      this.pos += m[0].length - 1;
      min = Number(m[1]);
    }
    if (min === undefined) return undefined;
    this.pos++;
    if (this.src[this.pos] === "?") this.pos++;
    return min;
  }
}
