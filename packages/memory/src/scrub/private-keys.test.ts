import { randomBytes, randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { findPrivateKeys } from "./private-keys.js";
import { scrub } from "./scrub.js";

const body = "MIIEowIBAAKCAQEAx4Z0vRLd9wq8bYcN3fJ2\nkP7sT1uVmW5yXa0bCdEfGh";

describe("findPrivateKeys", () => {
  it("pairs each BEGIN with its END, for every label", () => {
    for (const label of [
      "RSA PRIVATE KEY",
      "EC PRIVATE KEY",
      "OPENSSH PRIVATE KEY",
      "PRIVATE KEY",
      "ENCRYPTED PRIVATE KEY",
      "PGP PRIVATE KEY BLOCK",
    ]) {
      const block = `-----BEGIN ${label}-----\n${body}\n-----END ${label}-----`;
      const text = `before ${block} after`;
      expect(findPrivateKeys(text)).toEqual([{ start: 7, end: 7 + block.length }]);
    }
  });

  it("finds two keys in one text, and leaves public material alone", () => {
    const key = `-----BEGIN EC PRIVATE KEY-----\n${body}\n-----END EC PRIVATE KEY-----`;
    const cert = `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----`;
    const spans = findPrivateKeys(`${key}\n${cert}\n${key}`);
    expect(spans).toHaveLength(2);
    expect(spans[1]?.start).toBe(key.length + cert.length + 2);
  });

  it("ends a key without END at the end of its body", () => {
    const text = `-----BEGIN PRIVATE KEY-----\n${body}\n(truncated)`;
    expect(findPrivateKeys(text)).toEqual([{ start: 0, end: text.indexOf("(truncated)") }]);
  });

  it("covers every one of many BEGIN lines without END, in one pass", () => {
    const line = "-----BEGIN PRIVATE KEY-----\n";
    const text = line.repeat(20_000);
    const spans = findPrivateKeys(text);
    expect(spans).toHaveLength(20_000);
    spans.forEach((s, i) => {
      expect(s.start).toBe(i * line.length);
      expect(s.end).toBe((i + 1) * line.length);
    });
  });

  // Issue 18, class 3: a key quoted on one line (its lines joined by spaces) and cut before
  // END (an evidence line capped with "…") kept the stretch after the last long run.
  it("covers a cut key whose lines were joined by spaces, up to the cut, and no prose after", () => {
    for (let i = 0; i < 50; i++) {
      const lines = Array.from({ length: randomInt(3, 9) }, () =>
        randomBytes(48).toString("base64"),
      );
      const block = `-----BEGIN RSA PRIVATE KEY----- ${lines.join(" ")} -----END RSA PRIVATE KEY-----`;
      const cut = block.slice(0, randomInt(40, block.length - 40));
      const text = `AssertionError: config holds ${cut}… and then some words`;
      expect(findPrivateKeys(text), cut).toHaveLength(1);
      const out = scrub(text);
      expect(out.startsWith("AssertionError: config holds [REDACTED:private_key]"), out).toBe(true);
      expect(out.endsWith("… and then some words"), out).toBe(true);
      // What may stay is a stub of the cut too short to be key-shaped: no 10 characters of a line.
      for (const line of lines)
        for (let j = 0; j + 10 <= line.length; j++)
          expect(out, cut).not.toContain(line.slice(j, j + 10));
    }
  });

  it("reads a key folded to lower case", () => {
    const lines = Array.from({ length: 4 }, () => randomBytes(48).toString("base64").toLowerCase());
    const text = `error: -----begin openssh private key-----\n${lines.join("\\n")}\n-----end openssh private key----- could not`;
    expect(scrub(text)).toBe("error: [REDACTED:private_key] could not");
  });
});
