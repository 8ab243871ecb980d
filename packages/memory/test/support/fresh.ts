import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Client, createClient } from "@libsql/client";
import { afterAll } from "vitest";
import { type SqldServer, startSqld } from "./sqld.js";

/** A backend that gives every test a database of its own (a test may damage it). */
export interface FreshBackend {
  name: "file" | "server";
  /** A new, empty database: a temp file, or a new sqld server. */
  fresh(): Promise<string>;
  /** A raw client on it, outside fak (what someone with write access could do). */
  raw(url: string): Client;
}

/**
 * Both backends, each handing out a new database per call; everything is removed after the
 * test file. Use where a test tampers with the schema, which would spoil a shared server.
 * @example describe.each(freshBackends())("on $name", (b) => { it("...", async () => { const url = await b.fresh(); }) })
 */
export function freshBackends(): FreshBackend[] {
  const servers: SqldServer[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.remove()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });
  const raw = (url: string) => createClient({ url, intMode: "number" });
  return [
    {
      name: "file",
      fresh: async () => {
        const dir = mkdtempSync(join(tmpdir(), "fak-memory-"));
        dirs.push(dir);
        return `file:${join(dir, "memory.db")}`;
      },
      raw,
    },
    {
      name: "server",
      fresh: async () => {
        const server = await startSqld();
        servers.push(server);
        return server.url;
      },
      raw,
    },
  ];
}
