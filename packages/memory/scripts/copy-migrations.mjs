// Ships the drizzle migrations inside the published package: dist/drizzle/{core,fts}.
import { cpSync, rmSync } from "node:fs";

const from = new URL("../drizzle/", import.meta.url);
const to = new URL("../dist/drizzle/", import.meta.url);
rmSync(to, { recursive: true, force: true });
cpSync(from, to, { recursive: true });
