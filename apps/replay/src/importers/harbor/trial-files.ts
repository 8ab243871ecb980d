import { join } from "node:path";
import { z } from "zod";
import { listDir, readJsonSafe } from "../../files/fs-safe.js";

// What makes a folder a Harbor trial, read from its own files (never from its name): a
// result.json shaped like a trial's result, a trial's config.json, or the folders and logs
// Harbor writes into a trial (agent/, verifier/, steps/, trial.log, exception.txt).

/** Entries only a trial folder holds; a job folder holds none of them. */
const TRIAL_ENTRIES = ["agent", "verifier", "steps", "trial.log", "exception.txt"];
/** Keys of a trial's result.json (a job's result.json has none of them). */
const TRIAL_RESULT_KEYS = ["trial_name", "task_name", "verifier_result"];

const anyObject = z.looseObject({});
const identitySchema = z.looseObject({
  trial_name: z.unknown().optional(),
  task_name: z.unknown().optional(),
  task: z.unknown().optional(),
  config: z.unknown().optional(),
});

/**
 * Whether `dir` is one Harbor trial, by its files: a trial's folders or logs, or a result.json
 * or config.json of a trial (a thin trial committed with only those files).
 * @example await isHarborTrial("jobs/2026-01-15__09-30-00/fix-git__a1b2c3d") // true
 */
export async function isHarborTrial(dir: string): Promise<boolean> {
  const names = new Set((await listDir(dir)).map((e) => e.name));
  if (TRIAL_ENTRIES.some((n) => names.has(n))) return true;
  if (names.has("result.json") && isTrialResult(await readObject(join(dir, "result.json"))))
    return true;
  return names.has("config.json") && isTrialConfig(await readObject(join(dir, "config.json")));
}

/** A trial's result.json names its trial, its task or its verifier result. */
function isTrialResult(doc: Record<string, unknown> | undefined): boolean {
  return !!doc && TRIAL_RESULT_KEYS.some((k) => k in doc);
}

/** A trial's config.json names its trial or holds one task; a job's names the job. */
function isTrialConfig(doc: Record<string, unknown> | undefined): boolean {
  return !!doc && ("trial_name" in doc || ("task" in doc && !("job_name" in doc)));
}

/** A JSON object from a file, or undefined when it is absent, damaged or not an object. */
async function readObject(file: string): Promise<Record<string, unknown> | undefined> {
  try {
    return await readJsonSafe(file, anyObject);
  } catch {
    return undefined;
  }
}

/** Who a trial says it is: its trial name and task, from result.json, else config.json. */
export interface TrialIdentity {
  trialName?: string;
  task?: string;
}

/**
 * A trial's identity from its own files: `trial_name` and `task_name` (or the task's path or
 * name in its config) of result.json, else of config.json. Nothing is taken from the folder name.
 * @example await trialIdentity("jobs/j1/renamed-folder") // { trialName: "fix-git__a1", task: "fix-git" }
 */
export async function trialIdentity(dir: string): Promise<TrialIdentity> {
  const out: TrialIdentity = {};
  for (const file of ["result.json", "config.json"]) {
    const doc = await readObject(join(dir, file));
    if (!doc) continue;
    const parsed = identitySchema.safeParse(doc);
    if (!parsed.success) continue;
    const d = parsed.data;
    const config = asRecord(d.config);
    out.trialName ??= str(d.trial_name);
    out.task ??= str(d.task_name) ?? taskOf(d.task) ?? taskOf(config?.task);
  }
  return out;
}

function taskOf(task: unknown): string | undefined {
  const t = asRecord(task);
  return t ? (str(t.path) ?? str(t.name)) : undefined;
}

function asRecord(v: unknown): Record<string, unknown> | undefined {
  return v && typeof v === "object" && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}

function str(v: unknown): string | undefined {
  return typeof v === "string" && v !== "" ? v : undefined;
}
