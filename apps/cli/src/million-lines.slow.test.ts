import { spawn } from "node:child_process";
import { once } from "node:events";
import { closeSync, createReadStream, createWriteStream, openSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { reportFigure } from "@fak/vitest-config/report";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Very large inputs through the real `fak` bin under a 128 MB heap: a million-line JSONL to
// classify, and a large failure-row file to import. Output goes to a file (the test must not hold
// it either); peak RSS is read by GNU time. FAK_SLOW=1 only: each run takes tens of seconds.

const MAIN = fileURLToPath(new URL("../dist/main.js", import.meta.url));
const HEAP_MB = 128;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "fak-million-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

interface BigRun {
  status: number | null;
  stderr: string;
  out: string;
  maxRssMb: number;
}

/** Run `fak args` under GNU time with a small heap, stdout to a file. */
async function runBig(args: string[], name: string): Promise<BigRun> {
  const out = join(dir, `${name}.out`);
  const rss = join(dir, `${name}.rss`);
  const fd = openSync(out, "w");
  const child = spawn("/usr/bin/time", ["-f", "%M", "-o", rss, process.execPath, MAIN, ...args], {
    env: {
      ...process.env,
      // Its own temp folder: the spool of this run must not be seen by reliability.test.ts.
      TMPDIR: dir,
      NO_COLOR: "1",
      FAK_DB_URL: "",
      NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}`,
    },
    stdio: ["ignore", fd, "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d) => {
    stderr += d;
  });
  const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
  closeSync(fd);
  const kb = Number((await readFile(rss, "utf8")).trim().split("\n").pop());
  return { status, stderr, out, maxRssMb: Math.round(kb / 1024) };
}

/** Count the lines of a file, streaming. */
async function countLines(path: string): Promise<number> {
  let n = 0;
  for await (const chunk of createReadStream(path)) {
    for (const byte of chunk as Buffer) if (byte === 10) n++;
  }
  return n;
}

/** Write `n` lines made by `line(i)` (plus an optional last line), streaming. */
async function writeLines(path: string, n: number, line: (i: number) => string, last = "") {
  const ws = createWriteStream(path);
  for (let i = 0; i < n; i++) {
    if (!ws.write(`${line(i)}\n`)) await once(ws, "drain");
  }
  ws.end(last);
  await once(ws, "finish");
}

describe("a million-line JSONL", () => {
  it("is classified line by line in bounded memory; a bad last line writes nothing", {
    timeout: 600_000,
  }, async () => {
    const N = 1_000_000;
    const signals = (i: number) =>
      JSON.stringify({
        task_id: `t${i}`,
        arm: { task_success: false },
        outcomes: [{ exit_code: 127, stderr: "bash: cargo: command not found" }],
      });
    const good = join(dir, "million.jsonl");
    await writeLines(good, N, signals);
    const ok = await runBig(["classify", "--json", good], "classify-ok");
    expect(ok.status, ok.stderr).toBe(0);
    expect(await countLines(ok.out)).toBe(N);
    expect((await readdir(dir)).filter((f) => f.startsWith("fak-jsonl-spool-"))).toEqual([]);

    const bad = join(dir, "million-bad.jsonl");
    await writeLines(bad, N, signals, '{"task_id": 7}\n');
    const refused = await runBig(["classify", "--json", bad], "classify-bad");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`million-bad.jsonl:${N + 1}: task_id:`);
    expect(await countLines(refused.out)).toBe(0);
    reportFigure("million-line-classify", {
      lines: N,
      heapLimitMb: HEAP_MB,
      peakRssMb: Math.max(ok.maxRssMb, refused.maxRssMb),
      outputLinesVerified: N,
    });
  });
});

describe("a large failure-row import", () => {
  it("is imported in bounded memory, every row once; a bad last line writes nothing", {
    timeout: 600_000,
  }, async () => {
    const N = 300_000;
    const row = (i: number) =>
      JSON.stringify({
        session: `s${i % 97}`,
        task: `task ${i % 5000}: make the build pass`,
        approach: `approach ${i}: pin dependency ${i % 311} and rebuild`,
        death_reason: `verifier: step ${i} still fails with exit ${i % 7}`,
      });
    const bad = join(dir, "rows-bad.jsonl");
    await writeLines(bad, N, row, '{"session": "s", "task": "t", "approach": 7}\n');
    const badDb = `file:${join(dir, "bad.db")}`;
    const refused = await runBig(["memory", "import", bad, "--db", badDb, "--json"], "import-bad");
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain(`rows-bad.jsonl:${N + 1}: approach`);
    const none = await runBig(["memory", "export", "--db", badDb], "export-bad");
    expect(await countLines(none.out)).toBe(0);

    const good = join(dir, "rows.jsonl");
    await writeLines(good, N, row);
    const db = `file:${join(dir, "m.db")}`;
    const ok = await runBig(["memory", "import", good, "--db", db, "--json"], "import-ok");
    expect(ok.status, ok.stderr).toBe(0);
    expect(await countLines(ok.out)).toBe(N);
    const again = await runBig(["memory", "import", good, "--db", db, "--json"], "import-again");
    expect(again.status, again.stderr).toBe(0);
    const exported = await runBig(["memory", "export", "--db", db], "export");
    expect(exported.status, exported.stderr).toBe(0);
    expect(await countLines(exported.out)).toBe(N);
    reportFigure("large-import", {
      lines: N,
      heapLimitMb: HEAP_MB,
      peakRssMb: Math.max(ok.maxRssMb, again.maxRssMb, refused.maxRssMb),
      rowsWrittenAndVerified: N,
      rowsDoubledByReRun: (await countLines(exported.out)) - N,
    });
  });
});

describe("human tables of a large input (no --json)", () => {
  it("classify and retry print every row in bounded memory (no stack overflow)", {
    timeout: 600_000,
  }, async () => {
    const N = 300_000;
    const signals = join(dir, "human.jsonl");
    await writeLines(signals, N, (i) =>
      JSON.stringify({
        task_id: `t${i}`,
        arm: { task_success: false },
        outcomes: [{ exit_code: 127, stderr: "bash: cargo: command not found" }],
      }),
    );
    const table = await runBig(["classify", signals], "classify-human");
    expect(table.status, table.stderr).toBe(0);
    expect(await countLines(table.out)).toBe(N + 1);

    const classified = await runBig(["classify", "--json", signals], "classify-for-retry");
    expect(classified.status, classified.stderr).toBe(0);
    const directives = await runBig(
      ["retry", classified.out, "--attempt", "1", "--max-attempts", "3"],
      "retry-human",
    );
    expect(directives.status, directives.stderr).toBe(0);
    expect(await countLines(directives.out)).toBe(N + 1);
    const peak = Math.max(table.maxRssMb, directives.maxRssMb);
    // The heap is capped at 128 MB; before streaming, this input grew to gigabytes and overflowed.
    expect(peak).toBeLessThan(400);
    expect((await readdir(dir)).filter((f) => f.startsWith("fak-jsonl-spool-"))).toEqual([]);
    reportFigure("large-human-tables", { lines: N, heapLimitMb: HEAP_MB, peakRssMb: peak });
  });
});
