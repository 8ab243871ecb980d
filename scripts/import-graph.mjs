#!/usr/bin/env node
// The import graph of the workspace's source (tests and test-support left out), checked:
// - no import circle inside any package;
// - inside a package with declared layers, no import runs up a layer;
// - no package imports an app, and packages import each other only downwards;
// - a package's index lists what it exports (no `export *`: the public API is what its README documents).
// `node scripts/import-graph.mjs` prints what it checked and exits 1 on a violation (`pnpm lint`).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const root = resolve(dirname(new URL(import.meta.url).pathname), "..");

/** Folders of src/ from the bottom layer up; a folder may import its own layer and those below. */
const LAYERS = {
  "apps/replay": [
    ["files"],
    ["importers"],
    ["pipeline"],
    ["fixture-replay", "eval"],
    ["reports"],
    ["plan"],
    ["watch"],
  ],
};
/** Which workspace packages each may import (downward only). */
const ALLOWED = {
  "packages/taxonomy": [],
  "packages/retry": ["@fak/taxonomy"],
  "packages/memory": [],
  "apps/replay": ["@fak/taxonomy", "@fak/retry", "@fak/memory"],
  "apps/cli": ["@fak/taxonomy", "@fak/retry", "@fak/memory", "@fak/replay"],
};

const isTest = (f) => /\.(test|bench)\.ts$/.test(f) || f.includes("/test-support/");
function sources(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (name.endsWith(".ts") && !isTest(p)) out.push(p);
  }
  return out;
}
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

const problems = [];
let files = 0;
let edges = 0;
for (const pkg of Object.keys(ALLOWED)) {
  const src = join(root, pkg, "src");
  const graph = new Map();
  for (const file of sources(src)) {
    files++;
    const deps = [];
    for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (spec.startsWith(".")) {
        deps.push(resolve(dirname(file), spec).replace(/\.js$/, ".ts"));
        edges++;
      } else if (spec.startsWith("@fak/")) {
        const name = spec.split("/").slice(0, 2).join("/");
        if (!ALLOWED[pkg].includes(name)) problems.push(`${relative(root, file)}: imports ${name}`);
      }
    }
    graph.set(file, deps);
  }
  const index = join(src, "index.ts");
  if (existsSync(index) && /^\s*export\s+\*\s+from\s/m.test(readFileSync(index, "utf8")))
    problems.push(`${relative(root, index)}: \`export *\` (list the exports by name)`);
  const layers = LAYERS[pkg];
  if (layers) {
    const rank = (f) => {
      const top = relative(src, f).split("/")[0];
      const i = layers.findIndex((l) => l.includes(top));
      return i < 0 ? undefined : i;
    };
    for (const [file, deps] of graph) {
      const from = rank(file);
      if (from === undefined) continue; // index.ts and other top-level files sit above the layers
      for (const dep of deps) {
        const to = rank(dep);
        if (to === undefined || to > from)
          problems.push(`${relative(root, file)} imports up: ${relative(root, dep)}`);
      }
    }
  }
  // Circles: a depth-first search for a back edge.
  const state = new Map();
  const stack = [];
  const visit = (f) => {
    state.set(f, 1);
    stack.push(f);
    for (const d of graph.get(f) ?? []) {
      if (!graph.has(d)) continue;
      if (state.get(d) === 1) {
        const cycle = stack.slice(stack.indexOf(d)).concat(d);
        problems.push(`circle: ${cycle.map((c) => relative(root, c)).join(" -> ")}`);
      } else if (!state.has(d)) visit(d);
    }
    stack.pop();
    state.set(f, 2);
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
}

console.log(
  `import graph: ${files} source files, ${edges} relative imports, ${problems.length} problems`,
);
for (const p of problems) console.log(`  ${p}`);
process.exit(problems.length ? 1 : 0);
