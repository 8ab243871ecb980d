import { scrub } from "@fak/memory";
import { validate } from "@fak/taxonomy";
import { z } from "zod";
import { globEscape } from "./glob.js";

/** The part of a tb run's `run_metadata.json` a rerun repeats. */
const runMetadataSchema = z.looseObject({
  run_id: z.string().min(1),
  agent_name: z.string().nullish(),
  model_name: z.string().nullish(),
  dataset_name: z.string().nullish(),
  dataset_version: z.string().nullish(),
  dataset_path: z.string().nullish(),
  n_attempts: z.number().int().positive().nullish(),
  agent_kwargs: z.record(z.string(), z.unknown()).nullish(),
});
export type TbRunMetadata = z.output<typeof runMetadataSchema>;

/**
 * tb 0.2.18's built-in agent names (`--agent`). Those that render the instruction through a
 * `prompt_template` (the installed and MCP agents) take a brief; Terminus does not.
 */
const TEMPLATE_AGENTS = new Set([
  "claude-code",
  "aider",
  "codex",
  "goose",
  "goose-mcp",
  "gemini-cli",
  "openhands",
  "grok-cli",
  "mini-swe-agent",
  "opencode",
  "qwen-coder",
  "cursor-cli",
]);
const TERMINUS = new Set(["terminus", "terminus-1", "terminus-2"]);

/** Check a run's metadata; an InputError names the file and field. */
export function tbRunMetadata(doc: unknown, file: string): TbRunMetadata {
  return validate(runMetadataSchema, doc, { file });
}

/**
 * What to run: a full argv; an argv that lacks something only its user knows (`missing` says
 * what); or no argv, and the notes say why.
 */
export type TbRerun =
  | { argv: string[]; missing?: string; notes: string[] }
  | { argv?: undefined; notes: string[] };

export interface TbRerunInput {
  meta: TbRunMetadata;
  /** Where the new run's folder goes (`--output-path`): beside the original run. */
  outputPath: string;
  runId: string;
  tasks: readonly string[];
  /** The prompt template carrying the brief (absolute path); none for an unchanged rerun. */
  template?: string;
}

/**
 * The `tb run` argv of a rerun: the original run's dataset, agent, model, attempts and agent
 * kwargs, a new `--run-id`, `-t` per task, and `-k prompt_template=FILE` when a brief goes with
 * it. No argv when the brief cannot reach the agent (Terminus ignores templates); `missing` when
 * the agent is not one tb knows by name (its import path is not recorded).
 * @example tbRerun({ meta, outputPath: "runs", runId: "fak-retry__x", tasks: ["fix-git"] }).argv
 */
export function tbRerun(input: TbRerunInput): TbRerun {
  const { meta } = input;
  const agent = meta.agent_name ?? "";
  const notes: string[] = [];
  const dataset = meta.dataset_path
    ? ["--dataset-path", meta.dataset_path]
    : meta.dataset_name && meta.dataset_version
      ? ["--dataset-name", meta.dataset_name, "--dataset-version", meta.dataset_version]
      : undefined;
  const tasks = input.tasks.join(", ");
  if (!dataset) {
    return {
      notes: [`tb run ${meta.run_id}: its metadata names no dataset; ${tasks} not planned`],
    };
  }
  if (input.template && TERMINUS.has(agent)) {
    return {
      notes: [
        `tb run ${meta.run_id} used ${agent}, which ignores prompt templates: a brief cannot reach it through tb, so ${tasks} get no tb rerun (run them in Harbor, whose extra_instruction_paths reach every agent)`,
      ],
    };
  }
  const kwargs: string[] = [];
  for (const [key, value] of Object.entries(meta.agent_kwargs ?? {})) {
    const text = typeof value === "string" ? value : JSON.stringify(value);
    const clean = scrub(text);
    if (clean !== text)
      notes.push(
        `tb run ${meta.run_id}: agent kwarg ${key} held a secret; it is redacted in the argv, put it back`,
      );
    kwargs.push("-k", `${key}=${clean}`);
  }
  const argv = [
    "tb",
    "run",
    ...dataset,
    "--agent",
    agent,
    ...(meta.model_name ? ["--model", meta.model_name] : []),
    "--output-path",
    input.outputPath,
    "--run-id",
    input.runId,
    ...(meta.n_attempts ? ["--n-attempts", String(meta.n_attempts)] : []),
    ...kwargs,
    ...input.tasks.flatMap((t) => ["-t", globEscape(t)]),
    ...(input.template ? ["-k", `prompt_template=${input.template}`] : []),
  ];
  if (TERMINUS.has(agent) || TEMPLATE_AGENTS.has(agent)) return { argv, notes };
  return {
    argv,
    missing: `tb run ${meta.run_id} used the agent "${agent}", which is not one of tb's built-in agents: its import path is not recorded (replace "--agent ${agent}" with --agent-import-path MODULE:CLASS), and whether it renders a prompt template is unknown`,
    notes,
  };
}

/** The prompt template of a tb rerun: the instruction, then the brief, kept out of Jinja's reach. */
export function promptTemplate(brief: string): string {
  const inert = brief.replace(/\{%/g, "{ %").replace(/%\}/g, "% }");
  return `{{ instruction }}\n\n{% raw %}${inert}{% endraw %}\n`;
}
