// Semantic retrieval, optional: an embedder (`httpEmbedder`, any OpenAI-compatible
// `/v1/embeddings` endpoint) turns rows and queries into vectors, stored in libSQL `F32_BLOB`
// tables one per model and size (vectors.ts), fused with lexical search by reciprocal rank and a
// calibrated cosine gate (fuse.ts, semantic.ts); a down endpoint falls back to lexical search.
export { embeddingsEndpoint, type HttpEmbedderOptions, httpEmbedder } from "./client.js";
export { type Embedder, EmbeddingError, type EmbeddingErrorCode } from "./embedder.js";
export { ABSTAIN_MARGIN, cosineThreshold, fuse, RRF_K, type Scored } from "./fuse.js";
export {
  noticeUnusedVectors,
  rowText,
  type Semantic,
  type SemanticOptions,
  semanticFor,
} from "./semantic.js";
