import { appendFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { MemoryInputError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { backends, collect, tag, tempDir } from "./support/backends.js";

const dir = tempDir();
let files = 0;
const line = (t: string, n: number) =>
  `${JSON.stringify({ session: t, task: `task ${n % 7}`, approach: `approach ${n}`, death_reason: "verifier: x" })}\n`;

function rows(t: string, from: number, to: number): string {
  let text = "";
  for (let n = from; n <= to; n++) text += line(t, n);
  return text;
}

describe.each(backends())("import while a writer appends to the file, on $name", (backend) => {
  it("imports what it validated, and a re-run adds only the appended lines", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const path = join(dir, `append-${++files}.jsonl`);
    writeFileSync(path, rows(t, 1, 300));
    // The writer appends after each committed batch, and leaves a half-written line at the end.
    let appended = 300;
    const onProgress = () => {
      appendFileSync(path, rows(t, appended + 1, appended + 50));
      appended += 50;
      appendFileSync(path, `{"session":"${t}","task":"half`);
    };
    const first = await collect(store.importJsonl(path, { batchSize: 100, onProgress }));
    expect(first.map((r) => r.line)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // The writer finishes: the half lines become whole ones.
    const whole = rows(t, 1, appended);
    writeFileSync(path, whole);
    const again = await collect(store.importJsonl(path, { batchSize: 64 }));
    expect(again.filter((r) => r.status === "already_present")).toHaveLength(300);
    expect(again.filter((r) => r.status === "added")).toHaveLength(appended - 300);
    const stored = (await collect(store.exportRows())).filter((r) => r.session === t);
    expect(stored).toHaveLength(appended);
    expect(new Set(stored.map((r) => r.approach)).size).toBe(appended);
    store.close();
  });

  it("refuses a batch whose bytes changed since they were validated, and writes nothing of it", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const path = join(dir, `rewrite-${++files}.jsonl`);
    // Larger than what the reader buffers ahead, so the last batch is read after the rewrite.
    writeFileSync(path, rows(t, 1, 3000));
    const onProgress = () => writeFileSync(path, rows(t, 1, 2500) + rows(`${t}x`, 2501, 3000));
    const err = await collect(store.importJsonl(path, { batchSize: 500, onProgress })).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(MemoryInputError);
    expect(err).toMatchObject({ file: path, field: "(file)" });
    expect((err as MemoryInputError).line).toBeGreaterThan(2500);
    expect(String(err)).toContain("changed while it was being imported (2500 lines were committed");
    const stored = await collect(store.exportRows());
    expect(stored.filter((r) => r.session === t)).toHaveLength(2500);
    expect(stored.filter((r) => r.session === `${t}x`)).toHaveLength(0);
    store.close();
  });
});
