import { cutPlan, foldSpace } from "../importers/stated-plan.js";
import { commandShape } from "./command-shape.js";

// What a failed trial tried, worth retrieving later: the plan the agent stated in its own words
// (read by the importers, `importers/stated-plan.ts`) where it stated one, else the step that
// decided the trial with the shell noise taken out.

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
  const plan = o.plan === undefined ? undefined : cutPlan(foldSpace(o.plan));
  if (plan) return `${o.who}: ${plan} (${o.category})`;
  if (!o.step?.trim()) return `${o.who}: no failing step recorded (${o.category})`;
  const step = cleanCommand(o.step);
  if (!step) return `${o.who}: no telling step recorded (${o.category})`;
  return `${o.who}: last step \`${commandShape(step)}\` (${o.category})`;
}
