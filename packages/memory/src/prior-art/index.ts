// Prior art: the dead branches most relevant to a task, as one cited, token-capped frame for an
// agent's prompt. Each entry cites `failure:ID`, says how its death reads (a budget death is
// untested, a divergence a prompt failure) and where its evidence came from; deaths only a
// simulated fixture saw come last, and `estimateTokens` is how its budget is counted.
export {
  estimateTokens,
  formatEntry,
  type PriorArt,
  type PriorArtOptions,
  priorArt,
} from "./prior-art.js";
