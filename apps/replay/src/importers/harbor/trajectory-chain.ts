import { join } from "node:path";
import { noted, readFileSafe } from "../../files/fs-safe.js";

// terminus-2 summarises its context when it runs long and goes on in a new file: the old file's
// `continued_trajectory_ref` names the next (`trajectory.cont-1.json`, then `cont-2` …), and the
// trial's last steps, where it ended, are in the last file of the chain. Each continuation
// starts with the earlier conversation copied in (`is_copied_context: true`), which must not be
// read twice. The chain is followed as Harbor's own trace export follows it
// (`harbor/utils/traces_utils.py`), but bounded: at most MAX_SEGMENTS files, no file twice, and
// only plain file names beside trajectory.json (a reference with a folder in it is refused).

/** One file of a trajectory chain, parsed, with its raw text for line numbers. */
export interface TrajectorySegment {
  doc: unknown;
  raw: string;
  /** The file, relative to the trial folder. */
  file: string;
}

export const MAX_SEGMENTS = 64;
const PLAIN_NAME = /^[\w.-]{1,200}\.json$/;

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** A continuation without the steps it copied from the files before it. */
function withoutCopied(doc: unknown): unknown {
  if (!isObj(doc) || !Array.isArray(doc.steps)) return doc;
  return { ...doc, steps: doc.steps.filter((s) => !(isObj(s) && s.is_copied_context === true)) };
}

/**
 * Read `trajectory.json` and every continuation it names, in order. A damaged or missing
 * continuation ends the chain with a note; what was read before it stands. [] when there is
 * no readable trajectory.json.
 * @example (await readTrajectoryChain("job/t__1/agent", "agent", notes)).map((s) => s.file)
 *   // ["agent/trajectory.json", "agent/trajectory.cont-1.json"]
 */
export async function readTrajectoryChain(
  agentDir: string,
  agentRel: string,
  notes: string[],
): Promise<TrajectorySegment[]> {
  const segments: TrajectorySegment[] = [];
  const seen = new Set<string>();
  let name: string | undefined = "trajectory.json";
  while (name !== undefined) {
    const path = join(agentDir, name);
    if (segments.length >= MAX_SEGMENTS) {
      notes.push(`${path}: more than ${MAX_SEGMENTS} trajectory files in a chain; the rest unread`);
      break;
    }
    seen.add(name);
    const slice = await noted(notes, () => readFileSafe(path));
    if (!slice) {
      if (segments.length > 0) notes.push(`${path}: named as a continuation but not readable`);
      break;
    }
    const raw = slice.bytes.toString("utf8");
    let doc: unknown;
    try {
      doc = JSON.parse(raw);
    } catch (err) {
      notes.push(`${path}: invalid JSON (${(err as Error).message})`);
      break;
    }
    segments.push({
      doc: segments.length ? withoutCopied(doc) : doc,
      raw,
      file: `${agentRel}/${name}`,
    });
    const next: unknown = isObj(doc) ? doc.continued_trajectory_ref : undefined;
    name = undefined;
    if (typeof next === "string" && next !== "") {
      if (!PLAIN_NAME.test(next) || next.startsWith(".."))
        notes.push(
          `${path}: continued_trajectory_ref "${next.slice(0, 200)}" is not a file name beside it; not followed`,
        );
      else if (seen.has(next))
        notes.push(`${path}: continued_trajectory_ref "${next}" loops back; not followed`);
      else name = next;
    }
  }
  return segments;
}
