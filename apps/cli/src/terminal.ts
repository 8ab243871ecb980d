import { displaySafe } from "@fak/taxonomy";

/**
 * `text` made safe for a person's terminal: escape sequences from data (a task named
 * `\x1b]0;pwned\x07`, a stored row with colour codes) are dropped, other control characters
 * shown as `?`, and bidi and invisible characters (U+202E, U+2066–2069, U+200B, ...) made
 * visible as `<U+202E>`, so nothing read from input can move the cursor, set the title, hide
 * output or make it read differently from what it holds (see `displaySafe` of @fak/taxonomy).
 * fak's own colours are added after this, never passed through it.
 * @example forTerminal("a\x1b[31mb\u202e") // "ab<U+202E>"
 */
export function forTerminal(text: string): string {
  return displaySafe(text);
}
