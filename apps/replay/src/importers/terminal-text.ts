import { stripAnsi } from "@fak/taxonomy";

/**
 * Text as a terminal showed it: escape sequences (taxonomy's one pattern) and carriage returns
 * removed, as recordings, panes and logs of a live terminal need before they are read.
 * @example terminalText("\x1b[31mE   boom\x1b[0m\r") // "E   boom"
 */
export function terminalText(text: string): string {
  const plain = stripAnsi(text);
  return plain.includes("\r") ? plain.replace(/\r/g, "") : plain;
}
