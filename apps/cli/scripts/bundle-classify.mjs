#!/usr/bin/env node
// `fak classify` loads one file instead of about 140 modules (zod's 95, taxonomy's 37, the
// CLI's own): dist/commands/classify.bundle.js, made by esbuild from the compiled
// dist/commands/classify.js with everything it imports inlined (source maps chained to the
// TypeScript sources). Resolving and loading 140 ES modules cost a quarter of a one-line
// classify's CPU (2026-12-06). main.js loads the bundle for `classify` and falls back to the
// module when there is none. Only `classify` is bundled: the other commands load @fak/replay and
// @fak/memory, which read files beside their own modules and would meet a second copy of
// taxonomy and zod. Run by `pnpm build` after tsc.
import { build } from "esbuild";

const dist = new URL("../dist/", import.meta.url);
await build({
  entryPoints: [new URL("commands/classify.js", dist).pathname],
  outfile: new URL("commands/classify.bundle.js", dist).pathname,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  // The CommonJS dependencies (picocolors) call require(): give the ES module one.
  banner: {
    js: 'import { createRequire as __fakCreateRequire } from "node:module";\nconst require = __fakCreateRequire(import.meta.url);',
  },
  // Nothing the classify command reaches may stay outside: a failed import of the bundle would
  // only send main.js back to the modules.
  external: ["@fak/memory", "@fak/replay"],
  logLevel: "warning",
});
