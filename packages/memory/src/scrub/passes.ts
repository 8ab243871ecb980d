import { findSpans, type SecretSpan } from "./rule.js";
import { SECRET_RULES } from "./rules.js";
import { clip, markerSpans, mergeSpans, type RankedSpan } from "./spans.js";
import type { SecretTrigger } from "./trigger.js";
import { viewsOf } from "./views.js";

/** One redaction: its kind and where its `[REDACTED:kind]` marker starts in the scrubbed text. */
export interface ScrubFinding {
  kind: string;
  index: number;
}

export interface ScrubReport {
  text: string;
  findings: ScrubFinding[];
}

interface Pass {
  text: string;
  added: RankedSpan[];
  edits: RankedSpan[];
}

// A redaction can change what its neighbours look like (a token boundary appears), so passes
// repeat until stable; in practice the second pass finds nothing.
const maxPasses = 4;

function scrubPass(text: string, prefilter: SecretTrigger | undefined): Pass {
  // The markers already there, found once a view may hold a secret (most text holds none).
  let guarded: SecretSpan[] | undefined;
  const found: RankedSpan[] = [];
  for (const view of viewsOf(text)) {
    // What the prefilter rejects, no rule can match: this view would give nothing.
    if (prefilter !== undefined && !prefilter(view.text)) continue;
    guarded ??= markerSpans(text);
    const keep = guarded;
    SECRET_RULES.forEach((rule, rank) => {
      if (view.skip?.has(rule.kind)) return;
      for (const inView of findSpans(rule, view.text)) {
        if (view.accept && !view.accept(inView)) continue;
        const span = view.from ? view.from(inView) : inView;
        if (span.end > span.start) found.push(...clip({ ...span, rank, kind: rule.kind }, keep));
      }
    });
  }
  if (found.length === 0) return { text, added: [], edits: [] };
  const edits = mergeSpans(found);
  let out = "";
  let from = 0;
  const added: RankedSpan[] = [];
  for (const e of edits) {
    out += text.slice(from, e.start);
    added.push({ ...e, start: out.length });
    out += `[REDACTED:${e.kind}]`;
    from = e.end;
  }
  return { text: out + text.slice(from), added, edits };
}

// Where earlier markers (sorted offsets in the old text, never inside an edit) land after
// `edits` (sorted): one merge-like walk, linear in both.
function shift(findings: ScrubFinding[], edits: readonly RankedSpan[]): ScrubFinding[] {
  let delta = 0;
  let e = 0;
  return findings.map((f) => {
    for (let edit = edits[e]; edit !== undefined && edit.end <= f.index; edit = edits[++e]) {
      delta += `[REDACTED:${edit.kind}]`.length - (edit.end - edit.start);
    }
    return { kind: f.kind, index: f.index + delta };
  });
}

/** Told each stretch of text a pass redacts, with its kind (see `scrubWith`). */
export type OnRedacted = (kind: string, secret: string) => void;

/**
 * Every rule over `text`, pass after pass until nothing changes. With a `prefilter`, a pass
 * whose text it rejects is skipped; without one, every rule runs (the reference the fast path
 * is tested against). `onRedacted` hears each redacted stretch as it stood in the text (an edit
 * never covers a marker, so each is a piece of the original).
 * @example scrubWith("id AKIAIOSFODNN7EXAMPLE").text // "id [REDACTED:aws_access_key_id]"
 */
export function scrubWith(
  text: string,
  prefilter?: SecretTrigger,
  onRedacted?: OnRedacted,
): ScrubReport {
  let current = typeof text === "string" ? text : String(text ?? "");
  try {
    let findings: ScrubFinding[] = [];
    for (let pass = 0; pass < maxPasses; pass++) {
      const next = scrubPass(current, prefilter);
      if (next.edits.length === 0) break;
      if (onRedacted) for (const e of next.edits) onRedacted(e.kind, current.slice(e.start, e.end));
      findings = shift(findings, next.edits);
      for (const a of next.added) findings.push({ kind: a.kind, index: a.start });
      findings.sort((a, b) => a.index - b.index);
      current = next.text;
    }
    return { text: current, findings };
  } catch {
    // Unreachable by design; if a rule ever throws, storing nothing beats storing a secret.
    return { text: "[REDACTED:unscrubbable]", findings: [{ kind: "unscrubbable", index: 0 }] };
  }
}
