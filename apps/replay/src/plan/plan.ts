import { existsSync, readFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { type CommandOutcome, InputError, lastFailedOutcome, type SourceRef } from "@fak/taxonomy";
import type { IngestedTrial } from "../importers/ingest-types.js";
import { type BriefInput, briefFor } from "./brief.js";
import { type DecidedTrial, type DecideOptions, decideTrials } from "./decide.js";
import { deriveConfig } from "./harbor.js";
import type { ReadRuns } from "./read-runs.js";
import { planReadme } from "./readme.js";
import { PLAN_SCHEMA, type Plan, type PlanItem } from "./schema.js";
import { promptTemplate, tbRerun, tbRunMetadata } from "./tb.js";

/** The part of a `@fak/memory` store a plan reads: prior art. */
export interface PriorArtSource {
  priorArt(task: string, opts?: { maxTokens?: number }): Promise<{ ids: number[]; text: string }>;
}

export interface PlanOptions extends DecideOptions {
  /** The plan folder; briefs, configs and templates are named by their absolute path in it. */
  out: string;
  /** Where prior art comes from; none without a memory. */
  store?: PriorArtSource;
  /** Token cap of each brief's prior art; default 400. */
  maxTokens?: number;
  /** Names the new jobs and runs; default the time now (UTC, `YYYY-MM-DD__HH-MM-SS`). */
  planId?: string;
}

/** A plan and every file of its folder, by name (plan.json and README.md included). */
export interface PlanResult {
  plan: Plan;
  files: Record<string, string>;
}

interface Group {
  harness: "harbor" | "tb";
  jobDir: string;
  brief: string;
  memories: number[];
  tasks: string[];
  items: DecidedTrial[];
}

/**
 * Plan the rerun of every failed trial of `runs`: one item per failed trial, one Harbor job
 * config and one tb command per brief group (extra instructions apply to a whole job), `harbor
 * jobs resume` lines and unchanged tb reruns for harness-caused trials, and the README saying what
 * to run. Held tasks appear in no rerun, no brief and no resume line.
 * @example const { plan, files } = await buildPlan(await readRuns(dirs), { out: "plan" });
 */
export async function buildPlan(runs: ReadRuns, opts: PlanOptions): Promise<PlanResult> {
  const out = resolve(opts.out);
  const planId = opts.planId ?? timestamp(new Date());
  const all = [...runs.harbor.trials, ...runs.tb.trials];
  const decided = decideTrials(all, opts);
  const runPaths = new Map<string, string>();
  for (const r of [...runs.harbor.runs, ...runs.tb.runs])
    runPaths.set(`${r.harness}:${r.job}`, r.path);
  const jobDirOf = (t: IngestedTrial) =>
    resolve(
      t.path
        ? t.harness === "harbor"
          ? dirname(t.path)
          : dirname(dirname(t.path))
        : (runPaths.get(`${t.harness}:${t.job}`) ?? t.job),
    );

  const retried = decided.filter((d) => d.decision === "retry");
  const briefs = await briefsOf(retried, jobDirOf, opts);
  const groups = new Map<string, Group>();
  for (const d of retried) {
    const jobDir = jobDirOf(d.trial);
    const b = briefs.get(`${jobDir}\0${d.trial.task}`);
    if (!b) continue;
    const key = `${d.trial.harness}\0${jobDir}\0${b.brief}`;
    const g = groups.get(key) ?? { harness: d.trial.harness, jobDir, ...b, tasks: [], items: [] };
    if (!g.tasks.includes(d.trial.task)) g.tasks.push(d.trial.task);
    g.items.push(d);
    groups.set(key, g);
  }

  const files: Record<string, string> = {};
  const where = new Map<DecidedTrial, string>();
  const briefFileOf = new Map<DecidedTrial, string>();
  const plan: Plan = {
    schema: PLAN_SCHEMA,
    items: [],
    harbor: { configs: [], resume: [], notes: [] },
    tb: { commands: [], incomplete: [], notes: [] },
  };
  const names = new Set<string>();
  const unique = (name: string) => {
    let n = name;
    for (let i = 2; names.has(n); i++) n = `${name}-${i}`;
    names.add(n);
    return n;
  };

  for (const g of groups.values()) {
    const name = unique(`fak-retry__${slug(g.tasks.join("+"))}__${planId}`);
    const briefFile = `brief-${name}.md`;
    files[briefFile] = g.brief;
    for (const d of g.items) briefFileOf.set(d, briefFile);
    if (g.harness === "harbor") {
      const at = harborConfig(g.jobDir, g.tasks, join(out, briefFile), name, out, plan, files);
      for (const d of g.items) {
        const place = at.get(d.trial.task);
        if (place) where.set(d, place);
      }
    } else {
      const meta = readTbMetadata(g.jobDir);
      const template = `tb-${name}.prompt.j2`;
      const rerun = tbRerun({
        meta,
        outputPath: dirname(g.jobDir),
        runId: name,
        tasks: g.tasks,
        template: join(out, template),
      });
      plan.tb.notes.push(...rerun.notes);
      if (!rerun.argv) continue;
      files[template] = promptTemplate(g.brief);
      const at = tbPlace(plan, rerun.argv, rerun.missing);
      for (const d of g.items) where.set(d, at);
    }
  }

  const notResumed = planHarborResumes(decided, runs.harbor.trials, jobDirOf, plan, where);
  const byJob = new Map<string, DecidedTrial[]>();
  for (const d of notResumed)
    byJob.set(jobDirOf(d.trial), [...(byJob.get(jobDirOf(d.trial)) ?? []), d]);
  for (const [jobDir, items] of byJob) {
    const tasks = [...new Set(items.map((d) => d.trial.task))];
    const name = unique(`fak-rerun__${slug(basename(jobDir))}__${planId}`);
    const at = harborConfig(jobDir, tasks, undefined, name, out, plan, files);
    for (const d of items) {
      const place = at.get(d.trial.task);
      if (place) where.set(d, place);
    }
  }
  planTbUnchanged(decided, jobDirOf, planId, plan, where, unique);

  for (const d of decided) {
    const file = briefFileOf.get(d);
    const b =
      d.decision === "retry" ? briefs.get(`${jobDirOf(d.trial)}\0${d.trial.task}`) : undefined;
    const item: PlanItem = {
      trial_id: d.trial.trial_id,
      task: d.trial.task,
      harness: d.trial.harness,
      job: jobDirOf(d.trial),
      decision: d.decision,
      action: d.action,
      rationale: d.rationale,
      brief: b?.brief ?? null,
      brief_file: file ?? null,
      memories_injected: b?.memories ?? [],
      rerun: where.get(d) ?? null,
    };
    plan.items.push(item);
  }
  files["plan.json"] = `${JSON.stringify(plan, null, 2)}\n`;
  files["README.md"] = planReadme(plan, out, files);
  return { plan, files };
}

/**
 * One brief per (job, task), keyed `job\0task`: the task's last retried trial speaks for it, with
 * the prior art of the task (fetched once a task) when there is a memory.
 */
async function briefsOf(
  retried: readonly DecidedTrial[],
  jobDirOf: (t: IngestedTrial) => string,
  opts: PlanOptions,
): Promise<Map<string, { brief: string; memories: number[] }>> {
  const briefs = new Map<string, { brief: string; memories: number[] }>();
  const arts = new Map<string, { ids: number[]; text: string }>();
  const byAttempt = [...retried].sort((a, b) => (a.trial.attempt ?? 0) - (b.trial.attempt ?? 0));
  for (const d of byAttempt) {
    const c = d.classification;
    if (!c) continue;
    let art = arts.get(d.trial.task);
    if (!art && opts.store) {
      art = await opts.store.priorArt(d.trial.task, { maxTokens: opts.maxTokens ?? 400 });
      arts.set(d.trial.task, art);
    }
    const failed = lastFailedOutcome(d.trial.signals.outcomes);
    const brief = briefFor({
      action: d.action,
      classification: c,
      meta: d.trial.meta,
      budget: d.budget,
      ...(art ? { priorArt: art } : {}),
      ...(failed ? { failedCommand: failedCommandOf(failed) } : {}),
    });
    briefs.set(`${jobDirOf(d.trial)}\0${d.trial.task}`, { brief, memories: art?.ids ?? [] });
  }
  return briefs;
}

/** A failed outcome as a brief quotes it: the command, its error output, where it was read. */
function failedCommandOf(o: CommandOutcome): NonNullable<BriefInput["failedCommand"]> {
  return {
    ...(o.command ? { command: o.command } : {}),
    ...(o.stderr ? { error: o.stderr } : {}),
    ...(o.source ? { source: sourceText(o.source) } : {}),
  };
}

/**
 * Write the config of a rerun of `tasks` of a Harbor job (with the brief, or unchanged) and say,
 * task by task, where each went; a task the job's config cannot select is noted instead.
 */
function harborConfig(
  jobDir: string,
  tasks: string[],
  briefPath: string | undefined,
  name: string,
  out: string,
  plan: Plan,
  files: Record<string, string>,
): Map<string, string> {
  const at = new Map<string, string>();
  const configPath = join(jobDir, "config.json");
  if (!existsSync(configPath)) {
    plan.harbor.notes.push(`${jobDir} has no config.json: ${tasks.join(", ")} not planned`);
    return at;
  }
  const derived = deriveConfig(readJson(configPath), configPath, tasks, briefPath, name);
  if (derived.unmatched.length > 0)
    plan.harbor.notes.push(
      `${configPath} selects no dataset or task entry for ${derived.unmatched.join(", ")}: not planned`,
    );
  if (derived.unmatched.length === tasks.length) return at;
  const file = `harbor-${name}.json`;
  files[file] = `${JSON.stringify(derived.config, null, 2)}\n`;
  plan.harbor.configs.push(join(out, file));
  for (const t of tasks)
    if (!derived.unmatched.includes(t)) at.set(t, `harbor run -c ${join(out, file)}`);
  return at;
}

/**
 * Harness-caused Harbor trials: one `harbor jobs resume -p JOB -f TYPE...` per job. A type is
 * resumed only when every trial of the job that ended with it is a harness-caused trial of this
 * plan, since resume deletes and reruns them all: never a held or an agent's own failure. The
 * trials that cannot be resumed are returned, to be rerun unchanged in a new job.
 */
function planHarborResumes(
  decided: readonly DecidedTrial[],
  trials: readonly IngestedTrial[],
  jobDirOf: (t: IngestedTrial) => string,
  plan: Plan,
  where: Map<DecidedTrial, string>,
): DecidedTrial[] {
  const notResumed: DecidedTrial[] = [];
  const unchanged = decided.filter(
    (d) => d.decision === "rerun_unchanged" && d.trial.harness === "harbor",
  );
  const byJob = new Map<string, DecidedTrial[]>();
  for (const d of unchanged)
    byJob.set(jobDirOf(d.trial), [...(byJob.get(jobDirOf(d.trial)) ?? []), d]);
  for (const [job, items] of byJob) {
    const mine = new Set(items.map((d) => d.trial));
    const types: string[] = [];
    for (const d of items) {
      const type = d.trial.harness_cause?.name;
      if (!type) {
        notResumed.push(d);
        continue;
      }
      const others = trials.filter(
        (t) => jobDirOf(t) === job && t.harness_cause?.name === type && !mine.has(t),
      );
      if (others.length > 0) {
        plan.harbor.notes.push(
          `${d.trial.trial_id}: resume -f ${type} would also rerun ${others.map((t) => t.trial_id).join(", ")} of ${job}, which are not harness-caused; rerun unchanged in a new job instead`,
        );
        notResumed.push(d);
        continue;
      }
      if (!types.includes(type)) types.push(type);
      where.set(d, `harbor jobs resume -p ${job} -f ${type}`);
    }
    if (types.length > 0) plan.harbor.resume.push({ job, filter_error_types: types });
  }
  return notResumed;
}

/** Harness-caused tb trials: one unchanged `tb run` per run, with a new run id and no brief. */
function planTbUnchanged(
  decided: readonly DecidedTrial[],
  jobDirOf: (t: IngestedTrial) => string,
  planId: string,
  plan: Plan,
  where: Map<DecidedTrial, string>,
  unique: (name: string) => string,
): void {
  const byRun = new Map<string, DecidedTrial[]>();
  for (const d of decided)
    if (d.decision === "rerun_unchanged" && d.trial.harness === "tb")
      byRun.set(jobDirOf(d.trial), [...(byRun.get(jobDirOf(d.trial)) ?? []), d]);
  for (const [run, items] of byRun) {
    const tasks = [...new Set(items.map((d) => d.trial.task))];
    const meta = readTbMetadata(run);
    const rerun = tbRerun({
      meta,
      outputPath: dirname(run),
      runId: unique(`fak-rerun__${slug(meta.run_id)}__${planId}`),
      tasks,
    });
    plan.tb.notes.push(...rerun.notes);
    if (!rerun.argv) continue;
    const at = tbPlace(plan, rerun.argv, rerun.missing);
    for (const d of items) where.set(d, at);
  }
}

/** Add a tb argv to the plan (complete or not) and say where it went. */
function tbPlace(plan: Plan, argv: string[], missing: string | undefined): string {
  if (missing === undefined) {
    plan.tb.commands.push(argv);
    return `tb command ${plan.tb.commands.length}`;
  }
  plan.tb.incomplete.push({ argv, missing });
  return `tb incomplete command ${plan.tb.incomplete.length} (see README.md)`;
}

function readTbMetadata(run: string) {
  const file = join(run, "run_metadata.json");
  if (!existsSync(file)) throw new InputError({ file }, "a tb run's run_metadata.json is missing");
  return tbRunMetadata(readJson(file), file);
}

function readJson(file: string): unknown {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new InputError({ file }, `not a JSON file (${(err as Error).message})`);
  }
}

/** Where an outcome was read, as `file:line`. */
function sourceText(source: SourceRef): string {
  return source.line === undefined ? source.file : `${source.file}:${source.line}`;
}

/** A name part safe in a file name and a job name. */
function slug(text: string): string {
  return (
    basename(text)
      .replace(/[^\w.+-]+/g, "-")
      .slice(0, 60) || "task"
  );
}

function timestamp(d: Date): string {
  return d.toISOString().slice(0, 19).replace("T", "__").replace(/:/g, "-");
}
