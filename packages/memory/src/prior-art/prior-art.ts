import {
  estimateTokens,
  type SearchContext,
  type SearchHit,
  searchFailures,
} from "../search/index.js";
import { originTag, SIMULATED_VERDICT, type WeighedHit, weighEvidence } from "./evidence.js";

// How the budget is counted is part of the contract.
export { estimateTokens } from "../search/index.js";

/** Dead branches worth knowing before a task: the ids shown, and the frame that cites them. */
export interface PriorArt {
  ids: number[];
  text: string;
}

export interface PriorArtOptions {
  /** Token budget of `text`, estimated as ceil(characters / 4). Default 400. */
  maxTokens?: number;
}

const HEADER = "Prior art: approaches that already died on similar tasks (most relevant first).";
const CANDIDATES = 20;

/** How a death should be read, by the layer that killed the branch. */
function verdict(layer: string): string {
  switch (layer) {
    case "verifier":
      return "refuted by real checks";
    case "adversary":
      return "refuted: a named hole";
    case "divergence":
      return "divergence: a prompt/axis failure, not an approach failure";
    case "budget":
      return "UNTESTED: budget ran out before judgment; not a refutation";
    case "reconcile":
      return "merge conflict: passed alone, failed after merge";
    default:
      return "unclassified death";
  }
}

/**
 * One cited entry: `- failure:ID [verdict] (origin) died N times | task: ... | approach: ... | death: ...`.
 * A death only a simulated fixture saw reads `[simulated fixture: not a real refutation]`.
 */
export function formatEntry(hit: SearchHit | WeighedHit): string {
  const died = hit.deaths > 1 ? ` died ${hit.deaths} times` : "";
  const weighed: WeighedHit =
    "simulatedOnly" in hit ? hit : { ...hit, simulatedOnly: hit.provenance === "simulated" };
  const says = weighed.simulatedOnly ? SIMULATED_VERDICT : verdict(hit.layer);
  return `- failure:${hit.id} [${says}]${originTag(weighed)}${died} | task: ${oneLine(hit.task)} | approach: ${oneLine(hit.approach)} | death: ${oneLine(hit.death_reason)}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/**
 * The dead branches most relevant to `task`, ranked by relevance (deaths only a simulated fixture
 * saw after the others), each citing `failure:ID` and where its evidence came from,
 * cut to a token budget. Tokens are estimated as ceil(characters / 4) of the whole text
 * (header and newlines included), and the text never exceeds `maxTokens` by that estimate: an
 * entry that does not fit is shortened when it is the first one, else left out. Nothing relevant
 * enough (or a budget too small for one cited entry) gives `{ ids: [], text: "" }`.
 * @example const { ids, text } = await priorArt(ctx, "throttle webhook fan-out", { maxTokens: 300 })
 */
export async function priorArt(
  ctx: SearchContext,
  task: string,
  opts: PriorArtOptions = {},
): Promise<PriorArt> {
  const maxTokens = Math.max(0, Math.floor(opts.maxTokens ?? 400));
  // Relevance first, then evidence: whatever only a simulation killed comes after real deaths.
  const hits = await weighEvidence(
    ctx.client,
    await searchFailures(ctx, task, { limit: CANDIDATES }),
  );
  const maxChars = maxTokens * 4;
  const lines = [HEADER];
  const ids: number[] = [];
  for (const hit of hits) {
    const entry = formatEntry(hit);
    const room = maxChars - (lines.join("\n").length + 1);
    if (entry.length <= room) {
      lines.push(entry);
      ids.push(hit.id);
    } else if (ids.length === 0 && room >= `- failure:${hit.id} …`.length + 20) {
      lines.push(`${entry.slice(0, room - 1)}…`);
      ids.push(hit.id);
    } else break;
  }
  if (ids.length === 0) return { ids: [], text: "" };
  const text = lines.join("\n");
  return estimateTokens(text) <= maxTokens ? { ids, text } : { ids: [], text: "" };
}
