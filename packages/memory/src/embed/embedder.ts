/**
 * Anything that turns texts into vectors: an HTTP endpoint (`httpEmbedder`), a local model, a
 * test double. `model` names the vector space: vectors of different models (or dimensions) are
 * stored apart and never compared.
 * @example const store = await openStore({ embedder: httpEmbedder({ url, model: "nomic-embed-text" }) })
 */
export interface Embedder {
  /** The model name; with the dimension count it keys the stored vectors. */
  readonly model: string;
  /** The dimension count when known in advance; else learned from the first vectors. */
  readonly dims?: number | undefined;
  /** Where the vectors come from, for notices (e.g. the endpoint URL). */
  readonly source?: string | undefined;
  /** One vector per text, in order, every one of the same length. */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
}

/** Why an embedder gave no vectors. */
export type EmbeddingErrorCode =
  | "UNREACHABLE" // connection refused, reset, DNS
  | "TIMEOUT" // no answer within the timeout
  | "HTTP" // a non-2xx answer (after retries for 429 and 5xx)
  | "BAD_RESPONSE"; // an answer that is not the /v1/embeddings protocol

/**
 * The embedder failed; the store answers lexically and stores the row without a vector.
 * @example try { await e.embed(["x"]) } catch (err) { if (err instanceof EmbeddingError) err.code }
 */
export class EmbeddingError extends Error {
  readonly code: EmbeddingErrorCode;
  /** Whether asking again may help (a refused connection, a timeout, a 429 or a 5xx). */
  readonly retryable: boolean;
  constructor(
    code: EmbeddingErrorCode,
    message: string,
    options: { cause?: unknown; retryable?: boolean } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = "EmbeddingError";
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}
