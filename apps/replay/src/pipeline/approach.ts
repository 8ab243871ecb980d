import { commandShape } from "./command-shape.js";

// What a failed trial tried, worth retrieving later: the plan the agent stated in its own words
// where it stated one, else the step that decided the trial with the shell noise taken out.

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
  return chosen === undefined ? undefined : cut(chosen);
}

function planOf(text: string): string | undefined {
  const trimmed = text.trim();
  if (trimmed.startsWith("{")) {
    const parsed = safeJson(trimmed);
    if (parsed && typeof parsed.plan === "string") return fold(parsed.plan) || undefined;
  }
  const sections = labelled(trimmed);
  const plan = sections.get("plan");
  if (plan !== undefined) return plan || undefined;
  const body = sections.get("thought") ?? (sections.size === 0 ? fold(trimmed) : undefined);
  return body ? body.replace(/```[\s\S]*$/, "").trim() || undefined : undefined;
}

/** `Label: text` sections of a message (Analysis:, Plan:, THOUGHT:), keys lower-cased. */
function labelled(text: string): Map<string, string> {
  const out = new Map<string, string>();
  let key: string | undefined;
  let lines: string[] = [];
  const close = () => {
    if (key !== undefined && !out.has(key)) out.set(key, fold(lines.join(" ")));
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

/**
 * A command without its shell noise: `true`, `cd x &&`, comments, heredoc bodies, `echo`
 * banners, `clear`/`set -e`, pipes into head/tail, `2>&1` and kin. Empty when only noise is left.
 * @example cleanCommand("true\ncd /app && python -m pytest -q 2>&1 | tail -20") // "python -m pytest -q"
 */
export function cleanCommand(command: string): string {
  const kept: string[] = [];
  let heredoc: string | undefined;
  for (const raw of command.split(/\r?\n/)) {
    if (heredoc !== undefined) {
      if (raw.trim() === heredoc) heredoc = undefined;
      continue;
    }
    const opens = /<<-?\s*(['"]?)([A-Za-z_][A-Za-z0-9_]*)\1/.exec(raw);
    if (opens?.[2]) heredoc = opens[2];
    for (const part of raw.split(/&&|\|\||;/)) {
      const segment = tidy(part).replace(KEYWORD, "").trim();
      if (segment && !isNoise(segment)) kept.push(segment);
    }
  }
  return kept.join(" && ");
}

function tidy(segment: string): string {
  return segment
    .replace(/(^|\s)#.*$/, "$1")
    .replace(/<<-?\s*(['"]?)[A-Za-z_]\w*\1/g, "")
    .replace(/\s*\d?>&\d\b/g, "")
    .replace(/\s*\d?>\s*\/dev\/null\b/g, "")
    .replace(/\|\s*(?:head|tail|less|more|cat)\b[^|]*$/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

const NOISE =
  /^(?:true|false|:|clear|exit(?:\s+\d+)?|set\s+[-+]\w+|cd(?:\s+\S+)?|pwd|ls(?:\s+-\w+)*(?:\s+\S+)?|(?:echo|printf)\b.*|sleep\s+\S+|C-[a-z]|\^[A-Z])$/;

const KEYWORD = /^(?:do|then|else|elif|done|fi|esac|\{|\})(?:\s+|$)/;

function isNoise(segment: string): boolean {
  const body = segment.replace(KEYWORD, "").trim();
  return body === "" || NOISE.test(body) || /^[\]})"'`]+$/.test(body);
}

/**
 * The approach of a trial: who tried it and what, in the agent's words or by its deciding step.
 * @example approachText({ who: "terminus-2/gpt-oss", category: "TEST_FAILURE", step: "cd /app && make test 2>&1 | tail" })
 *   // "terminus-2/gpt-oss: last step `make test` (TEST_FAILURE)"
 */
export function approachText(o: {
  who: string;
  category: string;
  plan?: string | undefined;
  step?: string | undefined;
}): string {
  const plan = o.plan === undefined ? undefined : cut(fold(o.plan));
  if (plan) return `${o.who}: ${plan} (${o.category})`;
  if (!o.step?.trim()) return `${o.who}: no failing step recorded (${o.category})`;
  const step = cleanCommand(o.step);
  if (!step) return `${o.who}: no telling step recorded (${o.category})`;
  return `${o.who}: last step \`${commandShape(step)}\` (${o.category})`;
}

function fold(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

function cut(text: string): string {
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
