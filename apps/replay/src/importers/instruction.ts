// The task's instruction as the agent was given it, so that a memory row's task text says what
// the task asks ("implement a red-black tree") and a next run's prior art is found by it.
// Read from the trial's own files: tb's per-trial results.json (`instruction`), the first user
// message of an ATIF trajectory (Harbor), or the first prompt of terminus episodes. Agents wrap it
// in their own prompt template; the task's part is cut out where the template marks it.

/** At most this many characters of an instruction are kept. */
export const MAX_INSTRUCTION_CHARS = 1200;

/**
 * Markers that agents' prompt templates put before and after the task's own text (terminus-1/2:
 * "Task Description:" … "Current terminal state:"; mini-swe-agent and others: `<task>` tags).
 */
const STARTS = [
  /^\s*task description:\s*$/im,
  /^\s*task:\s*$/im,
  /<task>/i,
  /<pr_description>/i,
  /^\s*## task\s*$/im,
];
const ENDS = [/^\s*current terminal state:/im, /<\/task>/i, /<\/pr_description>/i];

/**
 * The task's part of a prompt: the text after a template's task marker up to its end marker (the
 * whole text when it has none), blank runs folded, capped at `MAX_INSTRUCTION_CHARS`.
 * @example instructionOf("Task Description:\nSort the file.\n\nCurrent terminal state:\n$ ") // "Sort the file."
 */
export function instructionOf(prompt: string | undefined): string | undefined {
  if (typeof prompt !== "string") return undefined;
  let text = prompt;
  for (const start of STARTS) {
    const m = start.exec(text);
    if (m) {
      text = text.slice(m.index + m[0].length);
      break;
    }
  }
  for (const end of ENDS) {
    const m = end.exec(text);
    if (m) {
      text = text.slice(0, m.index);
      break;
    }
  }
  const folded = text
    .split("\n")
    .map((l) => l.trimEnd())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
  if (!folded) return undefined;
  return folded.length > MAX_INSTRUCTION_CHARS
    ? `${folded.slice(0, MAX_INSTRUCTION_CHARS - 1)}…`
    : folded;
}

const isObj = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The first user message of an ATIF trajectory (`steps[].source === "user"`), as an instruction.
 * @example instructionFromTrajectory({ steps: [{ source: "user", message: "Fix the build" }] }) // "Fix the build"
 */
export function instructionFromTrajectory(doc: unknown): string | undefined {
  const steps = isObj(doc) && Array.isArray(doc.steps) ? doc.steps : [];
  for (const step of steps) {
    if (!isObj(step) || step.source !== "user") continue;
    const text = messageText(step.message);
    if (text) return instructionOf(text);
  }
  return undefined;
}

/** A message as text: a string, or the text parts of a list of content parts. */
function messageText(message: unknown): string | undefined {
  if (typeof message === "string") return message;
  if (!Array.isArray(message)) return undefined;
  const parts = message
    .map((p) => (isObj(p) && typeof p.text === "string" ? p.text : typeof p === "string" ? p : ""))
    .filter(Boolean);
  return parts.length ? parts.join("\n") : undefined;
}

/**
 * The first user message of a chat request (`{messages: [{role: "user", content}]}`, as agents
 * that log their requests write them: a Harbor trial's `agent/episodes/episode-0/request.json`).
 * @example instructionFromRequest({ messages: [{ role: "user", content: "Task:\nSort it." }] }) // "Sort it."
 */
export function instructionFromRequest(doc: unknown): string | undefined {
  const messages = isObj(doc) && Array.isArray(doc.messages) ? doc.messages : [];
  for (const m of messages) {
    if (!isObj(m) || m.role !== "user") continue;
    const text = messageText(m.content);
    if (text) return instructionOf(text);
  }
  return undefined;
}
