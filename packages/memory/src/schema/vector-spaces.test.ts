import { describe, expect, it } from "vitest";
import { fakeEmbedding } from "../../test/support/embeddings-server.js";
import { freshBackends } from "../../test/support/fresh.js";
import type { Embedder } from "../embed/index.js";
import { openStore } from "../store.js";
import { verifyStore } from "../verify/verify-store.js";

// Vector spaces are made at run time (one table per model and size), not by a migration: the
// schema check expects exactly what the registry's spaces make, and nothing else.

const embedder: Embedder = {
  model: "loopback-16",
  dims: 16,
  embed: async (texts) => texts.map((t) => fakeEmbedding(t, 16)),
};
const row = {
  session: "s",
  task: "serve the metrics endpoint",
  approach: "bind the exporter to the loopback address",
  death_reason: "verifier: the scraper could not reach port 9100",
};

describe.each(freshBackends())(
  "a memory with vector spaces on $name",
  { timeout: 60_000 },
  (backend) => {
    it("reopens as fak's own, and a dropped vector trigger is tampering", async () => {
      const url = await backend.fresh();
      const store = await openStore({ url, embedder, onNotice: () => {} });
      await store.record(row);
      store.close();
      const again = await openStore({ url, onNotice: () => {} });
      again.close();
      expect((await verifyStore({ url })).schema).toEqual([]);

      const raw = backend.raw(url);
      await raw.execute("DROP TRIGGER failure_vectors_1_no_delete");
      raw.close();
      await expect(openStore({ url, onNotice: () => {} })).rejects.toMatchObject({
        code: "TAMPERED",
      });
    });
  },
);
