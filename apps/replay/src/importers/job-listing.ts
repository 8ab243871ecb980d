import { basename, join } from "node:path";
import { listSubdirs } from "../files/fs-safe.js";
import type { SkippedTrial } from "./ingest-types.js";

// The one job lister both importers use: a job's trial folders (found by their own files, not
// their names), its symlinked folders refused, the trials its own result file lists but whose
// folder is gone, and a trial identity that stays unique when two folders claim the same name.

/** One trial folder of a job, as listed. */
export interface TrialFolder {
  /** The folder's name. */
  name: string;
  /** Its path relative to the job folder (`<trial>`, or `<task>/<trial>` for tb). */
  rel: string;
  /** The trial's identity: the name its own files give, else the folder name; unique in the job. */
  id: string;
  /** Why `id` differs from the name the trial's files give (another folder claims that name). */
  note?: string;
}

/** How a harness lays out and names its trials. */
export interface TrialLayout {
  /** Whether a folder is a trial, judged by the files in it. */
  isTrial(dir: string): Promise<boolean>;
  /** The trial name its own files give (undefined when they give none). */
  identify(dir: string): Promise<string | undefined>;
  /**
   * "flat": every sub-folder of the job is a trial (Harbor); "grouped": a sub-folder that is
   * not itself a trial groups trials one level down (tb's `<task>/<trial>`).
   */
  depth: "flat" | "grouped";
  /** The job's own file that lists trials, for the skip reason ("the job's result.json"). */
  listedBy: string;
}

export interface JobListing {
  trials: TrialFolder[];
  /** Symlinked folders, folders whose name is not UTF-8, and listed trials whose folder is missing, with their reason. */
  skipped: SkippedTrial[];
  /** Job-level notes (two folders that claim one trial name). */
  notes: string[];
}

/**
 * List a job folder's trials. `listed` are the trial names the job's own result file lists;
 * `only` keeps just these folder names (one trial named on the command line: nothing is then
 * reported missing).
 * @example const { trials, skipped } = await listJob("jobs/j1", "j1", harborLayout, listed);
 */
export async function listJob(
  dir: string,
  job: string,
  layout: TrialLayout,
  listed: Iterable<string> = [],
  only?: readonly string[],
): Promise<JobListing> {
  const keep = only ? new Set(only) : undefined;
  const found: { name: string; rel: string }[] = [];
  const symlinks: string[] = [];
  const undecodable: string[] = [];
  const top = await listSubdirs(dir);
  symlinks.push(...top.symlinks);
  undecodable.push(...top.undecodable);
  for (const name of top.dirs) {
    if (layout.depth === "flat" || (await layout.isTrial(join(dir, name)))) {
      found.push({ name, rel: name });
      continue;
    }
    const inner = await listSubdirs(join(dir, name));
    for (const sub of inner.dirs) {
      if (await layout.isTrial(join(dir, name, sub)))
        found.push({ name: sub, rel: join(name, sub) });
    }
    symlinks.push(...inner.symlinks.map((s) => join(name, s)));
    undecodable.push(...inner.undecodable.map((s) => join(name, s)));
  }
  const chosen = keep ? found.filter((t) => keep.has(t.name)) : found;
  const refused = keep ? symlinks.filter((s) => keep.has(basename(s))) : symlinks;
  const unnamed = keep ? undecodable.filter((s) => keep.has(basename(s))) : undecodable;
  // One folder at a time: a job of thousands of trials never holds thousands of open files.
  const named: { name: string; rel: string; claimed: string | undefined }[] = [];
  for (const t of chosen) named.push({ ...t, claimed: await layout.identify(join(dir, t.rel)) });
  const notes: string[] = [];
  const trials = uniqueIds(named, dir, notes);
  const present = new Set([
    ...named.map((t) => t.claimed ?? t.name),
    ...named.map((t) => t.name),
    ...refused.map((s) => basename(s)),
    ...unnamed.map((s) => basename(s)),
  ]);
  const missing = keep ? [] : [...new Set(listed)].filter((n) => !present.has(n)).sort();
  const skipped: SkippedTrial[] = [
    ...refused.map((rel) => ({
      job,
      trial: basename(rel),
      reason: `${join(dir, rel)} is a symlink (not followed)`,
    })),
    ...unnamed.map((rel) => ({
      job,
      trial: basename(rel),
      reason: `${join(dir, rel)}: the folder's name is not valid UTF-8, so fak cannot open it (rename it to read the trial)`,
    })),
    ...missing.map((name) => ({
      job,
      trial: name,
      reason: `listed in ${layout.listedBy} but its trial folder is missing`,
    })),
  ];
  return { trials, skipped, notes };
}

/**
 * Each folder's id is the name its files claim; when two folders claim one name, the folder
 * whose own name is that name (else the first) keeps it, and each other one is told apart by
 * its folder (`<name>@<folder>`, numbered on if even that is taken), with a note: both are
 * kept, neither silently replaces the other.
 */
function uniqueIds(
  named: { name: string; rel: string; claimed: string | undefined }[],
  dir: string,
  notes: string[],
): TrialFolder[] {
  const byId = new Map<string, typeof named>();
  for (const t of named) {
    const id = t.claimed ?? t.name;
    byId.set(id, [...(byId.get(id) ?? []), t]);
  }
  const out = new Map<string, TrialFolder>();
  const others: { t: (typeof named)[number]; id: string; keeper: string }[] = [];
  for (const [id, group] of byId) {
    const keeper = group.find((t) => t.name === id) ?? group[0];
    if (!keeper) continue;
    out.set(keeper.rel, { name: keeper.name, rel: keeper.rel, id });
    for (const t of group) if (t !== keeper) others.push({ t, id, keeper: keeper.rel });
  }
  const used = new Set(byId.keys());
  for (const { t, id, keeper } of others) {
    let unique = `${id}@${t.name}`;
    for (let n = 2; used.has(unique); n++) unique = `${id}@${t.name}#${n}`;
    used.add(unique);
    const note = `${join(dir, t.rel)}: trial name "${id}" is also claimed by ${join(dir, keeper)}; kept apart as "${unique}"`;
    notes.push(note);
    out.set(t.rel, { name: t.name, rel: t.rel, id: unique, note });
  }
  return named.map((t) => out.get(t.rel)).filter((t): t is TrialFolder => t !== undefined);
}
