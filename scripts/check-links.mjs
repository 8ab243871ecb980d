#!/usr/bin/env node
// Every relative link in the repository's Markdown names a file that exists and, with `#anchor`,
// a heading of that file (GitHub's slugs). `pnpm lint` runs it; exits 1 naming each broken link.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");
const files = execFileSync("git", ["ls-files", "-co", "--exclude-standard", "*.md"], { cwd: root })
  .toString()
  .split("\n")
  .filter((f) => f && !f.includes("node_modules/") && !f.endsWith("CHANGELOG.md"))
  .filter((f) => existsSync(join(root, f)));

/** GitHub's heading slug: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/<[^>]+>/g, "")
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");

const anchorsOf = new Map();
function anchors(file) {
  if (!anchorsOf.has(file)) {
    const seen = new Map();
    const out = new Set();
    let fenced = false;
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (/^```/.test(line)) fenced = !fenced;
      const m = !fenced && /^#{1,6}\s+(.*)$/.exec(line);
      if (!m) continue;
      const base = slug(m[1]);
      const n = seen.get(base) ?? 0;
      seen.set(base, n + 1);
      out.add(n ? `${base}-${n}` : base);
    }
    anchorsOf.set(file, out);
  }
  return anchorsOf.get(file);
}

const LINK = /\[[^\]]*\]\(([^)\s]+)\)/g;
const broken = [];
let links = 0;
for (const f of files) {
  const abs = join(root, f);
  let fenced = false;
  readFileSync(abs, "utf8")
    .split("\n")
    .forEach((line, i) => {
      if (/^```/.test(line)) fenced = !fenced;
      if (fenced) return;
      for (const m of line.matchAll(LINK)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue; // http:, https:, mailto:, file:
        links++;
        const [path, anchor] = target.split("#");
        const dest = path ? resolve(dirname(abs), path) : abs;
        if (!existsSync(dest)) broken.push(`${f}:${i + 1}: ${target}: no such file`);
        else if (
          anchor &&
          statSync(dest).isFile() &&
          dest.endsWith(".md") &&
          !anchors(dest).has(anchor)
        )
          broken.push(`${f}:${i + 1}: ${target}: no such heading`);
      }
    });
}
console.log(
  `links: ${links} relative links in ${files.length} Markdown files, ${broken.length} broken`,
);
for (const b of broken) console.log(`  ${b}`);
process.exit(broken.length ? 1 : 0);
