// Text that reaches the database must be valid UTF-8. A JavaScript string can hold a lone
// surrogate (JSON `"\ud800"` parses to one); SQLite's JSON functions turn it into bytes that are
// not UTF-8, and the driver then aborts on every read of the row. So writes refuse such text,
// and reads decode stored bytes with replacement, for rows an older version let in.

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Why `text` cannot be stored as UTF-8, or null when it can.
 * @example unstorableText("t\ud800") // "holds a lone surrogate \\ud800 at character 2, which is not valid UTF-8"
 */
export function unstorableText(text: string): string | null {
  const m = LONE_SURROGATE.exec(text);
  if (!m) return null;
  const code = m[0].charCodeAt(0).toString(16);
  return `holds a lone surrogate \\u${code} at character ${m.index + 1}, which is not valid UTF-8`;
}

const decoder = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
const strict = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/** Stored bytes as text: invalid UTF-8 becomes U+FFFD, and `valid` says whether any did. */
export function decodeStored(bytes: ArrayBuffer): { text: string; valid: boolean } {
  try {
    return { text: strict.decode(bytes), valid: true };
  } catch {
    return { text: decoder.decode(bytes), valid: false };
  }
}
