import { join } from "node:path";
import type { CommandOutcome } from "@fak/taxonomy";
import { z } from "zod";
import { listSubdirs, noted, readJsonSafe } from "../../files/fs-safe.js";
import { exitCodeInText, makeOutcome } from "../outcomes.js";
import { statedPlan } from "../stated-plan.js";
import { textOf } from "./trajectory.js";

// Agents that log raw model turns: agent/episodes/episode-N/response.json (tool_use blocks)
// and tool-results.json (tool_result blocks whose text starts with `[exit_code=N]`).
// request.json (the whole prompt so far, the largest file by far) is never read.

const responseSchema = z.looseObject({
  content: z
    .array(
      z.looseObject({
        type: z.string(),
        id: z.string().nullish(),
        input: z.unknown().optional(),
        text: z.unknown().optional(),
        thinking: z.unknown().optional(),
      }),
    )
    .nullish(),
});
const toolResultsSchema = z.array(
  z.looseObject({ tool_use_id: z.string().nullish(), content: z.unknown().optional() }),
);

export interface EpisodeReading {
  outcomes: CommandOutcome[];
  /** The last command the agent issued that never got a result (the run stopped during it). */
  pending?: { turn: number; command: string };
  episodes: number;
  /** Commands the agent issued, with a result or not. */
  issued: number;
  /** The last episode's response asked for no tool: the agent ended its turn on its own. */
  finished: boolean;
  /** The plan the agent stated (its text blocks, else its thinking), where it stated one. */
  plan?: string;
}

/**
 * Outcomes from `agent/episodes/episode-N/` folders, in episode order.
 * @example const { outcomes } = await readEpisodes("job/trial/agent/episodes", notes);
 */
export async function readEpisodes(
  dir: string,
  notes: string[],
  rel = "agent/episodes",
): Promise<EpisodeReading> {
  const names = (await listSubdirs(dir)).dirs
    .map((name) => ({ name, n: /^episode-(\d+)$/.exec(name)?.[1] }))
    .filter((e): e is { name: string; n: string } => e.n !== undefined)
    .sort((a, b) => Number(a.n) - Number(b.n));
  const reading: EpisodeReading = {
    outcomes: [],
    episodes: names.length,
    issued: 0,
    finished: false,
  };
  const said: { text: string }[] = [];
  for (const { name, n } of names) {
    const turn = Number(n);
    const response = await noted(notes, () =>
      readJsonSafe(join(dir, name, "response.json"), responseSchema),
    );
    const text =
      blockText(response?.content ?? [], "text") ?? blockText(response?.content ?? [], "thinking");
    if (text !== undefined) said.push({ text });
    const calls = (response?.content ?? []).filter((b) => b.type === "tool_use");
    reading.finished = response !== undefined && calls.length === 0;
    if (calls.length === 0) continue;
    reading.pending = undefined;
    const results =
      (await noted(notes, () =>
        readJsonSafe(join(dir, name, "tool-results.json"), toolResultsSchema),
      )) ?? [];
    for (const call of calls) {
      const command = commandOf(call.input);
      if (command === undefined) continue;
      reading.issued++;
      const result = results.find((r) => r.tool_use_id != null && r.tool_use_id === call.id);
      if (!result) {
        reading.pending = { turn, command };
        continue;
      }
      const text = textOf(result.content);
      const exit = text === undefined ? undefined : exitCodeInText(text);
      if (exit !== undefined)
        reading.outcomes.push(
          makeOutcome({
            turn,
            command,
            exitCode: exit,
            output: text,
            source: { file: `${rel}/${name}/tool-results.json` },
          }),
        );
    }
  }
  const plan = statedPlan(said);
  if (plan !== undefined) reading.plan = plan;
  return reading;
}

function blockText(blocks: { type: string; [k: string]: unknown }[], type: "text" | "thinking") {
  const parts = blocks
    .filter((b) => b.type === type && typeof b[type] === "string")
    .map((b) => String(b[type]));
  return parts.length ? parts.join("\n") : undefined;
}

function commandOf(input: unknown): string | undefined {
  if (typeof input !== "object" || input === null) return undefined;
  const cmd = (input as Record<string, unknown>).command;
  return typeof cmd === "string" && cmd.trim() !== "" ? cmd : undefined;
}
