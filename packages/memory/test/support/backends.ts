import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { afterAll, beforeAll } from "vitest";
import { type SqldServer, startSqld } from "./sqld.js";

/** A place a store can live in a test: a temp file, or the real libSQL server. */
export interface Backend {
  name: "file" | "server";
  /** A URL to open a store on: a fresh file each call; the one server database (use tags). */
  url(): string;
  /** A second, independent client on the same database. */
  rawClient(url: string): Client;
}

/**
 * Register hooks that start a sqld server (and clean temp files) for this test file, and return
 * both backends for `describe.each`.
 * @example describe.each(backends())("store on $name", (backend) => { ... })
 */
export function backends(): Backend[] {
  let server: SqldServer | undefined;
  const dirs: string[] = [];
  beforeAll(async () => {
    server = await startSqld();
  });
  afterAll(async () => {
    await server?.remove();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  return [
    {
      name: "file",
      url: () => {
        const dir = mkdtempSync(join(tmpdir(), "fak-memory-"));
        dirs.push(dir);
        return `file:${join(dir, "memory.db")}`;
      },
      rawClient: (url) => createClient({ url, intMode: "number" }),
    },
    {
      name: "server",
      url: () => {
        if (!server) throw new Error("sqld is not running");
        return server.url;
      },
      rawClient: (url) => createClient({ url, intMode: "number" }),
    },
  ];
}

/** A temp folder removed after the test file; returns its path. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "fak-memory-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A short unique word, so tests sharing one server database can find their own rows. */
export function tag(): string {
  return `t${randomUUID().replaceAll("-", "").slice(0, 10)}`;
}

/** Collect an async iterable. */
export async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}
