import { reportFigure } from "@fak/vitest-config/report";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { taskRunArb } from "./test-support/arbitraries.js";
import { walkAttempts } from "./test-support/invariants.js";
import { checkLongCampaigns } from "./test-support/long-campaign.js";
import { campaignArb, simulate } from "./test-support/simulate.js";

// The properties of safety.test.ts and campaign-model.test.ts at sizes too slow for every run.

describe("the safety invariant, long runs", () => {
  it("holds over long campaigns with skipped attempts and full histories", () => {
    const figures = checkLongCampaigns(200, 300);
    reportFigure("safety (200 rounds x 300 campaigns)", figures);
    // 60,000 campaigns take about half a minute on a 2-core machine: the run is the point.
  }, 180_000);

  it("holds over one task's long run of attempts", () => {
    fc.assert(
      fc.property(taskRunArb(120), ({ attempts, maxAttempts }) => {
        walkAttempts(attempts, maxAttempts);
      }),
      { numRuns: 500 },
    );
  });

  it("never raises unnecessary blocks nor lets a dangerous command through in big campaigns", () => {
    fc.assert(
      fc.property(campaignArb(25, 20), (campaign) => {
        const log = simulate(campaign);
        expect(log.breaches).toBe(0);
        for (let i = 1; i < log.unnecessary.length; i++) {
          expect(log.unnecessary[i]!).toBeLessThanOrEqual(log.unnecessary[i - 1]!);
        }
      }),
      { numRuns: 500 },
    );
  });
});
