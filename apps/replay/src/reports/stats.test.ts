import { describe, expect, it } from "vitest";
import { newcombePaired, pairedBootstrap, passAtK, wilson } from "./stats.js";

describe("wilson", () => {
  it("matches the textbook score interval", () => {
    const w = wilson(5, 10);
    expect(w.low).toBeCloseTo(0.2366, 4);
    expect(w.high).toBeCloseTo(0.7634, 4);
    expect(wilson(0, 10).low).toBe(0);
    expect(wilson(0, 10).high).toBeCloseTo(0.2775, 4);
  });
});

describe("newcombePaired", () => {
  it("reproduces Newcombe (1998) example (a), method 10: 0.0569 to 0.3404", () => {
    // 36 pairs where both succeed, 12 where only the first, 2 only the second, 0 neither;
    // here "B" is the first proportion, so B − A = 0.2.
    const ci = newcombePaired({ both: 36, b_only: 12, a_only: 2, neither: 0 });
    expect(ci.low).toBeCloseTo(0.0569, 4);
    expect(ci.high).toBeCloseTo(0.3404, 4);
  });

  it("is symmetric when A and B swap, and contains 0 when nothing flips", () => {
    const ab = newcombePaired({ both: 3, a_only: 1, b_only: 0, neither: 4 });
    const ba = newcombePaired({ both: 3, a_only: 0, b_only: 1, neither: 4 });
    expect(ab.low).toBeCloseTo(-ba.high, 10);
    const same = newcombePaired({ both: 4, a_only: 0, b_only: 0, neither: 4 });
    expect(same.low).toBeLessThanOrEqual(0);
    expect(same.high).toBeGreaterThanOrEqual(0);
  });
});

describe("pairedBootstrap", () => {
  it("is seeded, brackets the observed mean difference, and is degenerate without variation", () => {
    const pairs: [number, number][] = [
      [1, 0],
      [1, 1],
      [0, 1],
      [0, 1],
      [0.5, 1],
    ];
    const a = pairedBootstrap(pairs);
    expect(pairedBootstrap(pairs)).toEqual(a);
    const mean = pairs.reduce((s, [x, y]) => s + y - x, 0) / pairs.length;
    expect(a.low).toBeLessThanOrEqual(mean);
    expect(a.high).toBeGreaterThanOrEqual(mean);
    const flat = pairedBootstrap([
      [1, 0],
      [1, 0],
    ]);
    expect([flat.low, flat.high]).toEqual([-1, -1]);
  });
});

describe("passAtK", () => {
  it("is the unbiased estimator 1 - C(n-c,k)/C(n,k)", () => {
    expect(passAtK(5, 2, 1)).toBeCloseTo(0.4, 12);
    // 1 - C(3,2)/C(5,2) = 1 - 3/10
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12);
    expect(passAtK(3, 0, 2)).toBe(0);
    expect(passAtK(3, 2, 2)).toBe(1);
    expect(() => passAtK(2, 1, 3)).toThrow(RangeError);
  });
});
