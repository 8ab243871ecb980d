// Calibrate the abstention of vector hits: recall@5 and `none` queries answered empty on a
// labelled retrieval set, lexical alone against lexical fused with vectors at a sweep of margins
// (embed/fuse.ts cosineThreshold), in one run.
//   pnpm exec tsx bench/embed-calibrate.ts                       # dev set, the loopback fake model
//   pnpm exec tsx bench/embed-calibrate.ts --set heldout
//   pnpm exec tsx bench/embed-calibrate.ts --embeddings URL --model NAME [--key KEY]  # a real model
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { httpEmbedder } from "../src/embed/client.js";
import { ABSTAIN_MARGIN } from "../src/embed/fuse.js";
import { openStore } from "../src/store.js";
import { startEmbeddingsServer } from "../test/support/embeddings-server.js";
import {
  formatRecall,
  loadLabelledSet,
  type RecallFigures,
  type RecallSet,
  score,
} from "./recall.js";

const args = process.argv.slice(2);
const arg = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};

async function main() {
  const set: RecallSet = arg("set") === "heldout" ? "heldout" : "dev";
  const { rows, queries } = loadLabelledSet(set);
  const fake = arg("embeddings") ? undefined : await startEmbeddingsServer({ dims: 256 });
  const embedderFor = () =>
    httpEmbedder({
      url: arg("embeddings") ?? fake!.url,
      model: arg("model") ?? "fake-256",
      key: arg("key"),
    });
  const dir = mkdtempSync(join(tmpdir(), "fak-calibrate-"));
  const url = `file:${join(dir, "memory.db")}`;
  const fail = (line: string) => {
    throw new Error(line);
  };
  try {
    const labelOf = new Map<number, string>();
    const writer = await openStore({ url, embedder: embedderFor(), onNotice: fail });
    for (const row of rows) {
      const { id, occurrence_of } = await writer.record({
        session: row.session,
        task: row.task,
        approach: row.approach,
        death_reason: row.death_reason,
      });
      labelOf.set(id, row.id);
      if (occurrence_of !== null && !labelOf.has(occurrence_of)) labelOf.set(occurrence_of, row.id);
    }
    writer.close();
    const labels = (hits: { id: number }[]) => hits.map((h) => labelOf.get(h.id) ?? "");
    const results: RecallFigures[] = [];
    const lexical = await openStore({ url, onNotice: () => {} });
    results.push(
      await score("lexical", queries, async (q) => labels(await lexical.search(q, { limit: 5 }))),
    );
    lexical.close();
    for (const margin of [-1, 0, 0.5, 1, 1.5, 2, 3, 4]) {
      const store = await openStore({
        url,
        embedder: embedderFor(),
        semantic: { margin },
        onNotice: fail,
      });
      const mark = margin === ABSTAIN_MARGIN ? " (default)" : "";
      results.push(
        await score(`fused, margin ${margin}${mark}`, queries, async (q) =>
          labels(await store.search(q, { limit: 5 })),
        ),
      );
      store.close();
    }
    console.log(
      `${arg("embeddings") ? `model ${arg("model")}` : "the loopback fake model (hashed words and trigrams, 256 dimensions)"}, ${rows.length} rows`,
    );
    console.log(formatRecall(set, results));
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await fake?.stop();
  }
}

await main();
