import { ANSI_ESCAPES } from "./ansi.js";

// The characters text read from a job folder may not carry to a person: anything that moves the
// cursor, sets a title, writes the clipboard, or reorders or hides what is shown.

/** C0 controls but tab and newline, DEL, and the C1 controls. */
const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * Bidirectional overrides and isolates (U+202A–202E, U+2066–2069, U+200E/200F, U+061C) and
 * invisible characters (zero-width U+200B–200D, U+2060–2064, U+FEFF, the line and paragraph
 * separators U+2028/2029): they make shown text read differently from what it holds.
 */
export const INVISIBLE_CHARS =
  /[\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

const ANY =
  /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200b-\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

const codePoint = (ch: string) =>
  `<U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}>`;

/**
 * `text` safe to show a person (a terminal, a CSV or Markdown file): terminal escape sequences
 * (CSI, OSC, DCS, 7-bit and 8-bit) dropped, other controls but tab and newline shown as `?`,
 * bidi and invisible characters made visible as `<U+202E>`. Linear time.
 * @example displaySafe("ok\u202eexe.txt\x1b[2J") // "ok<U+202E>exe.txt"
 */
export function displaySafe(text: string): string {
  if (!ANY.test(text)) return text;
  return text.replace(ANSI_ESCAPES, "").replace(CONTROLS, "?").replace(INVISIBLE_CHARS, codePoint);
}
