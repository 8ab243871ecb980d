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

// The store refusals that are about the input, not the store: the file --db names does not
// exist (a read never creates one), or a -wal beside it is not its own.
const BAD_STORE_INPUT = new Set(["NOT_FOUND", "FOREIGN_WAL"]);

/**
 * A store named by --db that a command cannot take as given (@fak/memory's `NOT_FOUND` or
 * `FOREIGN_WAL`): bad input, exit status 2, with the store's message naming the file; nothing
 * is created or written.
 */
export class StoreInputError extends Error {
  readonly code = "FAK_BAD_INPUT";
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = "StoreInputError";
  }
}

/** `err`, or a StoreInputError when it is the store refusing what --db names. */
export function storeFailure(err: unknown): unknown {
  const e = err as { name?: unknown; code?: unknown; message?: unknown } | null;
  return e?.name === "MemoryStoreError" && BAD_STORE_INPUT.has(String(e.code))
    ? new StoreInputError(String(e.message), err)
    : err;
}

/**
 * Open the memory named by --db, else FAK_DB_URL, else file:.fak/memory.db, with the embedder
 * of --embeddings or FAK_EMBEDDINGS_URL if any; always close it. `readOnly` for the commands
 * that only read (search, prior-art, history, export): nothing is written or checkpointed, and a
 * missing store, an empty file or a foreign -wal is refused.
 */
export async function withStore<T>(
  opts: DbOptions,
  work: (store: Store) => Promise<T>,
  { readOnly = false }: { readOnly?: boolean } = {},
): Promise<T> {
  const embedder = await embedderFrom(opts);
  const { openStore } = await import("@fak/memory");
  // Rows a read had to work around (see @fak/memory's onWarning) are said on stderr, once each.
  const onWarning = (m: string) => process.stderr.write(`fak: warning: ${m}\n`);
  let store: Store;
  try {
    store = await openStore({
      ...(opts.db ? { url: opts.db } : {}),
      embedder,
      onWarning,
      readOnly,
    });
  } catch (err) {
    throw storeFailure(err);
  }
  try {
    return await work(store);
  } finally {
    store.close();
  }
}
