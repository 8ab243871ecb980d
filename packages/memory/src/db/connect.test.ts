import { existsSync, mkdirSync } from "node:fs";
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
