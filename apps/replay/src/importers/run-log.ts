import type { EvidenceLine } from "@fak/taxonomy";
import { UnreadableFileError } from "../files/fs-safe.js";
import type { HarnessKind } from "./ingest-types.js";
import { readNumbered } from "./verifier-output.js";

// The job's own log, where each harness writes the failures of trials that never got a result
// of their own: Harbor's job.log repeats every trial's `Trial NAME failed: MESSAGE` (its retries
// say `Trial NAME failed with exception TYPE. Retrying ...`); tb's run.log says `Harness execution
// failed for TASK_PATH: MESSAGE` when a trial crashed before its folder or results were written.

/** The log file each harness writes at the job's top, relative to the job folder. */
export const RUN_LOG_FILE: Record<HarnessKind, string> = { harbor: "job.log", tb: "run.log" };

/** A trial's last failure as the job's log records it. */
export interface LoggedFailure {
  /** Harbor: the trial's name. */
  trial?: string;
  /** tb: the task the failed trial ran (the last part of the task path). */
  task?: string;
  /** The message, with the lines that continue it (a build's output), capped. */
  message: string;
  line: EvidenceLine;
}

const HARBOR_FAILED = /^Trial (\S+) failed: (.*)$/;
const HARBOR_RETRY = /^Trial (\S+) failed with exception \S+\. Retrying\b/;
const TB_FAILED = /^Harness execution failed for (\S.*?): (.*)$/;
/** A line that starts another log record ends a message's continuation. */
const NEXT_RECORD =
  /^(?:Trial \S+ (?:failed|cancelled|completed|started)|Not retrying|Harness execution failed|Running task:|Starting harness run|Resolved task|Unresolved task)\b/;
/** Continuation lines kept after a failure's first line. */
const MAX_CONTINUATION = 30;
const MAX_MESSAGE = 8000;

/**
 * The failures the job's log records: for Harbor each trial's last `failed:` line not followed
 * by a retry of it, for tb every `Harness execution failed for` line. Empty when the job has no
 * log (or it cannot be read). A log past 8 MiB is read from its tail.
 * @example (await readRunLogFailures("harbor", "jobs/j1"))[0] // { trial: "fix-git__a1", message: "Docker compose command failed ...", line: {...} }
 */
export async function readRunLogFailures(kind: HarnessKind, dir: string): Promise<LoggedFailure[]> {
  let text: Awaited<ReturnType<typeof readNumbered>>;
  try {
    text = await readNumbered(dir, RUN_LOG_FILE[kind]);
  } catch (err) {
    if (err instanceof UnreadableFileError) return [];
    throw err;
  }
  if (!text) return [];
  const lines = text.text.split("\n");
  const at = (i: number): EvidenceLine => {
    const line: EvidenceLine = { file: text.file, text: (lines[i] ?? "").trim().slice(0, 500) };
    if (text.first !== undefined) line.line = text.first + i;
    return line;
  };
  const message = (i: number, head: string): string => {
    const parts = [head];
    for (let j = i + 1; j < lines.length && j <= i + MAX_CONTINUATION; j++) {
      const l = lines[j] ?? "";
      if (NEXT_RECORD.test(l)) break;
      parts.push(l);
    }
    return parts.join("\n").trimEnd().slice(0, MAX_MESSAGE);
  };
  if (kind === "tb") {
    const out: LoggedFailure[] = [];
    lines.forEach((l, i) => {
      const m = TB_FAILED.exec(l);
      if (!m?.[1] || m[2] === undefined) return;
      const task = m[1].split(/[\\/]/).filter(Boolean).pop();
      if (task) out.push({ task, message: message(i, m[2]), line: at(i) });
    });
    return out;
  }
  const last = new Map<string, LoggedFailure>();
  lines.forEach((l, i) => {
    const retry = HARBOR_RETRY.exec(l);
    if (retry?.[1]) {
      last.delete(retry[1]);
      return;
    }
    const m = HARBOR_FAILED.exec(l);
    if (m?.[1] && m[2] !== undefined)
      last.set(m[1], { trial: m[1], message: message(i, m[2]), line: at(i) });
  });
  return [...last.values()];
}
