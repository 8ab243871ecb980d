// Retrieval by relevance, never recency: `searchFailures` turns a text into a query plan (stems,
// vocabulary groups, noise words), gathers candidate rows (FTS5, or LIKE without it), scores
// them by rarity-weighted concepts behind a relevance gate, optionally fuses a vector ranking,
// and folds supersession chains and occurrences into ranked hits. Prior art and the store use
// it; `estimateTokens` is the budget rule prior art counts with.
export { placeholders } from "./candidates.js";
// The MATCH builder is public too: callers that query failures_fts themselves need it safe.
export { buildMatchQuery } from "./query.js";
export type { SearchHit } from "./resolve-hits.js";
export { type SearchContext, type SearchOptions, searchFailures } from "./search.js";
export { estimateTokens } from "./tokens.js";
