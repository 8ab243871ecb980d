import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let chartJs: string | undefined;

/**
 * Chart.js's UMD bundle, read from node_modules at render time so the report inlines it
 * (no CDN, no network). `</script` is escaped so the bundle cannot close its own tag.
 */
export function chartJsBundle(): string {
  if (chartJs === undefined) {
    const entry = createRequire(import.meta.url).resolve("chart.js");
    chartJs = readFileSync(join(dirname(entry), "chart.umd.min.js"), "utf8").replace(
      /<\/script/gi,
      "<\\/script",
    );
  }
  return chartJs;
}

/** Text for HTML content and attribute values. */
export function esc(value: unknown): string {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/** JSON safe inside a <script type="application/json"> block. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export const STYLE = `
body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:#1d2433;background:#f6f7f9}
main{max-width:1280px;margin:0 auto;padding:24px}
h1{font-size:22px;margin:0 0 4px}h2{font-size:17px;margin:28px 0 10px}
.boundary{border-left:4px solid #c98a00;background:#fff8e6;padding:10px 14px;margin:14px 0}
.boundary.sim{border-color:#b3261e;background:#fdecea}
.cards{display:flex;gap:12px;flex-wrap:wrap}
.card{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:12px 16px;min-width:220px;flex:1 1 420px}
.card ul{margin:4px 0;padding-left:20px}
.card b{font-size:20px}.muted{color:#5c6578}
.charts{display:grid;grid-template-columns:1fr 1fr;gap:16px}
.chart{background:#fff;border:1px solid #dde1e8;border-radius:6px;padding:12px;height:280px}
table{border-collapse:collapse;width:100%;background:#fff;font-size:13px}
th,td{border-bottom:1px solid #e6e9ef;padding:5px 8px;text-align:left;vertical-align:top}
th{background:#eef1f5;position:sticky;top:0}
td.num{text-align:right;font-variant-numeric:tabular-nums}
.pass{color:#1b7f3b;font-weight:600}.fail{color:#b3261e;font-weight:600}.err{color:#8a5a00;font-weight:600}
.filters{display:flex;gap:10px;flex-wrap:wrap;margin:8px 0}
.filters select,.filters input{font:inherit;padding:3px 6px}
code{font-size:12px;white-space:pre-wrap;word-break:break-word}
td.ev{min-width:230px}#trials td:nth-child(2){min-width:140px}#trials td:nth-child(3){min-width:100px}
#trials td:nth-child(9){min-width:160px;overflow-wrap:anywhere}#trials{font-size:12px}#trials th,#trials td{padding:4px 6px}td.ev{max-width:420px}
.scroll{overflow-x:auto}
`;
