import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { type Embedder, EmbeddingError } from "./embedder.js";

/** An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, llama.cpp's server, vLLM). */
export interface HttpEmbedderOptions {
  /** The server's base URL (`http://localhost:11434`); `/v1/embeddings` is appended. */
  url: string;
  /** The model name sent with every request; it also keys the stored vectors. */
  model: string;
  /** Sent as `Authorization: Bearer <key>` when given. */
  key?: string | undefined;
  /** Texts per request. Default 64. */
  batchSize?: number;
  /** How long one request may take (ms). Default 15000. */
  timeoutMs?: number;
  /** Further attempts after a refused connection, a timeout, a 429 or a 5xx. Default 2. */
  retries?: number;
}

const responseSchema = z.object({
  data: z.array(z.object({ index: z.number().int().nonnegative(), embedding: z.unknown() })),
});

/** `http://host:port` -> `http://host:port/v1/embeddings` (a URL ending in /v1 or the full path is kept). */
export function embeddingsEndpoint(url: string): string {
  const base = url.trim().replace(/\/+$/, "");
  if (/\/v1\/embeddings$/.test(base)) return base;
  return /\/v1$/.test(base) ? `${base}/embeddings` : `${base}/v1/embeddings`;
}

/**
 * An embedder that POSTs `{model, input: [texts], encoding_format: "float"}` to
 * `{url}/v1/embeddings` and reads `{data: [{embedding, index}]}`: batched, each request under a
 * timeout, retried a bounded number of times, every failure an `EmbeddingError` naming the URL.
 * @example const e = httpEmbedder({ url: "http://localhost:11434", model: "nomic-embed-text" })
 */
export function httpEmbedder(opts: HttpEmbedderOptions): Embedder {
  const endpoint = embeddingsEndpoint(opts.url);
  try {
    new URL(endpoint);
  } catch {
    throw new EmbeddingError("UNREACHABLE", `embeddings URL is not a URL: ${opts.url}`);
  }
  const batchSize = Math.max(1, Math.floor(opts.batchSize ?? 64));
  const request = (input: readonly string[]) => postWithRetries(endpoint, opts, input);
  return {
    model: opts.model,
    source: endpoint,
    embed: async (texts) => {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        out.push(...(await request(texts.slice(i, i + batchSize))));
      }
      return out;
    },
  };
}

async function postWithRetries(
  endpoint: string,
  opts: HttpEmbedderOptions,
  input: readonly string[],
): Promise<Float32Array[]> {
  const retries = Math.max(0, Math.floor(opts.retries ?? 2));
  for (let attempt = 0; ; attempt++) {
    try {
      return await post(endpoint, opts, input);
    } catch (err) {
      const retryable = err instanceof EmbeddingError && err.retryable;
      if (!retryable || attempt >= retries) throw err;
      await sleep(250 * 2 ** attempt * (0.5 + Math.random()));
    }
  }
}

function fail(
  code: EmbeddingError["code"],
  message: string,
  retryable: boolean,
  cause?: unknown,
): EmbeddingError {
  return new EmbeddingError(code, message, { cause, retryable });
}

async function post(
  endpoint: string,
  opts: HttpEmbedderOptions,
  input: readonly string[],
): Promise<Float32Array[]> {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const at = `embeddings endpoint ${endpoint}`;
  let res: Response;
  let body: string;
  try {
    res = await fetch(endpoint, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(opts.key ? { authorization: `Bearer ${opts.key}` } : {}),
      },
      body: JSON.stringify({ model: opts.model, input, encoding_format: "float" }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    body = await res.text();
  } catch (err) {
    if ((err as Error).name === "TimeoutError" || (err as Error).name === "AbortError")
      throw fail("TIMEOUT", `${at}: no answer within ${timeoutMs} ms`, true, err);
    throw fail("UNREACHABLE", `${at}: ${networkReason(err)}`, true, err);
  }
  if (!res.ok) {
    const retryable = res.status === 429 || res.status >= 500;
    const said = body.replace(/\s+/g, " ").trim().slice(0, 200);
    throw fail("HTTP", `${at}: HTTP ${res.status}${said ? `: ${said}` : ""}`, retryable);
  }
  return parseVectors(at, body, input.length);
}

function networkReason(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code === "ECONNREFUSED") return "connection refused";
  if (cause?.code === "ECONNRESET" || cause?.code === "UND_ERR_SOCKET") return "connection reset";
  if (cause?.code === "ENOTFOUND") return "host not found";
  return cause?.message ?? (err as Error).message ?? String(err);
}

/** Vectors from a response body, in input order; any deviation from the protocol is an error. */
export function parseVectors(at: string, body: string, expected: number): Float32Array[] {
  const bad = (why: string) => fail("BAD_RESPONSE", `${at}: bad response: ${why}`, false);
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw bad(`not JSON (${JSON.stringify(body.slice(0, 60))})`);
  }
  const parsed = responseSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw bad(`${issue?.path.join(".") || "(body)"}: ${issue?.message ?? "not {data: [...]}"}`);
  }
  const { data } = parsed.data;
  if (data.length !== expected) throw bad(`${data.length} embeddings for ${expected} inputs`);
  const out: (Float32Array | undefined)[] = new Array(expected);
  for (const [i, item] of data.entries()) {
    if (item.index >= expected || out[item.index])
      throw bad(`data[${i}].index ${item.index} is out of range or repeated`);
    out[item.index] = toVector(item.embedding, () => bad(`data[${i}].embedding is not numbers`));
  }
  const dims = out[0]?.length ?? 0;
  if (dims === 0) throw bad("empty embedding");
  if (out.some((v) => v?.length !== dims)) throw bad("embeddings of different lengths");
  return out as Float32Array[];
}

function toVector(value: unknown, bad: () => Error): Float32Array {
  if (!Array.isArray(value)) throw bad();
  const v = new Float32Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const x = value[i];
    if (typeof x !== "number" || !Number.isFinite(x)) throw bad();
    v[i] = x;
  }
  return v;
}
