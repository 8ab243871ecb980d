import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type EmbeddingsServer,
  fakeEmbedding,
  startEmbeddingsServer,
} from "../../test/support/embeddings-server.js";
import { embeddingsEndpoint, httpEmbedder } from "./client.js";
import { EmbeddingError } from "./embedder.js";

let server: EmbeddingsServer;
beforeAll(async () => {
  server = await startEmbeddingsServer({ dims: 32, key: "k-123" });
});
afterAll(() => server.stop());

const embedder = (
  o: { batchSize?: number; retries?: number; timeoutMs?: number; key?: string } = {},
) => httpEmbedder({ url: server.url, model: "fake-32", key: "k-123", ...o });

async function failure(p: Promise<unknown>): Promise<EmbeddingError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EmbeddingError);
  return err as EmbeddingError;
}

describe("httpEmbedder", () => {
  it("appends /v1/embeddings to a base URL, and keeps a URL that already names it", () => {
    expect(embeddingsEndpoint("http://localhost:11434")).toBe(
      "http://localhost:11434/v1/embeddings",
    );
    expect(embeddingsEndpoint("https://api.openai.com/v1/")).toBe(
      "https://api.openai.com/v1/embeddings",
    );
    expect(embeddingsEndpoint("http://h:8000/v1/embeddings")).toBe("http://h:8000/v1/embeddings");
  });

  it("refuses, when made, a URL that is not one", () => {
    expect(() => httpEmbedder({ url: "localhost 11434", model: "m" })).toThrow(
      "embeddings URL is not a URL: localhost 11434",
    );
  });

  it("returns one vector per text in input order, in batches, with the model and key sent", async () => {
    const texts = ["alpha beta", "gamma", "fonts missing", "pip timeout", "a", "b", "c"];
    const before = server.requests;
    const vectors = await embedder({ batchSize: 3 }).embed(texts);
    expect(server.requests - before).toBe(3);
    expect(server.models.at(-1)).toBe("fake-32");
    expect(vectors.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(fakeEmbedding(t, 32))),
    );
  });

  it("refuses a wrong key at once, naming the status and the server's words", async () => {
    const before = server.requests;
    const err = await failure(embedder({ key: "wrong" }).embed(["x"]));
    expect(err.code).toBe("HTTP");
    expect(err.message).toBe(
      `embeddings endpoint ${server.url}/v1/embeddings: HTTP 401: {"error":{"message":"invalid api key"}}`,
    );
    expect(server.requests).toBe(before); // refused before it counted, and not retried
  });

  it("retries a 5xx a bounded number of times, then fails", async () => {
    server.setMode("error500");
    try {
      const before = server.requests;
      const err = await failure(embedder({ retries: 2 }).embed(["x"]));
      expect(err.code).toBe("HTTP");
      expect(err.message).toContain("HTTP 500");
      expect(server.requests - before).toBe(3);
    } finally {
      server.setMode("ok");
    }
  });

  it("does not retry an answer that breaks the protocol", async () => {
    for (const [mode, why] of [
      ["badJson", "bad response: not JSON"],
      ["wrongCount", "bad response: 1 embeddings for 2 inputs"],
    ] as const) {
      server.setMode(mode);
      const before = server.requests;
      const err = await failure(embedder().embed(["x", "y"]));
      server.setMode("ok");
      expect(err.code).toBe("BAD_RESPONSE");
      expect(err.message).toContain(why);
      expect(server.requests - before).toBe(1);
    }
  });

  it("gives up on a server that never answers after the timeout", async () => {
    server.setMode("hang");
    try {
      const started = Date.now();
      const err = await failure(embedder({ timeoutMs: 200, retries: 1 }).embed(["x"]));
      expect(err.code).toBe("TIMEOUT");
      expect(err.message).toContain("no answer within 200 ms");
      expect(Date.now() - started).toBeLessThan(5000);
    } finally {
      server.setMode("ok");
    }
  });

  it("says connection refused when nothing listens", async () => {
    const gone = await startEmbeddingsServer();
    await gone.stop();
    const err = await failure(httpEmbedder({ url: gone.url, model: "m", retries: 1 }).embed(["x"]));
    expect(err.code).toBe("UNREACHABLE");
    expect(err.message).toBe(`embeddings endpoint ${gone.url}/v1/embeddings: connection refused`);
  });
});
