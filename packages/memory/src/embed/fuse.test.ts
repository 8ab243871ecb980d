import { describe, expect, it } from "vitest";
import type { Row } from "../row/index.js";
import { cosineThreshold, fuse, RRF_K } from "./fuse.js";

const row = (id: number): Row => ({
  id,
  session: "s",
  task: `task ${id}`,
  approach: "a",
  death_reason: "verifier: x",
  layer: "verifier",
  conviction: "none",
  created_at: "",
  occurrence_of: null,
  supersedes: null,
  provenance: "person",
  source: null,
});

describe("fuse", () => {
  it("sums reciprocal ranks, so a row both lists rank first scores 1", () => {
    const fused = fuse(
      [
        { row: row(1), score: 0.9 },
        { row: row(2), score: 0.5 },
      ],
      [
        { row: row(2), cosine: 0.9 },
        { row: row(1), cosine: 0.8 },
      ],
      0.5,
    );
    expect(fused.map((s) => s.row.id)).toEqual([1, 2]); // tie on score: lower id first
    expect(fused[0]!.score).toBeCloseTo((1 / (RRF_K + 1) + 1 / (RRF_K + 2)) / (2 / (RRF_K + 1)));
    expect(fused[1]!.score).toBeCloseTo(fused[0]!.score);
  });

  it("leaves the lexical order alone where the vectors are not sure", () => {
    const lexical = [
      { row: row(1), score: 0.9 },
      { row: row(2), score: 0.5 },
    ];
    const fused = fuse(
      lexical,
      [
        { row: row(2), cosine: 0.3 },
        { row: row(1), cosine: 0.1 },
      ],
      0.5,
    );
    expect(fused.map((s) => s.row.id)).toEqual([1, 2]);
    expect(fused[0]!.score).toBeCloseTo(0.5);
  });

  it("admits a row only the vectors found when its cosine clears the threshold", () => {
    const vector = [
      { row: row(7), cosine: 0.8 },
      { row: row(8), cosine: 0.3 },
    ];
    expect(fuse([], vector, 0.5).map((s) => s.row.id)).toEqual([7]);
    expect(fuse([], vector, 0.9)).toEqual([]);
    expect(fuse([{ row: row(8), score: 1 }], vector, 0.9).map((s) => s.row.id)).toEqual([8]);
  });
});

describe("cosineThreshold", () => {
  const noise = Array.from({ length: 200 }, (_, i) => Math.sin(i * 12.9898) * 0.1);
  it("rises with the store's size: more rows, a higher best-by-chance", () => {
    expect(cosineThreshold(noise, 100_000)).toBeGreaterThan(cosineThreshold(noise, 200));
  });

  it("ignores the few relevant rows in the sample (median and MAD)", () => {
    const withHits = [...noise.slice(0, 195), 0.9, 0.9, 0.9, 0.9, 0.9];
    expect(cosineThreshold(withHits, 200)).toBeCloseTo(cosineThreshold(noise, 200), 1);
  });

  it("never goes below minCosine, and needs a background of 8 rows", () => {
    expect(cosineThreshold(noise, 200, { minCosine: 0.95 })).toBe(0.95);
    expect(cosineThreshold([0.1, 0.2], 2)).toBe(0.5);
  });
});
