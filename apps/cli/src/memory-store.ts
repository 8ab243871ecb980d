import { UsageError } from "./errors.js";
import type { DbOptions } from "./options.js";

export type Store = Awaited<ReturnType<typeof import("@fak/memory").openStore>>;
type Embedder = import("@fak/memory").Embedder;

/**
 * The embedder the flags or FAK_EMBEDDINGS_* name, if any. A URL without a model is a usage
 * error (the model keys the stored vectors); an endpoint that fails later only costs a notice.
 */
export async function embedderFrom(opts: DbOptions): Promise<Embedder | undefined> {
  const env = (name: string) => process.env[name] || undefined;
  const url = opts.embeddings ?? env("FAK_EMBEDDINGS_URL");
  if (!url) return undefined;
  const model = opts.embeddingsModel ?? env("FAK_EMBEDDINGS_MODEL");
  if (!model) {
    throw new UsageError(
      `embeddings at ${url} need a model name: --embeddings-model NAME or FAK_EMBEDDINGS_MODEL`,
    );
  }
  const { httpEmbedder } = await import("@fak/memory");
  try {
    return httpEmbedder({ url, model, key: opts.embeddingsKey ?? env("FAK_EMBEDDINGS_KEY") });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

/**
 * Open the memory named by --db, else FAK_DB_URL, else file:.fak/memory.db, with the embedder
 * of --embeddings or FAK_EMBEDDINGS_URL if any; always close it.
 */
export async function withStore<T>(
  opts: DbOptions,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const embedder = await embedderFrom(opts);
  const { openStore } = await import("@fak/memory");
  // Rows a read had to work around (see @fak/memory's onWarning) are said on stderr, once each.
  const onWarning = (m: string) => process.stderr.write(`fak: warning: ${m}\n`);
  const store = await openStore({ ...(opts.db ? { url: opts.db } : {}), embedder, onWarning });
  try {
    return await work(store);
  } finally {
    store.close();
  }
}
