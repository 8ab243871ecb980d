import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A few groups of words a real embedding model would place near each other, so the fake can
 * stand in for one in tests: words of a group share a feature. Nothing else is "semantic".
 */
const CONCEPTS: string[][] = [
  ["invoice", "invoices", "bill", "bills", "billing", "receipt", "receipts"],
  ["pdf", "document", "documents", "printable", "printout"],
  ["font", "fonts", "typeface", "typefaces", "glyph", "glyphs"],
  ["missing", "absent", "unavailable", "lacking"],
  ["container", "docker", "image", "sandbox"],
  ["render", "rendering", "generate", "produce", "print"],
];
const conceptOf = new Map(CONCEPTS.flatMap((g, i) => g.map((w) => [w, `c${i}`] as const)));

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The fake model: signed feature hashing of words (weight 1), their concept (weight 2, see
 * CONCEPTS) and their character trigrams (weight 0.3) into `dims` dimensions, L2-normalised.
 * Deterministic, so a test can compare a stored vector with the one it expects.
 * @example fakeEmbedding("fonts missing", 64).length // 64
 */
export function fakeEmbedding(text: string, dims: number): Float32Array {
  const v = new Float32Array(dims);
  const add = (feature: string, weight: number) => {
    const h = fnv1a(feature);
    v[h % dims]! += h & 0x80000000 ? -weight : weight;
  };
  for (const word of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    add(`w:${word}`, 1);
    const concept = conceptOf.get(word);
    if (concept) add(`c:${concept}`, 2);
    const padded = `#${word}#`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.3);
  }
  let norm = 0;
  for (const x of v) norm += x * x;
  norm = Math.sqrt(norm) || 1;
  for (let i = 0; i < dims; i++) v[i]! /= norm;
  return v;
}

/** What the server answers: the protocol, or one of the ways a real endpoint goes wrong. */
export type ServerMode = "ok" | "error500" | "badJson" | "wrongCount" | "hang";

/** A running fake `/v1/embeddings` endpoint on loopback. */
export interface EmbeddingsServer {
  /** The base URL (`http://127.0.0.1:PORT`), as a user would give it. */
  url: string;
  /** POST /v1/embeddings requests received, and texts embedded. */
  readonly requests: number;
  readonly texts: number;
  /** The models the requests named. */
  readonly models: string[];
  setMode(mode: ServerMode): void;
  /** Stop listening and drop open connections (the endpoint is gone). */
  stop(): Promise<void>;
}

/**
 * Start an OpenAI-compatible embeddings server (`POST /v1/embeddings`, `{model, input}` ->
 * `{object: "list", data: [{object: "embedding", index, embedding}], model, usage}`) with the
 * deterministic fake model. `key`: answer 401 unless `Authorization: Bearer <key>`.
 * @example const server = await startEmbeddingsServer({ dims: 64 }); ...; await server.stop()
 */
export async function startEmbeddingsServer(
  opts: { dims?: number; key?: string } = {},
): Promise<EmbeddingsServer> {
  const dims = opts.dims ?? 64;
  let mode: ServerMode = "ok";
  let requests = 0;
  let texts = 0;
  const models: string[] = [];
  const server = createServer((req, res) => {
    void answer(req, res);
  });
  const answer = async (req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    for await (const chunk of req) raw += String(chunk);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/embeddings")
      return send(404, { error: { message: `no route ${req.method} ${req.url}` } });
    if (opts.key && req.headers.authorization !== `Bearer ${opts.key}`)
      return send(401, { error: { message: "invalid api key" } });
    let body: { model?: unknown; input?: unknown };
    try {
      body = JSON.parse(raw);
    } catch {
      return send(400, { error: { message: "body is not JSON" } });
    }
    const input = typeof body.input === "string" ? [body.input] : body.input;
    if (
      typeof body.model !== "string" ||
      !Array.isArray(input) ||
      input.some((t) => typeof t !== "string")
    )
      return send(400, { error: { message: "expected {model: string, input: string[]}" } });
    requests++;
    texts += input.length;
    models.push(body.model);
    if (mode === "hang") return; // never answers; the client's timeout must end the wait
    if (mode === "error500") return send(500, { error: { message: "model crashed" } });
    if (mode === "badJson") return send(200, '{"data": [');
    const data = (input as string[]).map((t, index) => ({
      object: "embedding",
      index,
      embedding: Array.from(fakeEmbedding(t, dims)),
    }));
    if (mode === "wrongCount") data.pop();
    // Servers may answer out of order: the client must place vectors by `index`.
    data.reverse();
    send(200, {
      object: "list",
      data,
      model: body.model,
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  };
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return requests;
    },
    get texts() {
      return texts;
    },
    models,
    setMode: (m) => {
      mode = m;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
