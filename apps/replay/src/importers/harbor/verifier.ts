import { join } from "node:path";
import type { EvidenceLine, TestResult } from "@fak/taxonomy";
import { pathKind } from "../../files/fs-safe.js";
import { readVerdictFiles } from "../verifier/read.js";
import type { TextScan } from "../verifier/scan.js";
import type { HarborTrialResult } from "./schemas.js";

/** What a trial's verifier left: the rewards, the tests, its first failure. */
export interface VerifierReading {
  /** The headline reward, chosen as Harbor does (see `headlineReward`). */
  reward?: number;
  /** Every named reward Harbor recorded. */
  rewards: Record<string, number>;
  tests: TestResult[];
  /** The first failure first, then the rest, from every file of the verifier's folder. */
  failure: EvidenceLine[];
  /** The line that says the verifier could not run its tests. */
  notRun?: NonNullable<TextScan["notRun"]>;
  /** The verifier left files or a reward. */
  ran: boolean;
  /** Its files show a test runner starting (false: it never got past its own set-up). */
  started: boolean;
  assertion?: string;
  notes: string[];
}

/**
 * Names a task gives the reward that sums up the others, when it names no `reward` (not `total`
 * or `score`: tasks use those for counts too).
 */
const SUMMARY_REWARDS = ["overall", "final"] as const;

/**
 * Harbor's headline reward of a trial (its uploader's `_extract_primary_reward`): the reward
 * named `reward`, else the only reward when there is exactly one. Beyond Harbor: several named
 * rewards with none named `reward`, all between 0 and 1, take the one the task itself names as
 * their summary (`overall`, `final`); else none, as Harbor (no headline, no pass).
 * @example headlineReward({ reward: 1, style: 0.5 }) // 1
 * @example headlineReward({ overall: 0.9, artifact_quality: 0 }) // 0.9
 */
export function headlineReward(rewards: Record<string, number>): number | undefined {
  if ("reward" in rewards) return rewards.reward;
  const values = Object.values(rewards);
  if (values.length === 1) return values[0];
  // Only among rewards that are all fractions (a count such as `failed: 5` is no reward).
  if (values.some((v) => v < 0 || v > 1)) return undefined;
  for (const name of SUMMARY_REWARDS) if (name in rewards) return rewards[name];
  return undefined;
}

/** The named rewards result.json recorded (numbers only). */
export function recordedRewards(result: HarborTrialResult): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(result.verifier_result?.rewards ?? {}))
    if (typeof v === "number" && Number.isFinite(v)) out[k] = v;
  return out;
}

/**
 * Read a trial's verifier. The rewards are only what the harness recorded in result.json
 * (`verifier_result.rewards`): Harbor reads reward.txt/reward.json only while it writes
 * verifier_result, and the agent's own container can write those files, so when result.json
 * has none they are never read as a verdict (a note says so). Evidence (failing tests, the
 * first failure, a verifier that could not run) comes from every file under the verifier's
 * folder, read by structure (`../verifier/`), and from `artifacts/` when that folder is silent.
 * @example const v = await readVerifier("job/fix-git__a1", result); v.reward // 1
 */
export async function readVerifier(
  trialDir: string,
  result: HarborTrialResult,
  rel = "verifier",
  opts: { evidence?: boolean } = {},
): Promise<VerifierReading> {
  const notes: string[] = [];
  const rewards = recordedRewards(result);
  const reading: VerifierReading = {
    rewards,
    tests: [],
    failure: [],
    ran: false,
    started: false,
    notes,
  };
  const reward = headlineReward(rewards);
  if (reward !== undefined) reading.reward = reward;
  else if (Object.keys(rewards).length > 1)
    notes.push(
      `${join(trialDir, "result.json")}: ${Object.keys(rewards).length} named rewards and none named "reward": no headline reward (as in Harbor), counted as not passed`,
    );
  if (!result.verifier_result) {
    for (const name of ["reward.json", "reward.txt"]) {
      if ((await pathKind(join(trialDir, rel, name))) === "file")
        notes.push(
          `${join(trialDir, rel, name)}: ignored: result.json recorded no verifier_result, and a reward file alone may be the agent's own`,
        );
    }
  }
  const files = await readVerdictFiles(trialDir, rel, notes, {
    structuredOnly: opts.evidence === false,
  });
  reading.tests = files.tests;
  reading.started = files.started;
  reading.ran = result.verifier_result != null || files.files.length > 0;
  if (opts.evidence !== false) {
    reading.failure = files.failure;
    if (files.notRun) reading.notRun = files.notRun;
    if (files.failure.length === 0 && files.tests.length === 0) {
      const art = await readVerdictFiles(trialDir, "artifacts", notes, { structuredOnly: true });
      reading.failure = art.failure;
      reading.tests = art.tests;
    }
  }
  const assertion = reading.failure[0]?.text;
  if (assertion) reading.assertion = assertion.slice(0, 500);
  return reading;
}
