// The plan an agent stated in its own words (terminus `{"plan": ...}`, `Plan:` sections, tb
// THOUGHTs), read from a trial's steps by the importers; the pipeline makes it the approach of
// a death row.

/** One agent step as plain data: what it said, and the command it ran. */
export interface ApproachStep {
  text?: string;
  command?: string;
}

const MAX_PLAN = 240;
const MIN_WORDS = 4;
const LABEL = /^\s*(?:\*\*)?([A-Za-z][A-Za-z ]{1,20}):(?:\*\*)?\s*/;
// A plan that only says it will look around first names no approach.
const EXPLORING =
  /^(?:(?:ok(?:ay)?|now|so|first|next),?\s+)*(?:(?:i|we)(?:'ll|'m going to| will| need to| should| must| want to| can)?|let(?:'s| me| us)|to start,?|start by)?\s*(?:first\s+)?(?:(?:quickly|briefly)\s+)?(?:look|explore|inspect|check|examine|see|list|view|read|understand|investigate|find out|figure out|get (?:a|an) (?:overview|sense))\b/i;

/**
 * The plan an agent stated, from its steps' text: a terminus-style `{"plan": ...}` message or
 * `Plan:` section, else the text itself (a THOUGHT, a text block). The first plan that does more
 * than look around wins, else the first plan; whitespace folded, cut to 240 characters.
 * @example statedPlan([{ text: "Analysis: empty dir.\nPlan: build a wheel, serve it with a static server" }])
 *   // "build a wheel, serve it with a static server"
 */
export function statedPlan(steps: readonly ApproachStep[]): string | undefined {
  const plans = steps.flatMap((s) => {
    const plan = s.text === undefined ? undefined : planOf(s.text);
    // "next.", "ok": a few words state no plan.
    return plan && plan.split(" ").length >= MIN_WORDS ? [plan] : [];
  });
  const chosen = plans.find((p) => !EXPLORING.test(p)) ?? plans[0];
  return chosen === undefined ? undefined : cutPlan(chosen);
}

function planOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    const parsed = safeJson(trimmed);
    if (parsed && typeof parsed.plan === "string") return foldSpace(parsed.plan) || undefined;
  }
  const sections = labelled(trimmed);
  const plan = sections.get("plan");
  if (plan !== undefined) return plan || undefined;
  const body = sections.get("thought") ?? (sections.size === 0 ? foldSpace(trimmed) : undefined);
  return body ? body.replace(/```[\s\S]*$/, "").trim() || undefined : undefined;
}

/** `Label: text` sections of a message (Analysis:, Plan:, THOUGHT:), keys lower-cased. */
function labelled(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | undefined;
  let lines: string[] = [];
  const close = () => {
    if (key !== undefined && !out.has(key)) out.set(key, foldSpace(lines.join(" ")));
  };
  for (const line of text.split("\n")) {
    const m = LABEL.exec(line);
    const name = m?.[1]?.toLowerCase();
    if (m && name && ["plan", "analysis", "thought", "reasoning", "commands"].includes(name)) {
      close();
      key = name;
      lines = [line.slice(m[0].length)];
    } else if (key !== undefined) lines.push(line);
  }
  close();
  return out;
}

/** Whitespace folded to single spaces. */
export function foldSpace(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** A plan cut to 240 characters, at a sentence or word end where one is near. */
export function cutPlan(text: string): string {
  if (text.length <= MAX_PLAN) return text;
  const head = text.slice(0, MAX_PLAN);
  const end = Math.max(head.lastIndexOf(". "), head.lastIndexOf(" "));
  return `${head.slice(0, end > MAX_PLAN / 2 ? end : MAX_PLAN).replace(/[.,;:\s]+$/, "")} …`;
}

function safeJson(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return typeof v === "object" && v !== null && !Array.isArray(v)
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
