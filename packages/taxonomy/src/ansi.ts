// The one pattern for terminal escape sequences in fak: the classifier's normaliser, the
// importers' screen and log text, the retry signature and the CLI's terminal guard all use it.
// (@fak/memory, which depends on nothing of ours, keeps its own scrubber-specific matcher.)

/**
 * ECMA-48 escape sequences, 7-bit and 8-bit: CSI (`ESC [` or C1 `\x9b`, parameters,
 * intermediates, final byte), the string controls OSC, DCS, SOS, PM and APC (`ESC ]`, `ESC P`,
 * `ESC X`, `ESC ^`, `ESC _` or their C1 forms) up to BEL or ST, and every other escape (`ESC (B`,
 * `ESC =`, `ESC 7`). Each part is bounded and none nests a quantifier, so matching is linear;
 * an unterminated sequence is matched as far as its bound.
 */
export const ANSI_ESCAPES =
  /(?:\x1b\[|\x9b)[0-?]{0,64}[ -/]{0,16}[@-~]?|(?:\x1b[\]PX^_]|[\x90\x98\x9d\x9e\x9f])[^\x07\x1b\x9c]{0,4096}(?:\x07|\x1b\\|\x9c)?|\x1b[ -/]{0,16}[0-~]?/g;

const ANY_INTRODUCER = /[\x1b\x90\x98\x9b\x9d\x9e\x9f]/;

/**
 * `text` without terminal escape sequences; other characters (CR included) are kept.
 * @example stripAnsi("\x1b[31mE   boom\x1b[0m") // "E   boom"
 */
export function stripAnsi(text: string): string {
  return ANY_INTRODUCER.test(text) ? text.replace(ANSI_ESCAPES, "") : text;
}
