import { basename, join } from "node:path";
import type { Plan, PlanDecision } from "./schema.js";

/** A shell word, quoted only when it must be. */
export function shellWord(word: string): string {
  return /^[\w./=:@,+%-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/** How many items went each way, in a fixed order. */
export function decisionCounts(plan: Plan): Record<PlanDecision, number> {
  const counts: Record<PlanDecision, number> = { retry: 0, rerun_unchanged: 0, hold: 0, none: 0 };
  for (const item of plan.items) counts[item.decision]++;
  return counts;
}

/**
 * Where each rerun's output lands: a Harbor config's `jobs_dir/job_name` (relative to where
 * `harbor run` is started, as Harbor resolves it) and a tb argv's `--output-path/--run-id`.
 */
export function rerunFolders(plan: Plan, files: Readonly<Record<string, string>>): string[] {
  const out: string[] = [];
  for (const file of plan.harbor.configs) {
    const text = files[basename(file)];
    if (text === undefined) continue;
    const config = JSON.parse(text) as { jobs_dir?: string; job_name: string };
    out.push(join(config.jobs_dir ?? "jobs", config.job_name));
  }
  for (const argv of [...plan.tb.commands, ...plan.tb.incomplete.map((c) => c.argv)]) {
    const at = (flag: string) => argv[argv.indexOf(flag) + 1];
    const path = at("--output-path");
    const id = at("--run-id");
    if (path && id) out.push(join(path, id));
  }
  return out;
}

/**
 * The plan folder's README: the exact commands, in the order to run them, what was held, and
 * the comparison that brings the result back.
 * @example planReadme(plan, "/abs/plan", files)
 */
export function planReadme(
  plan: Plan,
  dir: string,
  files: Readonly<Record<string, string>> = {},
): string {
  const counts = decisionCounts(plan);
  const lines = [
    "# fak plan: what to rerun",
    "",
    `${plan.items.length} failed trial(s): ${counts.retry} retried with a brief, ${counts.rerun_unchanged} rerun unchanged (the harness failed), ${counts.hold} held for human review, ${counts.none} not retried.`,
    "Each brief quotes earlier agents and verifiers as fenced, labelled data; held tasks appear in no command below.",
    "",
  ];
  const harbor = [
    ...plan.harbor.configs.map((c) => `harbor run -c ${shellWord(c)}`),
    ...plan.harbor.resume.map(
      (r) =>
        `harbor jobs resume -p ${shellWord(r.job)} ${r.filter_error_types.map((t) => `-f ${shellWord(t)}`).join(" ")}`,
    ),
  ];
  if (harbor.length > 0) lines.push("## Harbor", "", "```sh", ...harbor, "```", "");
  if (plan.harbor.resume.length > 0)
    lines.push(
      "`harbor jobs resume` deletes the named trials and reruns them inside the original job folder: copy the folder first (`cp -r JOB JOB.before`) to compare with what it was.",
      "",
    );
  if (plan.tb.commands.length > 0)
    lines.push(
      "## tb",
      "",
      "```sh",
      ...plan.tb.commands.map((argv) => argv.map(shellWord).join(" ")),
      "```",
      "",
    );
  if (plan.tb.incomplete.length > 0) {
    const missing = [...new Set(plan.tb.incomplete.map((c) => c.missing))];
    lines.push("## tb: complete these first", "", ...missing.map((m) => `- ${m}`), "", "```sh");
    lines.push(...plan.tb.incomplete.map((c) => c.argv.map(shellWord).join(" ")), "```", "");
  }
  const notes = [...plan.harbor.notes, ...plan.tb.notes];
  if (notes.length > 0)
    lines.push("## Not planned, and why", "", ...notes.map((n) => `- ${n}`), "");
  const held = plan.items.filter((i) => i.decision === "hold");
  if (held.length > 0)
    lines.push(
      "## Held for human review (never rerun)",
      "",
      ...held.map((i) => `- ${i.task} (${i.trial_id}): ${i.rationale}`),
      "",
    );
  if (harbor.length === 0 && plan.tb.commands.length === 0 && plan.tb.incomplete.length === 0)
    lines.push("Nothing to rerun.", "");
  // A resumed job is rewritten in place: its copy made before the resume is the original.
  const resumed = new Set(plan.harbor.resume.map((r) => r.job));
  const originals = [...new Set(plan.items.map((i) => i.job))].map((j) =>
    resumed.has(j) ? `${j}.before` : j,
  );
  const reruns = [...rerunFolders(plan, files), ...plan.harbor.resume.map((r) => r.job)];
  const original = originals.length > 0 ? originals.join(",") : "ORIGINAL";
  const rerun = reruns.length > 0 ? reruns.join(",") : "RERUN";
  lines.push(
    "## Then",
    "",
    "Compare the rerun with the original run, task by task (several folders of one run are joined by commas; Harbor's job folders are relative to where `harbor run` was started):",
    "",
    "```sh",
    `fak compare ${shellWord(original)} ${shellWord(rerun)} --plan ${shellWord(join(dir, "plan.json"))}`,
    "```",
    "",
    "Add `--record DB` (the failure memory the deaths were recorded in) to store what each rerun came to, linked to its death: prior art then marks a dead branch whose rerun passed `[recovered by ACTION in JOB]`, and one whose rerun failed again `[ACTION in JOB failed again: CODE; not a fix]`. Recording the same comparison twice adds nothing.",
    "",
  );
  return lines.join("\n");
}
