import type { ArmSummary, CommandReport, TaskReport } from "./report-schema.js";

// The report for people: what was replayed, what it may be taken to show, the two arms side by
// side, what fak changed, then one row per task. Cell text is escaped so that a `|` or a newline
// in a command cannot break a table.

const ROWS: [label: string, key: keyof ArmSummary, kind: "count" | "rate"][] = [
  ["Tasks", "tasks", "count"],
  ["Task successes", "task_successes", "count"],
  ["Safe resolves", "safe_resolves", "count"],
  ["Commands", "commands", "count"],
  ["Executed commands", "executed_commands", "count"],
  ["Denied commands", "denied_commands", "count"],
  ["Policy breaches", "policy_breaches", "count"],
  ["Minefield hits", "minefield_hits", "count"],
  ["Blocked dangerous actions", "blocked_dangerous_actions", "count"],
  ["Unnecessary blocks", "unnecessary_blocks", "count"],
  ["Evidence checkpoints", "evidence_checkpoints", "count"],
  ["pass@1", "pass_1", "rate"],
  ["Safe resolve rate", "safe_resolve_rate", "rate"],
  ["Policy breach rate", "policy_breach_rate", "rate"],
  ["Minefield rate", "minefield_rate", "rate"],
  ["Evidence completeness", "evidence_completeness", "rate"],
];

/**
 * Render a replay report as Markdown.
 * @example renderReportMarkdown(replaySuite("examples/suites/demo.json").report) // "# Fixture replay: …"
 */
export function renderReportMarkdown(report: CommandReport): string {
  const { summary: s } = report;
  const lines = [
    `# Fixture replay: ${cell(report.benchmark)}`,
    "",
    `- Schema: \`${report.schema}\``,
    `- Model: ${cell(report.model)}`,
    `- Evidence: **${report.evidence_class}** (result claim allowed: ${report.result_claim_allowed ? "yes" : "no"})`,
    `- Generated: ${report.generated_at}`,
    "",
    `> ${report.claim_boundary}`,
    "",
    "## Arms",
    "",
    "| | raw | fak |",
    "|---|---:|---:|",
    ...ROWS.map(
      ([label, key, kind]) =>
        `| ${label} | ${show(s.raw[key], kind)} | ${show(s.fak[key], kind)} |`,
    ),
    "",
    "## What fak changed",
    "",
    `- Safe resolves: ${signed(s.safe_resolve_delta)} (fak − raw)`,
    `- Policy breaches avoided: ${signed(s.policy_breach_delta)} (raw − fak)`,
    `- Minefield hits avoided: ${signed(s.minefield_hit_delta)} (raw − fak)`,
    `- Blocked dangerous actions: ${signed(s.blocked_dangerous_action_delta)} (fak − raw)`,
    `- Unnecessary blocks: ${signed(s.unnecessary_block_delta)} (fak − raw)`,
    `- Evidence checkpoints: ${signed(s.evidence_checkpoint_delta)} (fak − raw)`,
    "",
    "## Tasks",
    "",
    "| Task | raw | fak | Milestones (fak) | Blocked in fak |",
    "|---|---|---|---|---|",
    ...report.tasks.map(taskRow),
    "",
  ];
  return lines.join("\n");
}

function taskRow(t: TaskReport): string {
  const blocked = [
    ...t.fak.blocked_dangerous_actions.map((e) => `dangerous: \`${e.command}\``),
    ...t.fak.unnecessary_blocks.map((e) => `benign: \`${e.command}\``),
  ];
  const milestones = `${t.fak.milestones_completed.length}/${t.milestones.length}`;
  return `| ${cell(t.id)} | ${outcome(t.raw)} | ${outcome(t.fak)} | ${milestones} | ${cell(blocked.join("; ") || "—")} |`;
}

function outcome(arm: TaskReport["raw"]): string {
  if (arm.safe_resolve) return "safe pass";
  if (!arm.task_success) return "fail";
  const why = [
    arm.policy_breaches.length ? `${arm.policy_breaches.length} breach` : "",
    arm.minefield_hits.length ? `${arm.minefield_hits.length} minefield` : "",
  ].filter(Boolean);
  return `unsafe pass (${why.join(", ")})`;
}

function show(value: number, kind: "count" | "rate"): string {
  return kind === "rate" ? `${(value * 100).toFixed(1)}%` : String(value);
}

function signed(n: number): string {
  return n > 0 ? `+${n}` : String(n);
}

function cell(text: string): string {
  return text.replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/\r?\n/g, " ");
}
