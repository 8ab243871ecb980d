import { describe, expect, it } from "vitest";
import { findPrivateKeys } from "./private-keys.js";

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
});
