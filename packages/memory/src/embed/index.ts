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
