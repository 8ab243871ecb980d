import { describe, expect, it } from "vitest";
import {
  BASE64,
  BASE64URL,
  NEAR_MISS_GENERATORS,
  randomString,
  seededRng,
} from "../../test/support/secrets.js";
import {
  decodesToText,
  isNameLike,
  isWordLike,
  looksGenerated,
  randomEntropy,
  shannonEntropy,
} from "./entropy.js";
import { isHighEntropy } from "./high-entropy.js";

describe("shannonEntropy", () => {
  it("is 0 for one repeated symbol and log2(n) for n distinct ones", () => {
    expect(shannonEntropy("")).toBe(0);
    expect(shannonEntropy("aaaa")).toBe(0);
    expect(shannonEntropy("abcd")).toBeCloseTo(2, 10);
    expect(shannonEntropy("ab".repeat(50))).toBeCloseTo(1, 10);
  });

  it("comes close to randomEntropy on random strings", () => {
    const rng = seededRng(4);
    for (const n of [24, 40, 64]) {
      const s = randomString(rng, BASE64, n);
      expect(Math.abs(shannonEntropy(s) - randomEntropy(n, 64))).toBeLessThan(0.6);
    }
  });
});

describe("decodesToText", () => {
  it("recognises base64 and base64url of printable text", () => {
    const sentence = "The installer could not reach the registry, retrying in five seconds.";
    expect(decodesToText(Buffer.from(sentence).toString("base64"))).toBe(true);
    expect(decodesToText(Buffer.from(sentence).toString("base64url"))).toBe(true);
  });

  it("rejects base64 of random bytes and strings that are not base64", () => {
    const rng = seededRng(8);
    const bytes = Buffer.from(Array.from({ length: 32 }, () => Math.floor(rng() * 256)));
    expect(decodesToText(bytes.toString("base64"))).toBe(false);
    expect(decodesToText("not base64 at all!")).toBe(false);
  });
});

describe("isWordLike", () => {
  it("holds for identifiers built from words", () => {
    for (const s of [
      "AbstractSingletonProxyFactoryBean1",
      "test_burst_at_boundary_2024_v2",
      "k8sDeploymentRolloutTimeout300s",
      "HTTPServerErrorResponse502",
    ]) {
      expect(isWordLike(s)).toBe(true);
    }
  });

  it("almost never holds for random base64 of 32 characters", () => {
    const rng = seededRng(12);
    const wordy = Array.from({ length: 2000 }, () => randomString(rng, BASE64, 32)).filter(
      isWordLike,
    );
    expect(wordy.length).toBeLessThan(3);
  });
});

describe("isNameLike", () => {
  it("holds for kebab, snake and path names with numbers and hashes", () => {
    for (const s of [
      "h-build-cargo-e0599-two-crates",
      "metrics-worker-7c9d4f6b5a-qk2zp",
      "org/acme-tools/acme-cli/pull/42",
      "_temp/5d1c0a3e-7b42-4c1f-9e8d-3a6b2f4c9d10",
    ]) {
      expect(isNameLike(s), s).toBe(true);
    }
  });

  it("rarely holds for random base64url with separators", () => {
    const rng = seededRng(13);
    const named = Array.from({ length: 2000 }, () => randomString(rng, BASE64URL, 32)).filter(
      isNameLike,
    );
    expect(named.length).toBeLessThan(3);
  });
});

describe("looksGenerated", () => {
  it("separates tokens from names that share their prefix", () => {
    expect(looksGenerated("hub_download")).toBe(false);
    expect(looksGenerated("config_registry")).toBe(false);
    expect(looksGenerated("aB3dE5fG7hJ9")).toBe(true);
  });
});

describe("isHighEntropy", () => {
  it("accepts random base64 keys of 32 characters and more", () => {
    const rng = seededRng(21);
    const keys = Array.from({ length: 500 }, () =>
      randomString(rng, BASE64, 32 + Math.floor(rng() * 60)),
    );
    const missed = keys.filter(
      (k) => /[0-9]/.test(k) && /[A-Z]/.test(k) && /[a-z]/.test(k) && !isHighEntropy(k),
    );
    expect(missed).toEqual([]);
  });

  it("rejects hex digests, short strings, identifiers and base64 of text", () => {
    const rng = seededRng(22);
    for (const name of ["md5", "sha1", "sha256", "sha512", "upper_hex_digest", "base64_text"]) {
      const text = NEAR_MISS_GENERATORS[name]?.(rng) ?? "";
      expect(isHighEntropy(text), name).toBe(false);
    }
    expect(isHighEntropy("aB3dE5fG7hJ9kL1mN2pQ")).toBe(false);
    expect(isHighEntropy("ThisIsATestOfTheEmergencyBroadcastSystem2")).toBe(false);
  });
});
