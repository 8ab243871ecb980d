// Uncertainty for comparing two runs on the same tasks. Every interval here is two-sided 95%.

const Z95 = 1.959963984540054;

/** A confidence interval and how it was made. */
export interface Interval {
  low: number;
  high: number;
  level: 0.95;
  method: "newcombe-paired-wilson" | "paired-bootstrap";
}

/**
 * Wilson score interval for `successes` out of `n` (0..1 both ends; [0, 1] when n is 0).
 * @example wilson(5, 10) // { low: 0.2366, high: 0.7634 }
 */
export function wilson(successes: number, n: number): { low: number; high: number } {
  if (n === 0) return { low: 0, high: 1 };
  const p = successes / n;
  const z2 = Z95 * Z95;
  const centre = p + z2 / (2 * n);
  const spread = Z95 * Math.sqrt((p * (1 - p) + z2 / (4 * n)) / n);
  const denom = 1 + z2 / n;
  return {
    low: Math.max(0, (centre - spread) / denom),
    high: Math.min(1, (centre + spread) / denom),
  };
}

/** Matched tasks split by outcome: both passed, only A, only B, neither. */
export interface PairedCounts {
  both: number;
  a_only: number;
  b_only: number;
  neither: number;
}

/**
 * Newcombe's hybrid score interval (1998, method 10) for the difference of two paired
 * proportions, here B's pass rate minus A's: Wilson intervals of each rate, combined with
 * the phi correlation of the 2x2 table of matched outcomes.
 * @example newcombePaired({ both: 36, a_only: 2, b_only: 12, neither: 0 }) // ≈ { low: 0.0569, high: 0.3404 }
 */
export function newcombePaired(c: PairedCounts): Interval {
  const n = c.both + c.a_only + c.b_only + c.neither;
  if (n === 0) return { low: -1, high: 1, level: 0.95, method: "newcombe-paired-wilson" };
  const pB = (c.both + c.b_only) / n;
  const pA = (c.both + c.a_only) / n;
  const wB = wilson(c.both + c.b_only, n);
  const wA = wilson(c.both + c.a_only, n);
  const margins =
    (c.both + c.b_only) * (c.a_only + c.neither) * (c.both + c.a_only) * (c.b_only + c.neither);
  const phi = margins === 0 ? 0 : (c.both * c.neither - c.b_only * c.a_only) / Math.sqrt(margins);
  const d = pB - pA;
  const lowSpread = Math.sqrt(
    Math.max(
      0,
      (pB - wB.low) ** 2 - 2 * phi * (pB - wB.low) * (wA.high - pA) + (wA.high - pA) ** 2,
    ),
  );
  const highSpread = Math.sqrt(
    Math.max(
      0,
      (wB.high - pB) ** 2 - 2 * phi * (wB.high - pB) * (pA - wA.low) + (pA - wA.low) ** 2,
    ),
  );
  return {
    low: Math.max(-1, d - lowSpread),
    high: Math.min(1, d + highSpread),
    level: 0.95,
    method: "newcombe-paired-wilson",
  };
}

/** A small seeded generator (mulberry32), so a bootstrap gives the same interval every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Paired percentile bootstrap of the mean of B − A over matched tasks, resampling tasks (for
 * tasks whose attempts repeat, each side's value is that task's pass fraction). Seeded.
 * @example pairedBootstrap([[1, 0], [1, 1], [0, 1]]) // { low, high, method: "paired-bootstrap" }
 */
export function pairedBootstrap(
  pairs: readonly (readonly [number, number])[],
  resamples = 10_000,
  seed = 20_260_401,
): Interval {
  const n = pairs.length;
  if (n === 0) return { low: -1, high: 1, level: 0.95, method: "paired-bootstrap" };
  const diffs = pairs.map(([a, b]) => b - a);
  const rand = seeded(seed);
  const means = new Float64Array(resamples);
  for (let r = 0; r < resamples; r++) {
    let sum = 0;
    for (let i = 0; i < n; i++) sum += diffs[Math.floor(rand() * n)] ?? 0;
    means[r] = sum / n;
  }
  means.sort();
  const at = (q: number) =>
    means[Math.min(resamples - 1, Math.max(0, Math.floor(q * resamples)))] ?? 0;
  return { low: at(0.025), high: at(0.975), level: 0.95, method: "paired-bootstrap" };
}

/**
 * The unbiased pass@k estimator (Chen et al. 2021): the chance that at least one of k
 * attempts drawn without replacement from n, c of which passed, passes.
 * @example passAtK(5, 2, 1) // 0.4
 */
export function passAtK(n: number, c: number, k: number): number {
  if (k > n || k < 1) throw new RangeError(`pass@${k} needs 1 <= k <= n (n = ${n})`);
  if (n - c < k) return 1;
  let miss = 1;
  for (let i = n - c + 1; i <= n; i++) miss *= 1 - k / i;
  return 1 - miss;
}
