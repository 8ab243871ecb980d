import { basename } from "node:path";
import { InputError } from "@fak/taxonomy";
import { fnmatch, globEscape } from "./glob.js";

/** A Harbor job's `config.json` as fak reads it: every key kept, the selection ones checked. */
export type HarborJobConfig = Record<string, unknown> & {
  job_name?: unknown;
  datasets?: unknown;
  tasks?: unknown;
  extra_instruction_paths?: unknown;
};

type Dataset = Record<string, unknown> & {
  task_names?: string[] | null;
  exclude_task_names?: string[] | null;
};
type LocalTask = Record<string, unknown> & { path?: string | null; name?: string | null };

/** A rerun's config and the retried tasks it could not select. */
export interface DerivedConfig {
  config: HarborJobConfig;
  unmatched: string[];
}

/**
 * The config of a rerun of `tasks` from a job's own `config.json`: every key kept (agents,
 * timeouts, environment, retry...), the job's datasets and tasks narrowed to the retried tasks by
 * their real names (`task_names` as exact names, glob characters escaped, no `n_tasks` cut), the brief (if any) appended to
 * `extra_instruction_paths`, and a new `job_name`. A task that no dataset or task entry of the job
 * selects is returned in `unmatched`; `config` is undefined-free and selects at least one task, or
 * `unmatched` holds every task. An InputError names the file and field of a malformed config.
 * @example deriveConfig(original, "jobs/j1/config.json", ["fix-git"], "/abs/brief.md", "fak-retry__fix-git")
 */
export function deriveConfig(
  original: unknown,
  file: string,
  tasks: readonly string[],
  briefPath: string | undefined,
  jobName: string,
): DerivedConfig {
  const config = checkConfig(original, file);
  const datasets = (config.datasets ?? []) as Dataset[];
  const local = (config.tasks ?? []) as LocalTask[];
  const claimed = new Set<string>();
  const kept: Dataset[] = [];
  const excluded = (d: Dataset, t: string) =>
    (d.exclude_task_names ?? []).some((p) => fnmatch(t, p));
  for (const d of datasets) {
    if (!d.task_names || d.task_names.length === 0) continue;
    const patterns = d.task_names;
    const mine = tasks.filter((t) => patterns.some((p) => fnmatch(t, p)) && !excluded(d, t));
    if (mine.length === 0) continue;
    for (const t of mine) claimed.add(t);
    kept.push({ ...d, task_names: mine.map(globEscape), n_tasks: null });
  }
  const whole = datasets.filter((d) => !d.task_names || d.task_names.length === 0);
  if (whole.length === 1) {
    const d = whole[0] as Dataset;
    const mine = tasks.filter((t) => !claimed.has(t) && !excluded(d, t));
    for (const t of mine) claimed.add(t);
    if (mine.length > 0) kept.push({ ...d, task_names: mine.map(globEscape), n_tasks: null });
  }
  const keptTasks = local.filter((entry) => {
    const name = localTaskName(entry);
    if (name === undefined || !tasks.includes(name)) return false;
    claimed.add(name);
    return true;
  });
  const previous = (config.extra_instruction_paths ?? []) as string[];
  const derived: HarborJobConfig = {
    ...config,
    job_name: jobName,
    datasets: kept,
    tasks: keptTasks,
    extra_instruction_paths: briefPath ? [...previous, briefPath] : previous,
  };
  return { config: derived, unmatched: tasks.filter((t) => !claimed.has(t)) };
}

/** The name Harbor gives a `tasks` entry: `org/name` of a package task, else its folder's name. */
function localTaskName(entry: LocalTask): string | undefined {
  if (typeof entry.name === "string" && entry.name) return entry.name;
  if (typeof entry.path === "string" && entry.path) return basename(entry.path.replace(/\/+$/, ""));
  return undefined;
}

function checkConfig(doc: unknown, file: string): HarborJobConfig {
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw new InputError({ file }, "a Harbor job config must be a JSON object");
  const config = doc as HarborJobConfig;
  const list = (field: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (!Array.isArray(value)) throw new InputError({ file, field }, "expected an array");
    value.forEach((v, i) => {
      if (typeof v !== "object" || v === null || Array.isArray(v))
        throw new InputError({ file, field: `${field}.${i}` }, "expected an object");
    });
  };
  list("datasets", config.datasets);
  list("tasks", config.tasks);
  const datasets = (config.datasets ?? []) as Dataset[];
  datasets.forEach((d, i) => {
    for (const key of ["task_names", "exclude_task_names"] as const) {
      const v = d[key];
      if (
        v !== undefined &&
        v !== null &&
        !(Array.isArray(v) && v.every((s) => typeof s === "string"))
      )
        throw new InputError({ file, field: `datasets.${i}.${key}` }, "expected a list of names");
    }
  });
  const extra = config.extra_instruction_paths;
  if (extra !== undefined && !(Array.isArray(extra) && extra.every((s) => typeof s === "string")))
    throw new InputError({ file, field: "extra_instruction_paths" }, "expected a list of paths");
  if (typeof config.job_name !== "string" || !config.job_name)
    throw new InputError({ file, field: "job_name" }, "expected the job's name");
  return config;
}
