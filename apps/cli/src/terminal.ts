import { ANSI_ESCAPES } from "@fak/taxonomy";

// Escape sequences are the one pattern of @fak/taxonomy; every other control character but tab
// and newline is shown as `?`.
const controls = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

/**
 * `text` made safe for a person's terminal: escape sequences from data (a task named
 * `\x1b]0;pwned\x07`, a stored row with colour codes) are dropped and other control characters
 * shown as `?`, so nothing read from input can move the cursor, set the title or hide output.
 * fak's own colours are added after this, never passed through it.
 * @example forTerminal("a\x1b[31mb") // "ab"
 */
export function forTerminal(text: string): string {
  if (!/[\x00-\x08\x0b-\x1f\x7f-\x9f]/.test(text)) return text;
  return text.replace(ANSI_ESCAPES, "").replace(controls, "?");
}
