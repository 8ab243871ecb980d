import { isWordLike } from "./entropy.js";

// Well-known defaults and type names: not secrets, and useless to redact.
const words = new Set(
  (
    "changeme change_me change-me password passwd secret token example sample dummy fake test testing " +
    "placeholder redacted hidden masked none null nil undefined true false yes no on off empty string " +
    "str number int bool boolean bytes any object unknown required optional todo tbd foo bar baz default " +
    "notset unset secret123 password123 mypassword mysecret mytoken letmein admin root value " +
    "abc abc123 123456 12345678 qwerty pass passed failed skipped error errored ok success pending"
  ).split(" "),
);

// Shapes that stand for a value without being one: ${VAR}, $VAR, %VAR%, <your-token>, {{ x }},
// ****, xxxx, ..., [REDACTED:kind].
const shapes: RegExp[] = [
  /^\$\{[^}]{0,200}\}?$/,
  /^\$\(?(?:[A-Z_][A-Z0-9_]{0,100}|[a-z_][a-z0-9_]{0,100})\)?$/,
  /^%(?:[A-Z_][A-Z0-9_]{0,100}|(?:[A-Z][a-z]{1,20}){1,6})%$/,
  /^<[^<>]{0,200}>$/,
  /^\{\{[\s\S]{0,200}\}\}$/,
  /^\[REDACTED(?::[a-z0-9_]{1,40})?\]$/,
  /^([*x.#?-])\1{2,}$/i,
];

// `your-token`, `my_password`, `enter api key`: a prefix, then words (not random letters that
// happen to start with "my").
const addressed = /^(?:your|my|the|enter|insert|replace)[-_ ]?([a-z_ -]{0,40})$/i;
const isAddressed = (v: string): boolean => {
  const parts = addressed.exec(v)?.[1]?.split(/[-_ ]/);
  return parts?.every((p) => p.length <= 5 || isWordLike(p)) ?? false;
};

// Unquoted code reads the secret at run time: dotted names and calls whose parts are names
// (lower_case, camelCase, UPPER_CASE or PascalCase), never the case soup of a random string.
const codeShapes: RegExp[] = [
  /^[a-z_$][a-z_$]{1,60}(?:\.(?:[a-z_$][a-z0-9_$]{0,60}|[a-z_$][a-z0-9_$]{0,30}(?:[A-Z][a-z0-9]{1,30}){1,6}|[A-Z][A-Z0-9_]{0,60}|(?:[A-Z][a-z]{1,30}){1,6})){1,8}(?:\[[^\]]{0,80}\]?)?$/,
  // Each further part starts at a dot or at a capital letter, never inside a run of lower-case
  // letters: one way to split any input, so matching is linear (an optional dot before a
  // lower-case part split `TOKEN=` + 90 letters in C(n,6) ways and hung the scrubber).
  /^[A-Za-z_$][a-z_$]{0,40}(?:\.[A-Za-z][a-z_]{0,40}|[A-Z][a-z_]{0,40}){0,6}\(/,
  // Type annotations: password: str, token: Optional[str].
  /^(?:Optional|Union|List|Dict|Tuple|Sequence|Mapping|Callable|Literal|Annotated|SecretStr|str|int|bool|bytes|float|Any|string|number|boolean|None)(?:[[\]),:|= ]|$)/,
];

/**
 * True when `value` is a stand-in rather than a secret: a well-known default word
 * (`changeme`, `password`), a variable reference, a template, a mask, or code that fetches the
 * secret at run time (`process.env.X`, `getToken()`: only when `code` is set, since inside quotes
 * it is a literal). Quotes and trailing `,;:)]}` are ignored.
 * @example isPlaceholder("${DB_PASSWORD}") // true
 */
export function isPlaceholder(value: string, opts: { code?: boolean } = {}): boolean {
  const whole = value.trim().replace(/^["'`]|["'`]$/g, "");
  // Trailing punctuation of code, and the :- / := of a shell default (${VAR:-changeme}).
  const bare = whole.replace(/[,;:)\]}]+$/, "").replace(/^[-=]/, "");
  return [whole, bare].some(
    (v) =>
      v.length === 0 ||
      words.has(v.toLowerCase()) ||
      shapes.some((shape) => shape.test(v)) ||
      isAddressed(v) ||
      (opts.code === true && codeShapes.some((shape) => shape.test(v))),
  );
}
