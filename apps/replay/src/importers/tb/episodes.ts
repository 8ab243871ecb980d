import { join } from "node:path";
import { listSubdirs } from "../../files/fs-safe.js";

// Agents that log each model turn (tb's terminus) leave agent-logs/episode-N/ folders
// (debug.json, prompt.txt, response.json). A copied or re-downloaded run can hold the same
// episode twice (debug(1).json beside debug.json, or an "episode-3 (1)" folder): each N counts once.

const EPISODE = /^episode-(\d+)(?!\d)/;

/**
 * How many turns the agent's own logs hold: the distinct N of agent-logs/episode-N folders.
 * @example await countEpisodes("runs/r1/hello/hello.1-of-1.r1") // 12
 */
export async function countEpisodes(trialDir: string): Promise<number> {
  const seen = new Set<number>();
  for (const name of (await listSubdirs(join(trialDir, "agent-logs"))).dirs) {
    const n = EPISODE.exec(name)?.[1];
    if (n !== undefined) seen.add(Number(n));
  }
  return seen.size;
}
