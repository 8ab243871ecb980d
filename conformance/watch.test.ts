import { existsSync, readdirSync } from "node:fs";
import { rm } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { ingest } from "../apps/replay/src/importers/ingest.js";
import { trialRows } from "../apps/replay/src/reports/rows.js";
import { tempDir } from "../apps/replay/src/test-support/harness-folders.js";
import { replayFinishedRun } from "../apps/replay/src/test-support/live-run.js";
import { followRun } from "../apps/replay/src/watch/follow.js";
import type { WatchTrialLine } from "../apps/replay/src/watch/watch-line.js";

// `fak watch` on the real samples: each job or run written again file by file in its harness's
// order (results half-written first) while followRun polls it. Every trial must be reported once,
// with the status, category, attribution, reward, reason and evidence `fak ingest` gives it.

const SAMPLES = fileURLToPath(new URL("../../shared/samples", import.meta.url));
const dirs = (d: string) =>
  readdirSync(d, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
function harborJobs(dir: string): string[] {
  if (existsSync(join(dir, "config.json"))) return [dir];
  return dirs(dir).flatMap((d) => harborJobs(join(dir, d)));
}
const runs: Array<[string, "harbor" | "tb"]> = [
  ...harborJobs(join(SAMPLES, "harbor")).map((j): [string, "harbor"] => [j, "harbor"]),
  ...dirs(join(SAMPLES, "tb")).map((r): [string, "tb"] => [join(SAMPLES, "tb", r), "tb"]),
];

const view = (
  l: Pick<
    WatchTrialLine,
    "trial_id" | "category" | "attribution" | "reward" | "reason" | "evidence"
  > & {
    status: string;
  },
) => ({
  trial_id: l.trial_id,
  status: l.status,
  category: l.category,
  attribution: l.attribution,
  reward: l.reward,
  reason: l.reason,
  evidence: l.evidence,
});
const byId = (a: { trial_id: string }, b: { trial_id: string }) =>
  a.trial_id.localeCompare(b.trial_id);

describe("fak watch on the real samples, written live", () => {
  it.each(runs)("%s: every trial once, as fak ingest reads it", async (source, harness) => {
    const root = await tempDir("fak-watch-sample-");
    try {
      const target = join(root, basename(source));
      const lines: WatchTrialLine[] = [];
      const stop = new AbortController();
      const following = followRun(target, {
        intervalMs: 5,
        timeoutMs: 240_000,
        signal: stop.signal,
        onTrial: (l) => {
          lines.push(l);
        },
      });
      await replayFinishedRun(source, target, harness, { pauseMs: 1 });
      // A job that crashed never wrote its end (some samples have no job result.json): stop it.
      const ends = harness === "tb" || existsSync(join(source, "result.json"));
      if (!ends) stop.abort();
      const end = await following;
      const ingested = await ingest(harness, [source]);
      // Watch reports the trials read from their folders; the listed-only and incomplete rows of
      // the run model are counted at the end, not reported as landed trials.
      const rows = trialRows(ingested).filter((r) => r.verdict_from === "trial_files");
      expect(end.ended).toBe(ends ? "finished" : "stopped");
      expect(new Set(lines.map((l) => l.trial_id)).size).toBe(lines.length);
      expect(lines.map(view).sort(byId)).toEqual(rows.map(view).sort(byId));
      const withFolder = ingested.skipped.filter((s) => !s.reason.includes("folder is missing"));
      if (ends) expect(end.skipped).toBe(withFolder.length);
      // The end line's counts are the run model's, the same numbers every other view shows.
      expect(end.counts).toEqual(ingested.counts);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
