import type { DbOptions } from "./options.js";

export type Store = Awaited<ReturnType<typeof import("@fak/memory").openStore>>;

/** Open the memory named by --db, else FAK_DB_URL, else file:.fak/memory.db; always close it. */
export async function withStore<T>(
  opts: DbOptions,
  work: (store: Store) => Promise<T>,
): Promise<T> {
  const { openStore } = await import("@fak/memory");
  // Rows a read had to work around (see @fak/memory's onWarning) are said on stderr, once each.
  const onWarning = (m: string) => process.stderr.write(`fak: warning: ${m}\n`);
  const store = await openStore(opts.db ? { url: opts.db, onWarning } : { onWarning });
  try {
    return await work(store);
  } finally {
    store.close();
  }
}
