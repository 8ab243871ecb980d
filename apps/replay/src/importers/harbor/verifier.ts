import { join } from "node:path";
import type { TestResult } from "@fak/taxonomy";
import { z } from "zod";
import { noted, readJsonSafe, readOptional } from "../../files/fs-safe.js";
import { firstAssertion } from "../verifier-output.js";
import { ctrfSchema, type HarborTrialResult } from "./schemas.js";

/** What a trial's verifier left: the reward, the tests, the first assertion of a failure. */
export interface VerifierReading {
  reward?: number;
  tests: TestResult[];
  assertion?: string;
  notes: string[];
}

const TEST_OUTPUT_TAIL = 256 * 1024;

/**
 * Read a trial's verifier: the reward from result.json (else verifier/reward.txt or
 * reward.json), the tests from ctrf.json. A damaged optional file becomes a note.
 * @example const v = await readVerifier("job/fix-git__a1", result); v.reward // 1
 */
export async function readVerifier(
  trialDir: string,
  result: HarborTrialResult,
  rel = "verifier",
): Promise<VerifierReading> {
  const dir = join(trialDir, rel);
  const notes: string[] = [];
  const reading: VerifierReading = { tests: [], notes };
  const reward = rewardOf(result.verifier_result?.rewards) ?? (await rewardFromFiles(dir, notes));
  if (reward !== undefined) reading.reward = reward;
  const ctrf = await noted(notes, () => readJsonSafe(join(dir, "ctrf.json"), ctrfSchema));
  let traces = "";
  for (const t of ctrf?.results.tests ?? []) {
    if (t.status !== "passed" && t.status !== "failed") continue;
    reading.tests.push({
      name: t.name,
      passed: t.status === "passed",
      source: `${rel}/ctrf.json`,
    });
    if (t.status === "failed" && !traces) traces = `${t.trace ?? ""}\n${t.message ?? ""}`;
  }
  let assertion = firstAssertion(traces);
  if (!assertion && (reward === undefined || reward <= 0)) {
    const out = await noted(notes, () =>
      readOptional(join(dir, "test-stdout.txt"), { maxBytes: TEST_OUTPUT_TAIL, tail: true }),
    );
    assertion = firstAssertion(out?.text);
  }
  if (assertion) reading.assertion = assertion;
  return reading;
}

/** `reward` if present, else the first numeric reward. */
function rewardOf(rewards: Record<string, number | null> | null | undefined): number | undefined {
  if (!rewards) return undefined;
  const main = rewards.reward;
  if (typeof main === "number") return main;
  return Object.values(rewards).find((v): v is number => typeof v === "number");
}

const rewardJsonSchema = z.union([z.number(), z.record(z.string(), z.number().nullable())]);

/** reward.json wins over reward.txt, as in Harbor's verifier (`reward.json` may hold several keys). */
async function rewardFromFiles(dir: string, notes: string[]): Promise<number | undefined> {
  const json = await noted(notes, () => readJsonSafe(join(dir, "reward.json"), rewardJsonSchema));
  if (json !== undefined) return typeof json === "number" ? json : rewardOf(json);
  const txt = await noted(notes, () => readOptional(join(dir, "reward.txt"), { maxBytes: 4096 }));
  if (txt) {
    const value = Number.parseFloat(txt.text.trim());
    if (Number.isFinite(value)) return value;
    notes.push(`${join(dir, "reward.txt")}: not a number`);
  }
  return undefined;
}
