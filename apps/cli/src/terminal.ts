// ESC-introduced sequences (CSI, OSC up to BEL or ST, and two-character escapes), the 8-bit C1
// introducers, and every other control character but tab and newline.
const escapes =
  /\x1b\[[0-?]{0,64}[ -/]{0,16}[@-~]?|\x1b\][^\x07\x1b\x9c]{0,4096}(?:\x07|\x1b\\|\x9c)?|\x1b[P^_X][^\x1b\x9c]{0,4096}(?:\x1b\\|\x9c)?|\x1b[ -~]?|[\x9b\x9d][^\x07\x9c]{0,4096}[\x07\x9c]?/g;
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
  return text.replace(escapes, "").replace(controls, "?");
}
