import { createHash } from "node:crypto";
import { isAbsolute, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chartJsBundle, esc, STYLE, scriptJson } from "./html-assets.js";
import type { LoadedRun } from "./load.js";
import type { RunComparison, RunSummary, TaskComparison, TrialRow } from "./schemas.js";

/** What one HTML report shows: one or more runs, and optionally the comparison of two. */
export interface HtmlReportInput {
  runs: readonly LoadedRun[];
  comparison?: RunComparison;
  /** When the report was made (ISO 8601); shown in the header. */
  generatedAt: string;
}

const pct = (x: number | null) => (x === null ? "–" : `${(x * 100).toFixed(1)}%`);
const num = (x: number | null) => (x === null ? "–" : x.toFixed(3));

/** A file:// link to the file that decided a trial (else to its folder), or plain text when none is on disk. */
function evidenceCell(row: TrialRow): string {
  const full = row.evidence?.text ?? "";
  const text = esc(full.length > 240 ? `${full.slice(0, 239)}…` : full);
  if (!row.path) return `<code>${text}</code>`;
  const file = row.evidence?.file ? resolve(row.path, row.evidence.file) : resolve(row.path);
  const where = row.evidence?.file
    ? `${row.evidence.file}${row.evidence.line ? `:${row.evidence.line}` : ""}`
    : "trial folder";
  const href = pathToFileURL(isAbsolute(file) ? file : resolve(file)).href;
  return `<code>${text}</code> <a href="${esc(href)}">${esc(where)}</a>`;
}

function resultCell(row: TrialRow): string {
  if (row.counted_as === "passed") return `<span class="pass">pass</span>`;
  if (row.counted_as === "incomplete") return `<span class="err">incomplete</span>`;
  return row.counted_as === "harness"
    ? `<span class="err">harness error</span>`
    : `<span class="fail">fail</span>`;
}

/** The filter value of a row's result. */
const RESULT_OF = {
  passed: "pass",
  failed: "fail",
  harness: "harness-error",
  incomplete: "incomplete",
} as const;

function runCard(tag: string, s: RunSummary): string {
  const heads = s.headlines
    .map((h) =>
      h.harness === "harbor"
        ? `${esc(h.job)}: Harbor's mean reward ${num(h.mean_reward)} over ${h.n_trials} trials (an unrewarded trial counted 0; ${h.n_passed} with a reward above 0, ${h.n_errored} errored)`
        : `${esc(h.job)}: tb's accuracy ${h.n_resolved}/${h.n_resolved + h.n_unresolved} = ${pct(h.accuracy)} (resolved / all results; an error counts as unresolved)`,
    )
    .map((l) => `<li>${l}</li>`)
    .join("");
  const skips = s.skipped.map((g) => `<li>${g.count} × ${esc(g.reason)}</li>`).join("");
  const c = s.counts;
  return `<div class="card" data-run="${esc(tag)}"><div class="muted">${esc(tag)} · ${esc(s.label)}</div>
<div><b class="pass-rate">${pct(s.pass_rate)}</b> pass rate · <span class="passed">${s.passed}</span>/<span class="scored">${s.scored}</span> (${esc(s.pass_rate_basis)})</div>
<div class="counts"><span class="listed">${c.listed}</span> listed: <span class="n-passed">${c.passed}</span> passed, <span class="n-failed">${c.failed}</span> failed, <span class="n-harness">${c.harness}</span> harness errors (not the agent's), <span class="n-incomplete">${c.incomplete}</span> incomplete (no verdict: counted as not passed)</div>
${s.mean_reward === null ? "" : `<div class="muted">mean reward ${num(s.mean_reward)} (Harbor's mean: an unrewarded trial counted 0)</div>`}
<div class="muted">jobs: ${s.jobs.map(esc).join("; ")}</div>
${heads ? `<div>The harness's own headline:<ul>${heads}</ul></div>` : ""}
${skips ? `<div>Incomplete trials:<ul>${skips}</ul></div>` : ""}</div>`;
}

function trialTable(tagged: readonly { tag: string; rows: readonly TrialRow[] }[]): string {
  const body = tagged
    .flatMap(({ tag, rows }) =>
      rows.map((r) => {
        const result = RESULT_OF[r.counted_as];
        return `<tr data-run="${esc(tag)}" data-result="${result}" data-category="${esc(r.category)}">
<td>${esc(tag)}</td><td>${esc(r.job)}</td><td>${esc(r.task)}</td><td class="num">${r.attempt}</td>
<td class="num">${r.reward === null ? "–" : r.reward}</td><td>${resultCell(r)}</td><td>${esc(r.attribution ?? "")}</td>
<td>${r.passed || r.counted_as === "incomplete" ? "" : esc(r.category)}</td><td>${r.passed ? "" : esc(r.reason.replace(`${r.category}:`, ""))}</td><td class="ev">${r.passed ? "" : evidenceCell(r)}</td></tr>`;
      }),
    )
    .join("\n");
  const runs = tagged.map((t) => `<option>${esc(t.tag)}</option>`).join("");
  const cats = [
    ...new Set(
      tagged.flatMap((t) =>
        t.rows
          .filter((r) => r.counted_as === "failed" || r.counted_as === "harness")
          .map((r) => r.category),
      ),
    ),
  ]
    .sort()
    .map((c) => `<option>${esc(c)}</option>`)
    .join("");
  return `<div class="filters">
<label>run <select id="f-run"><option value="">all</option>${runs}</select></label>
<label>result <select id="f-result"><option value="">all</option><option value="pass">pass</option><option value="fail">fail</option><option value="harness-error">harness error</option><option value="incomplete">incomplete</option></select></label>
<label>category <select id="f-category"><option value="">all</option>${cats}</select></label>
<label>search <input id="f-text" type="search" placeholder="task, job, reason"></label>
<span id="shown" class="muted"></span></div>
<div class="scroll"><table id="trials"><thead><tr><th>run</th><th>job</th><th>task</th><th>attempt</th><th>reward</th><th>result</th><th>attribution</th><th>category</th><th>reason (after the category)</th><th>evidence</th></tr></thead>
<tbody>${body}</tbody></table></div>`;
}

function sideText(t: TaskComparison["a"]): string {
  const failed = t.trials.filter((r) => !r.passed);
  const what = failed.map((r) => `${esc(r.category)} ${evidenceCell(r)}`).join("<br>");
  const atK = t.pass_at_k.map((p) => `pass@${p.k} ${p.value.toFixed(2)}`).join(", ");
  return `${t.passes}/${t.attempts} passed${atK ? ` (${atK})` : ""}${what ? `<br>${what}` : ""}`;
}

function comparisonSection(cmp: RunComparison): string {
  const pr = cmp.pass_rate;
  const ci = pr.interval
    ? ` (95% interval ${pct(pr.interval.low)} to ${pct(pr.interval.high)}, ${esc(pr.interval.method)})`
    : "";
  const flips = cmp.tasks.filter((t) => t.change === "regressed" || t.change === "improved");
  const flipRows = flips
    .map(
      (t) =>
        `<tr data-change="${t.change}"><td>${esc(t.task)}</td><td class="${t.change === "regressed" ? "fail" : "pass"}">${t.change}</td><td>${sideText(t.a)}</td><td>${sideText(t.b)}</td></tr>`,
    )
    .join("\n");
  const only = (label: string, list: RunComparison["only_in_a"]) =>
    list.length
      ? `<p>Only in ${label} (${list.length}): ${list.map((o) => esc(o.task)).join(", ")}</p>`
      : `<p>Only in ${label}: none</p>`;
  const unscored = cmp.tasks.filter((t) => t.change === "not_comparable").map((t) => esc(t.task));
  return `<h2>Comparison: B − A over ${cmp.matched_tasks} matched tasks</h2>
<div class="cards"><div class="card" id="difference">over the matched tasks (each task's passes / attempts, averaged): pass rate A <b>${pct(pr.a)}</b> → B <b>${pct(pr.b)}</b>; difference <b>${pct(pr.difference)}</b>${ci}<br>
mean reward (Harbor's: an unrewarded trial counted 0) A ${num(cmp.mean_reward.a)} → B ${num(cmp.mean_reward.b)}<br>
<span class="fail">${cmp.regressed} regressed</span>, <span class="pass">${cmp.improved} improved</span></div></div>
<h2>Flips</h2>
${flips.length ? `<table id="flips"><thead><tr><th>task</th><th>change</th><th>A</th><th>B</th></tr></thead><tbody>${flipRows}</tbody></table>` : "<p>No task flipped.</p>"}
${unscored.length ? `<p>In both but not scored on one side (harness error or incomplete): ${unscored.join(", ")}</p>` : ""}
${only("A", cmp.only_in_a)}${only("B", cmp.only_in_b)}`;
}

function boundary(runs: readonly LoadedRun[]): string {
  if (runs.some((r) => r.summary.simulated)) {
    return `<div class="boundary sim" id="boundary"><b>Simulated fixture.</b> A fixture replay replays recorded command traces against a local simulated fixture: its pass rates are not benchmark results and make no claim about any agent or model.</div>`;
  }
  return `<div class="boundary" id="boundary"><b>What this is.</b> Pass and fail come from the harness's own result files; categories, attribution and evidence are fak's reading of each trial's files (a heuristic classification, not the harness's verdict). Harness errors are listed but never scored against the agent.</div>`;
}

const SCRIPT = `
const data = JSON.parse(document.getElementById("report-data").textContent);
Chart.defaults.animation = false;
const colours = ["#3b6fd4", "#d4793b", "#3ba56b", "#9b59b6"];
const cats = [...new Set(data.runs.flatMap((r) => Object.keys(r.category_counts)))].sort();
new Chart(document.getElementById("chart-categories"), {
  type: "bar",
  data: { labels: cats, datasets: data.runs.map((r, i) => ({ label: r.tag, data: cats.map((c) => r.category_counts[c] || 0), backgroundColor: colours[i % 4] })) },
  options: { maintainAspectRatio: false, plugins: { title: { display: true, text: "Failed trials by category" } }, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } },
});
new Chart(document.getElementById("chart-pass-rate"), {
  type: "bar",
  data: { labels: data.runs.map((r) => r.tag), datasets: [{ label: "pass rate (%), " + data.runs[0].pass_rate_basis, data: data.runs.map((r) => r.pass_rate === null ? 0 : +(r.pass_rate * 100).toFixed(1)), backgroundColor: data.runs.map((r, i) => colours[i % 4]) }] },
  options: { maintainAspectRatio: false, plugins: { title: { display: true, text: "Pass rate: " + data.runs[0].pass_rate_basis }, legend: { display: false } }, scales: { y: { beginAtZero: true, max: 100 } } },
});
document.body.dataset.charts = "2";
const rows = [...document.querySelectorAll("#trials tbody tr")];
const get = (id) => document.getElementById(id).value;
function filter() {
  const run = get("f-run"), result = get("f-result"), category = get("f-category"), text = get("f-text").toLowerCase();
  let shown = 0;
  for (const tr of rows) {
    const ok = (!run || tr.dataset.run === run) && (!result || tr.dataset.result === result) &&
      (!category || tr.dataset.category === category) && (!text || tr.textContent.toLowerCase().includes(text));
    tr.hidden = !ok;
    if (ok) shown++;
  }
  document.getElementById("shown").textContent = shown + " of " + rows.length + " trials shown";
}
for (const id of ["f-run", "f-result", "f-category", "f-text"]) document.getElementById(id).addEventListener("input", filter);
filter();
`;

/**
 * One self-contained HTML page (Chart.js inlined, no network): each run's totals and own
 * headline, failures by category and pass rate as bar charts, the flips of a comparison,
 * and every trial in a filterable table with its evidence linked to the file on disk.
 * @example writeFileSync("report.html", renderHtmlReport({ runs: [await loadRun("jobs/a")], generatedAt: new Date().toISOString() }))
 */
/**
 * The report's content security policy: nothing fetched, only its own two scripts run (each
 * allowed by its SHA-256, so no injected inline script or handler can), no <base>, no plugin,
 * no form submission.
 */
function contentSecurityPolicy(scripts: readonly string[]): string {
  const hashes = scripts.map(
    (js) => `'sha256-${createHash("sha256").update(js).digest("base64")}'`,
  );
  return [
    "default-src 'none'",
    `script-src ${hashes.join(" ")}`,
    "style-src 'unsafe-inline'",
    "img-src data:",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'none'",
  ].join("; ");
}

export function renderHtmlReport(input: HtmlReportInput): string {
  const tags = input.runs.map((_, i) =>
    input.comparison ? (i === 0 ? "A" : "B") : `run ${i + 1}`,
  );
  const tagged = input.runs.map((r, i) => ({ tag: tags[i] ?? "", rows: r.rows }));
  const data = {
    runs: input.runs.map((r, i) => ({
      tag: tags[i],
      label: r.summary.label,
      counts: r.summary.counts,
      passed: r.summary.passed,
      scored: r.summary.scored,
      pass_rate: r.summary.pass_rate,
      pass_rate_basis: r.summary.pass_rate_basis,
      category_counts: r.summary.category_counts,
    })),
  };
  const title = input.comparison ? "fak: compare two runs" : "fak: run report";
  const scripts = [chartJsBundle(), SCRIPT];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy(scripts)}">
<title>${esc(title)}</title><style>${STYLE}</style></head>
<body><main>
<h1>${esc(title)}</h1><div class="muted">made ${esc(input.generatedAt)} by fak · ${input.runs.map((r, i) => `${esc(tags[i])}: ${esc(r.summary.label)}`).join(" · ")}</div>
${boundary(input.runs)}
<div class="cards">${input.runs.map((r, i) => runCard(tags[i] ?? "", r.summary)).join("")}</div>
<h2>At a glance</h2>
<div class="charts"><div class="chart"><canvas id="chart-categories"></canvas></div><div class="chart"><canvas id="chart-pass-rate"></canvas></div></div>
${input.comparison ? comparisonSection(input.comparison) : ""}
<h2>Trials</h2>
${trialTable(tagged)}
</main>
<script type="application/json" id="report-data">${scriptJson(data)}</script>
${scripts.map((js) => `<script>${js}</script>`).join("\n")}
</body></html>
`;
}
