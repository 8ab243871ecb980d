// In-process cost of classifying one failed command, side by side: the indexed rule matcher
// against the reference (every rule on every line), over varied generated stderr tails.
// Run: pnpm exec tsx src/outcome.bench.ts [--tails 5000]
import { parseArgs } from "node:util";
import { NormalizedTail, normalizeStderr } from "./normalize.js";
import { classifyOutcome } from "./outcome.js";
import { OUTCOME_RULES } from "./rules/index.js";
import { indexRules, matchRules, matchRulesReference, matchTail } from "./rules/match.js";

const { values } = parseArgs({ options: { tails: { type: "string", default: "5000" } } });
let seed = 7;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 4294967296;
};
const int = (n: number) => Math.floor(rand() * n);
const word = () => ["zorb", "quil", "nex", "tamp", "ulo", "frint", "vask"][int(7)]! + int(100);
const templates: (() => string)[] = [
  () => `ERROR: No matching distribution found for ${word()}==${int(9)}.${int(20)}`,
  () => `bash: line ${int(50)}: ${word()}: command not found`,
  () =>
    `  File "/app/${word()}.py", line ${int(900)}\n    x = (\n        ^\nSyntaxError: invalid syntax`,
  () => `npm ERR! 404 Not Found - GET https://registry.npmjs.org/${word()}`,
  () =>
    `FAILED tests/test_${word()}.py::test_${word()} - AssertionError: assert ${int(9)} == ${int(9)}`,
  () => `make: *** [Makefile:${int(99)}: ${word()}] Error 2`,
  () => `Collecting ${word()}==${int(9)}.0`,
  () => `    at ${word()} (/src/${word()}.js:${int(300)}:${int(40)})`,
  () => `warning: unused import: \`${word()}\``,
  () => `${word()} ${word()} ${int(1e5)} ${word()} ${word()}`,
  () => `\u001b[31merror\u001b[0m: ${word()} failed with exit code ${int(3)}\r`,
];
const tails = Array.from({ length: Number(values.tails) }, () =>
  Array.from({ length: 1 + int(40) }, () => templates[int(templates.length)]!()).join("\n"),
);
const normalised = tails.map((t) => normalizeStderr(t).split("\n"));
const folded = tails.map((t) => NormalizedTail.of(t));
indexRules(OUTCOME_RULES);

function perTail(label: string, f: (i: number) => unknown): [string, string] {
  for (let i = 0; i < Math.min(200, tails.length); i++) f(i); // warm up
  const t0 = performance.now();
  for (let i = 0; i < tails.length; i++) f(i);
  return [label, (((performance.now() - t0) * 1000) / tails.length).toFixed(1)];
}
const rows = [
  perTail("normalizeStderr", (i) => normalizeStderr(tails[i]!)),
  perTail("matchRulesReference", (i) => matchRulesReference(normalised[i]!, OUTCOME_RULES, true)),
  perTail("matchRules (indexed)", (i) => matchRules(normalised[i]!, OUTCOME_RULES, true)),
  perTail("NormalizedTail.of", (i) => NormalizedTail.of(tails[i]!)),
  perTail("matchTail (one pass)", (i) => matchTail(folded[i]!, OUTCOME_RULES, true)),
  perTail("classifyOutcome", (i) => classifyOutcome({ exit_code: 1, stderr: tails[i]! })),
];
const avg = normalised.reduce((s, l) => s + l.length, 0) / normalised.length;
console.log(`${tails.length} tails, ${avg.toFixed(1)} normalised lines each on average`);
console.log("step                   µs per tail");
for (const [label, us] of rows) console.log(`${label.padEnd(22)} ${us}`);
