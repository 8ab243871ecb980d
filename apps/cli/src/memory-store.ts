import type { DbOptions } from "./options.js";

export type Store = Awaited<ReturnType<typeof import("@fak/memory").openStore>>;

/** Open the memory named by --db, else FAK_DB_URL, else file:.fak/memory.db; always close it. */
export async function withStore<T>(
  opts: DbOptions,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const { openStore } = await import("@fak/memory");
  const store = await openStore(opts.db ? { url: opts.db } : {});
  try {
    return await work(store);
  } finally {
    store.close();
  }
}
