import type { Client, InStatement } from "@libsql/client";
import type { PreparedRow } from "../row/index.js";
import type { VectorSpace } from "../schema/index.js";
import { scrub } from "../scrub/index.js";
import type { Embedder } from "./embedder.js";
import { cosineThreshold, fuse, type Scored } from "./fuse.js";
import {
  background,
  ensureSpace,
  findSpace,
  keysWithVectors,
  nearest,
  probeVectors,
  storedModels,
  vectorOfLastInsert,
  vectorsOfImportKeys,
} from "./vectors.js";

/** How a store uses its embedder. */
export interface SemanticOptions {
  /** Robust standard deviations above chance a vector-only hit must reach (see cosineThreshold). */
  margin?: number;
  /** A cosine no vector-only hit may be below, whatever the background. Default 0. */
  minCosine?: number;
  /** Characters of a row's text (task, approach, death reason) sent to the embedder. Default 2000. */
  maxChars?: number;
  /**
   * Give a new vector space a libsql_vector_idx (DiskANN) index, searched through vector_top_k:
   * approximate, for stores too large to scan, at a cost to every insert. Default false: an exact
   * scan. Decided when the space is made; a space keeps what it was given.
   */
  annIndex?: boolean;
}

/** Vector writes and vector-fused ranking for one store; degrades to lexical after one notice. */
export interface Semantic {
  /** The statement storing this row's vector in the row's write transaction, if there is one. */
  rowVector(row: PreparedRow): Promise<InStatement | undefined>;
  /** The statement storing one vector per import key, if the embedder gave them. */
  importVectors(
    rows: readonly PreparedRow[],
    keys: readonly string[],
  ): Promise<InStatement | undefined>;
  /** The lexical ranking fused with the vector ranking (the lexical one alone when unavailable). */
  rank(text: string, lexical: Scored[], limit: number): Promise<Scored[]>;
}

/** The text of a row an embedder sees: already scrubbed, so no secret leaves the machine. */
export function rowText(row: PreparedRow, maxChars = 2000): string {
  return `${row.task}\n${row.approach}\n${row.death_reason}`.slice(0, maxChars);
}

/**
 * Wrap an embedder for a store. The first failure (endpoint down, bad answer, no vector support
 * in the database) is reported once through `notice` and the embedder is not asked again: search
 * is lexical and rows are stored without vectors for the rest of the store's life.
 */
export function semanticFor(
  client: Client,
  embedder: Embedder,
  notice: (line: string) => void,
  opts: SemanticOptions = {},
): Semantic {
  let down = false;
  let lastDims: number | undefined;
  let supported: Promise<boolean> | undefined;
  const spaces = new Map<number, Promise<VectorSpace>>();
  const giveUp = (why: string) => {
    if (!down) {
      notice(
        `fak: embeddings unavailable (${oneLine(why)}); search is lexical only and new rows are stored without vectors`,
      );
    }
    down = true;
  };
  const embed = async (texts: string[]): Promise<Float32Array[] | undefined> => {
    if (down || texts.length === 0) return undefined;
    supported ??= probeVectors(client);
    if (!(await supported)) return void giveUp("this libSQL has no vector functions");
    try {
      const vectors = await embedder.embed(texts);
      if (vectors.length !== texts.length)
        throw new Error(`${vectors.length} vectors for ${texts.length} texts`);
      const dims = vectors[0]!.length;
      if (embedder.dims !== undefined && dims !== embedder.dims)
        throw new Error(`${dims}-dimensional vectors from a ${embedder.dims}-dimensional embedder`);
      if (vectors.some((v) => v.length !== dims)) throw new Error("vectors of different lengths");
      lastDims = dims;
      return vectors;
    } catch (err) {
      return void giveUp((err as Error).message);
    }
  };
  // A database that cannot take the vectors (a read-only file, a failed migration) costs the
  // vectors, never the row: the row's own write reports what is wrong with the database.
  const spaceFor = async (dims: number, create: boolean): Promise<VectorSpace | undefined> => {
    try {
      if (!create) return await findSpace(client, embedder.model, dims);
      let s = spaces.get(dims);
      if (!s) {
        s = ensureSpace(client, embedder.model, dims, opts.annIndex ?? false);
        spaces.set(dims, s);
        s.catch(() => spaces.delete(dims));
      }
      return await s;
    } catch (err) {
      return void giveUp(`vectors cannot be stored: ${(err as Error).message}`);
    }
  };
  const maxChars = opts.maxChars ?? 2000;
  return {
    rowVector: async (row) => {
      const [v] = (await embed([rowText(row, maxChars)])) ?? [];
      const space = v && (await spaceFor(v.length, true));
      return space ? vectorOfLastInsert(space, v) : undefined;
    },
    importVectors: async (rows, keys) => {
      // Lines imported before (a re-run) that have their vector already are not embedded again.
      const dims = embedder.dims ?? lastDims;
      const known = dims === undefined || down ? undefined : await spaceFor(dims, false);
      const have = known ? await keysWithVectors(client, known, keys) : new Set<number>();
      const todo = keys.flatMap((_, i) => (have.has(i) ? [] : [i]));
      if (todo.length === 0) return undefined;
      const vs = await embed(todo.map((i) => rowText(rows[i]!, maxChars)));
      const space = vs && (await spaceFor(vs[0]!.length, true));
      const todoKeys = todo.map((i) => keys[i]!);
      return space ? vectorsOfImportKeys(space, todoKeys, vs) : undefined;
    },
    rank: async (text, lexical, limit) => {
      const [q] = (await embed([scrub(text).slice(0, maxChars)])) ?? [];
      if (!q) return lexical;
      const space = await spaceFor(q.length, false);
      if (!space) return lexical;
      const k = Math.max(50, limit * 4 + 20);
      try {
        const [hits, bg] = await Promise.all([
          nearest(client, space, q, k),
          background(client, space, q),
        ]);
        return fuse(lexical, hits, cosineThreshold(bg.cosines, bg.count, opts));
      } catch (err) {
        giveUp(`vector search failed: ${(err as Error).message}`);
        return lexical;
      }
    },
  };
}

/**
 * Without an embedder: once, when the memory holds vectors, say that search is lexical only.
 * @example await noticeUnusedVectors(client, (line) => process.stderr.write(`${line}\n`))
 */
export async function noticeUnusedVectors(
  client: Client,
  notice: (line: string) => void,
): Promise<void> {
  const models = await storedModels(client);
  if (models.length === 0) return;
  notice(
    `fak: this memory holds vectors (${models.join(", ")}) but no embeddings endpoint is set (--embeddings or FAK_EMBEDDINGS_URL); search is lexical only`,
  );
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}
