/// <reference lib="dom" />
// The page inspections below run in the browser.
import { createHash } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replaySuite } from "../fixture-replay/replay.js";
import { findChromium, visit } from "../test-support/browser.js";
import { tempDir } from "../test-support/harness-folders.js";
import { compareRuns } from "./compare.js";
import { renderHtmlReport } from "./html.js";
import { loadRun } from "./load.js";

const examples = join(import.meta.dirname, "..", "..", "examples");

describe("renderHtmlReport", async () => {
  const a = await loadRun(join(examples, "harbor-job"));
  const b = await loadRun(join(examples, "harbor-job-b"));
  const cmp = compareRuns(a, b);
  const html = renderHtmlReport({
    runs: [a, b],
    comparison: cmp,
    generatedAt: "2026-01-01T00:00:00Z",
  });

  it("is one self-contained file: Chart.js inlined, nothing fetched, a CSP that forbids fetching", () => {
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|<img[^>]+src="(?!data:)/i);
    expect(html).toContain("default-src 'none'");
    expect(html).toMatch(/Chart\.js v4\.\d+\.\d+/);
    expect(html.match(/<\/script>/g)).toHaveLength(3);
  });

  it("runs only its own scripts: script-src by SHA-256 (no 'unsafe-inline'), base-uri 'none'", () => {
    const policy = /http-equiv="Content-Security-Policy" content="([^"]*)"/.exec(html)?.[1] ?? "";
    const directives = new Map(
      policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1)] as const),
    );
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? "");
    const hashes = scripts.map(
      (js) => `'sha256-${createHash("sha256").update(js).digest("base64")}'`,
    );
    expect(scripts).toHaveLength(2);
    expect(directives.get("script-src")).toEqual(hashes);
    for (const d of ["base-uri", "object-src", "form-action", "default-src"])
      expect(directives.get(d)).toEqual(["'none'"]);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("escapes what it shows, links evidence to the trial's files, and states its boundary", () => {
    expect(html).toContain('id="boundary"');
    expect(html).toContain("Harness errors are listed but never scored against the agent");
    const ctrf = join(examples, "harbor-job-b", "csv-report__Yb1", "verifier", "ctrf.json");
    // The assertion sits in a JSON string: its line in the file is named too.
    expect(html).toContain(`<a href="file://${ctrf}">verifier/ctrf.json:19</a>`);
    const evil = renderHtmlReport({
      runs: [{ ...a, summary: { ...a.summary, label: "<script>alert(1)</script>" } }],
      generatedAt: "x",
    });
    expect(evil).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(evil).not.toContain("<script>alert(1)");
  });

  it("says a fixture replay is a simulated fixture", async () => {
    const dir = await tempDir("fak-html-");
    const file = join(dir, "report.json");
    await writeFile(
      file,
      JSON.stringify(replaySuite(join(examples, "suites", "demo.json")).report),
    );
    const runs = [await loadRun(`${file}#raw`), await loadRun(`${file}#fak`)];
    const page = renderHtmlReport({
      runs,
      comparison: compareRuns(runs[0]!, runs[1]!),
      generatedAt: "x",
    });
    expect(page).toContain("Simulated fixture.");
  });

  const chrome = findChromium();
  const inBrowser = "path" in chrome ? it : it.skip;
  if (!("path" in chrome)) console.warn(`skipping the browser test: ${chrome.missing}`);

  inBrowser(
    "renders in headless Chromium under its CSP: charts drawn, tables hold the run's numbers, no network, an injected script refused",
    async () => {
      const dir = await tempDir("fak-html-");
      const file = join(dir, "report.html");
      await writeFile(file, html);
      const shot = join(dir, "report.png");
      const { visit: seen, result } = await visit(
        (chrome as { path: string }).path,
        file,
        shot,
        async (page) => {
          await page.waitForFunction(() => document.body.dataset.charts === "2");
          const charts = await page.evaluate(() => {
            const C = (
              window as unknown as {
                Chart: {
                  getChart(c: HTMLCanvasElement): {
                    data: { labels: string[]; datasets: { data: number[] }[] };
                  };
                };
              }
            ).Chart;
            return ["chart-categories", "chart-pass-rate"].map((id) => {
              const canvas = document.getElementById(id) as HTMLCanvasElement;
              const px =
                canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
              let inked = 0;
              for (let i = 3; i < px.length; i += 4) if ((px[i] ?? 0) > 0) inked++;
              const chart = C.getChart(canvas);
              return {
                labels: chart.data.labels,
                data: chart.data.datasets.map((d) => d.data),
                inked,
              };
            });
          });
          const trials = await page.$$eval("#trials tbody tr", (trs) =>
            trs.map((tr) => tr.children[2]?.textContent),
          );
          const flips = await page.$$eval("#flips tbody tr", (trs) =>
            trs.map((tr) => [tr.children[0]?.textContent, tr.children[1]?.textContent]),
          );
          const cards = await page.$$eval(".card[data-run] .pass-rate", (els) =>
            els.map((e) => e.textContent),
          );
          await page.selectOption("#f-result", "fail");
          const shown = await page.textContent("#shown");
          // A script that is not one of the report's own (as an injection would add) never runs.
          const injected = await page.evaluate(() => {
            const s = document.createElement("script");
            s.textContent = "document.body.dataset.injected = '1'";
            document.body.append(s);
            return document.body.dataset.injected;
          });
          return { charts, trials, flips, cards, shown, injected };
        },
      );
      // The one console error: the CSP refusing the injected script (the report's own ran: the
      // charts above were drawn).
      expect(seen.consoleErrors).toHaveLength(1);
      expect(seen.consoleErrors[0]).toMatch(/violates the following Content Security Policy/);
      expect(result.injected).toBeUndefined();
      expect(seen.pageErrors).toEqual([]);
      expect(seen.requests).toEqual([]);
      const [categories, passRate] = result.charts;
      expect(categories?.labels).toEqual(cmp.categories.map((c) => c.category));
      expect(categories?.data).toEqual([
        cmp.categories.map((c) => c.a),
        cmp.categories.map((c) => c.b),
      ]);
      expect(passRate?.data).toEqual([[25, 60]]);
      expect(categories?.inked).toBeGreaterThan(1000);
      expect(passRate?.inked).toBeGreaterThan(1000);
      expect(result.trials).toHaveLength(a.rows.length + b.rows.length);
      expect(result.flips).toEqual([
        ["csv-report", "regressed"],
        ["log-parse", "improved"],
        ["train-model", "improved"],
      ]);
      expect(result.cards).toEqual(["25.0%", "60.0%"]);
      const failing = [...a.rows, ...b.rows].filter((r) => !r.passed && !r.harness_error).length;
      expect(result.shown).toBe(`${failing} of ${a.rows.length + b.rows.length} trials shown`);
      console.log(`screenshot: ${seen.screenshot}`);
    },
    60_000,
  );
});
