import type { Command } from "commander";
import { storeFailure, withStore } from "../memory-store.js";
import { type DbOptions, embeddingsOptions, positiveInt } from "../options.js";
import { colour, jsonlOutput, out, printJson, progressBar, say, table } from "../output.js";
import { forTerminal } from "../terminal.js";

interface RowOptions extends DbOptions {
  session?: string;
  task?: string;
  approach: string;
  deathReason: string;
  conviction?: string;
}

type RowInput = import("@fak/memory").FailureRowInput;

/** The row the options describe; the store validates it (a bad conviction is its error, exit 2). */
function rowFrom(o: RowOptions, fallback?: { session: string; task: string }): RowInput {
  return {
    session: o.session ?? fallback?.session ?? "",
    task: o.task ?? fallback?.task ?? "",
    approach: o.approach,
    death_reason: o.deathReason,
    ...(o.conviction === undefined ? {} : { conviction: o.conviction as RowInput["conviction"] }),
  };
}

/** Where a row's evidence came from, for people: "real: harbor job/trial", "person", ... */
function origin(r: {
  provenance: string;
  source: { harness: string; job: string; trial: string; attempt: number } | null;
}): string {
  if (!r.source) return r.provenance;
  const again = r.source.attempt > 1 ? ` #${r.source.attempt}` : "";
  return `${r.provenance}: ${r.source.harness} ${r.source.job}/${r.source.trial}${again}`;
}

// The commands that only read open the store read-only (see withStore).
const READ_ONLY = { readOnly: true } as const;

const dbOption = [
  "--db <url>",
  "memory database (default: FAK_DB_URL, else file:.fak/memory.db)",
] as const;

export function registerMemory(program: Command): void {
  const memory = program.command("memory").description("the append-only failure memory");

  embeddingsOptions(memory.command("record"))
    .description("record a dead branch (a repeat of an earlier one is stored as its occurrence)")
    .requiredOption("--session <s>", "the session that tried it")
    .requiredOption("--task <t>", "the task")
    .requiredOption("--approach <a>", "the topology tried, not the implementation")
    .requiredOption("--death-reason <r>", "verbatim from the killer, with its layer prefix")
    .option("--conviction <c>", "high | medium | low | none", "none")
    .option(...dbOption)
    .option("--json", "print the stored row as JSON")
    .action((opts: RowOptions) =>
      withStore(opts, async (store) => {
        const result = await store.record(rowFrom(opts));
        if (opts.json) return printJson(result);
        await out(`${colour.bold(`failure:${result.id}`)} ${forTerminal(result.message)}\n`);
      }),
    );

  embeddingsOptions(memory.command("import"))
    .description("import failure rows from JSONL, in batches, with scrubbing and occurrences")
    .argument(
      "<file>",
      "JSONL of {session, task, approach, death_reason, conviction}, or a `fak memory export`",
    )
    .option(...dbOption)
    .option("--json", "JSONL output: one {line, id, occurrence_of, status} per input line")
    .action((file: string, opts: DbOptions) =>
      withStore(opts, async (store) => {
        const bar = await progressBar("import", Boolean(opts.json));
        const count = { lines: 0, added: 0, repeats: 0 };
        await jsonlOutput(async (jsonl) => {
          try {
            for await (const r of store.importJsonl(file, { onProgress: (n) => bar.update(n) })) {
              count.lines++;
              if (r.status === "added") count.added++;
              if (r.status === "added" && r.occurrence_of !== null) count.repeats++;
              if (opts.json) jsonl.push(r);
            }
          } finally {
            bar.stop();
          }
        });
        if (opts.json) return;
        const { lines, added, repeats } = count;
        const occurrences = repeats ? ` (${repeats} of them occurrences of earlier failures)` : "";
        await say(
          `imported ${lines} rows from ${file}: ${added} added${occurrences}, ${lines - added} already there\n`,
        );
      }),
    );

  embeddingsOptions(memory.command("search"))
    .description("rows ranked by relevance to the text")
    .argument("<text>", "what to look for")
    .option("--limit <k>", "at most this many rows", positiveInt, 10)
    .option(...dbOption)
    .option("--json", "print a JSON array")
    .action((text: string, opts: DbOptions & { limit: number }) =>
      withStore(
        opts,
        async (store) => {
          const hits = await store.search(text, { limit: opts.limit });
          if (opts.json) return printJson(hits);
          if (hits.length === 0) return out("no relevant failures\n");
          const rows = hits.map((h) => [
            `failure:${h.id}`,
            h.layer,
            h.deaths,
            origin(h),
            h.task,
            h.approach,
            h.death_reason,
          ]);
          const headers = ["id", "layer", "deaths", "from", "task", "approach", "death reason"];
          await out(`${table(headers, rows)}\n`);
        },
        READ_ONLY,
      ),
    );

  embeddingsOptions(memory.command("prior-art"))
    .description("the cited, token-capped prior art a new task would be given")
    .argument("<text>", "the new task")
    .option("--max-tokens <n>", "token budget of the text", positiveInt, 400)
    .option(...dbOption)
    .option("--json", "print {ids, text}")
    .action((text: string, opts: DbOptions & { maxTokens: number }) =>
      withStore(
        opts,
        async (store) => {
          const art = await store.priorArt(text, { maxTokens: opts.maxTokens });
          if (opts.json) return printJson(art);
          await say(art.text ? `${art.text}\n` : "no relevant prior art\n");
        },
        READ_ONLY,
      ),
    );

  embeddingsOptions(memory.command("supersede"))
    .description("record a sharper row that replaces an earlier one (history is never rewritten)")
    .argument("<id>", "the row to supersede", positiveInt)
    .requiredOption("--approach <a>", "the approach, stated more sharply")
    .requiredOption("--death-reason <r>", "the death reason, stated more sharply")
    .option("--session <s>", "default: the superseded row's session")
    .option("--task <t>", "default: the superseded row's task")
    .option("--conviction <c>", "high | medium | low | none")
    .option(...dbOption)
    .option("--json", "print {id, supersedes}")
    .action((id: number, opts: RowOptions) =>
      withStore(opts, async (store) => {
        const old = (await store.history(id)).row;
        const result = await store.supersede(id, rowFrom(opts, old));
        if (opts.json) return printJson(result);
        await out(`failure:${result.id} supersedes failure:${result.supersedes}\n`);
      }),
    );

  memory
    .command("history")
    .description("a row, its occurrences and its supersession chain")
    .argument("<id>", "the row", positiveInt)
    .option(...dbOption)
    .option("--json", "print the history as JSON")
    .action((id: number, opts: DbOptions) =>
      withStore(
        opts,
        async (store) => {
          const history = await store.history(id);
          if (opts.json) return printJson(history);
          const line = (r: typeof history.row) => [
            `failure:${r.id}`,
            r.created_at,
            r.session,
            r.layer,
            r.conviction,
            origin(r),
            r.approach,
            r.death_reason,
          ];
          const headers = [
            "id",
            "created",
            "session",
            "layer",
            "conviction",
            "from",
            "approach",
            "death reason",
          ];
          await out(`${colour.bold(`failure:${id}`)} ${forTerminal(history.row.task)}\n`);
          if (history.superseded_by !== null) {
            await out(colour.yellow(`superseded by failure:${history.superseded_by}\n`));
          }
          await out(`\ndeaths of the same substance (${history.occurrences.length}):\n`);
          await out(`${table(headers, history.occurrences.map(line))}\n`);
          await out(`\nsupersession chain, oldest first (${history.chain.length}):\n`);
          await out(`${table(headers, history.chain.map(line))}\n`);
        },
        READ_ONLY,
      ),
    );

  memory
    .command("verify")
    .description(
      "check the memory against its migrations, every row, and the full-text index (rebuilt from the rows when only it is wrong); exit 1 if anything is wrong",
    )
    .option(...dbOption)
    .option("--json", "print the report as JSON")
    .action(async (opts: DbOptions) => {
      const { verifyStore } = await import("@fak/memory");
      const report = await verifyStore(opts.db ? { url: opts.db } : {}).catch((err) => {
        throw storeFailure(err);
      });
      if (!report.ok) process.exitCode = 1;
      if (opts.json) return printJson(report);
      const fts = report.fts === "rebuilt" ? "rebuilt from the rows" : report.fts;
      await out(
        `${report.rows.rows} rows; schema ${report.schema.length ? "changed" : "as migrated"}; full-text index ${fts}\n`,
      );
      for (const p of report.problems) await out(`${colour.red("problem:")} ${p}\n`);
      await out(report.ok ? `${colour.green("ok")}\n` : `${colour.red("not ok")}\n`);
    });

  memory
    .command("export")
    .description("every row as JSONL, oldest first")
    .option(...dbOption)
    .option("--json", "JSONL (the only format of an export)")
    .action((opts: DbOptions) =>
      withStore(
        opts,
        async (store) => {
          for await (const row of store.exportRows()) await out(`${JSON.stringify(row)}\n`);
        },
        READ_ONLY,
      ),
    );
}
