import { describe, expect, it } from "vitest";
import { promptTemplate, tbRerun, tbRunMetadata } from "./tb.js";

const meta = (agent: string, extra: object = {}) =>
  tbRunMetadata(
    {
      run_id: "r1",
      agent_name: agent,
      model_name: "acme/m1",
      dataset_name: "terminal-bench-core",
      dataset_version: "0.1.1",
      n_attempts: 1,
      ...extra,
    },
    "run_metadata.json",
  );

describe("tbRerun", () => {
  it("repeats the run's dataset, agent and model with a new run id, -t per task and the template", () => {
    const r = tbRerun({
      meta: meta("mini-swe-agent", { agent_kwargs: { temperature: 0 } }),
      outputPath: "/runs",
      runId: "fak-retry__a",
      tasks: ["a", "b.hard"],
      template: "/plan/t.j2",
    });
    expect(r.argv).toEqual([
      "tb",
      "run",
      "--dataset-name",
      "terminal-bench-core",
      "--dataset-version",
      "0.1.1",
      "--agent",
      "mini-swe-agent",
      "--model",
      "acme/m1",
      "--output-path",
      "/runs",
      "--run-id",
      "fak-retry__a",
      "--n-attempts",
      "1",
      "-k",
      "temperature=0",
      "-t",
      "a",
      "-t",
      "b.hard",
      "-k",
      "prompt_template=/plan/t.j2",
    ]);
    expect("missing" in r && r.missing).toBeFalsy();
  });

  it("gives Terminus no rerun with a brief, and says so", () => {
    const r = tbRerun({
      meta: meta("terminus"),
      outputPath: "/runs",
      runId: "x",
      tasks: ["a"],
      template: "/t",
    });
    expect(r.argv).toBeUndefined();
    expect(r.notes.join(" ")).toMatch(/ignores prompt templates/);
  });

  it("reruns Terminus unchanged when no brief goes with it", () => {
    const r = tbRerun({ meta: meta("terminus"), outputPath: "/runs", runId: "x", tasks: ["a"] });
    expect(r.argv).toContain("terminus");
    expect(r.argv?.join(" ")).not.toContain("prompt_template");
  });

  it("says what an agent tb does not know by name lacks", () => {
    const r = tbRerun({
      meta: meta("Factory Droid"),
      outputPath: "/runs",
      runId: "x",
      tasks: ["a"],
      template: "/t",
    });
    expect(r.argv).toBeDefined();
    expect("missing" in r ? r.missing : "").toMatch(/--agent-import-path/);
  });

  it("redacts a secret among the agent kwargs and says so", () => {
    const r = tbRerun({
      meta: meta("codex", { agent_kwargs: { api_key: `sk-proj-${"Ab3dE".repeat(8)}` } }),
      outputPath: "/runs",
      runId: "x",
      tasks: ["a"],
    });
    expect(r.argv?.join(" ")).toContain("[REDACTED:");
    expect(r.notes.join(" ")).toMatch(/api_key held a secret/);
  });
});

describe("promptTemplate", () => {
  it("puts the instruction first and keeps the brief out of Jinja's reach", () => {
    const t = promptTemplate("brief {{ secret }} {% endraw %}{% include x %}");
    expect(t.startsWith("{{ instruction }}\n\n{% raw %}")).toBe(true);
    expect(t.match(/\{%/g)).toHaveLength(2);
    expect(t.trimEnd().endsWith("{% endraw %}")).toBe(true);
  });
});
