import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tempDir } from "../../test/support/backends.js";
import { openStore } from "../store.js";
import { DEFAULT_URL, filePath } from "./connect.js";

const dir = tempDir();
const saved = { cwd: process.cwd(), url: process.env.FAK_DB_URL };

afterEach(() => {
  process.chdir(saved.cwd);
  if (saved.url === undefined) delete process.env.FAK_DB_URL;
  else process.env.FAK_DB_URL = saved.url;
});

describe("where the memory lives", () => {
  it("defaults to file:.fak/memory.db under the working directory, creating the folder", async () => {
    delete process.env.FAK_DB_URL;
    const home = join(dir, "project");
    mkdirSync(home);
    process.chdir(home);
    const store = await openStore();
    expect(store.url).toBe(DEFAULT_URL);
    store.close();
    expect(existsSync(join(home, ".fak", "memory.db"))).toBe(true);
  });

  it("takes FAK_DB_URL when no url is given, and an explicit url over it", async () => {
    process.env.FAK_DB_URL = `file:${join(dir, "env", "m.db")}`;
    const fromEnv = await openStore();
    expect(fromEnv.url).toBe(process.env.FAK_DB_URL);
    fromEnv.close();
    const explicit = `file:${join(dir, "explicit.db")}`;
    const store = await openStore({ url: explicit });
    expect(store.url).toBe(explicit);
    store.close();
  });

  it("reads file: URLs relative, absolute and with three slashes", () => {
    expect(filePath("file:/tmp/x.db")).toBe("/tmp/x.db");
    expect(filePath("file:///tmp/x.db")).toBe("/tmp/x.db");
    expect(filePath("file:.fak/memory.db?mode=rw")).toBe(join(process.cwd(), ".fak/memory.db"));
  });
});

describe("who may read a new memory (issue 18 item 9)", () => {
  it("creates the store file 0600 and the folders it makes 0700, whatever the umask; an existing file keeps its mode", async () => {
    const old = process.umask(0o022);
    try {
      const path = join(dir, "private", "deep", "memory.db");
      const store = await openStore({ url: `file:${path}` });
      await store.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x" });
      store.close();
      expect(statSync(path).mode & 0o777).toBe(0o600);
      expect(statSync(join(dir, "private", "deep")).mode & 0o777).toBe(0o700);
      expect(statSync(join(dir, "private")).mode & 0o777).toBe(0o700);
      const shared = join(dir, "shared.db");
      writeFileSync(shared, "");
      chmodSync(shared, 0o640);
      (await openStore({ url: `file:${shared}` })).close();
      expect(statSync(shared).mode & 0o777).toBe(0o640);
    } finally {
      process.umask(old);
    }
  });
});
