// Harbor job and tb run folders built from scratch, in the shapes of the repository's own
// examples (apps/replay/examples/harbor-job) and test builders
// (apps/replay/src/test-support/harness-folders.ts), with the fields an attacker controls
// exposed: agent and model names, trial names, messages, outputs, verifier files.

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export function writeJson(file, value) {
  writeFileSync(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Write a Harbor job at `dir`. Trial spec fields:
 *   name (folder), trialName (result.json's trial_name, default the folder), task,
 *   reward (undefined: never scored), verifierResult (when the key is given: written as is,
 *   e.g. null), rewardTxt / rewardJson (agent-writable verifier files), listed (what the job's
 *   result.json lists as the reward: default the reward; null: not listed), exception
 *   {type, message}, messages (the agent's own words, before its commands), commands
 *   [{command, said, exit, output}], tests [{name, passed, trace}], testStdout, interrupted,
 *   agentName, modelName, resultExtra (merged into result.json), files {relpath: text}.
 * Job spec: jobName, agentName, modelName, trials, listedOnly.
 */
export function writeHarborJob(dir, spec) {
  mkdirSync(dir, { recursive: true });
  const agentName = spec.agentName ?? "fake-agent";
  const modelName = spec.modelName ?? "acme/model-1";
  const agent = {
    name: null,
    import_path: "fake.agent:Agent",
    model_name: modelName,
    kwargs: { max_episodes: 40 },
  };
  writeJson(join(dir, "config.json"), {
    job_name: spec.jobName ?? "fake-job",
    n_attempts: 1,
    agents: [agent],
  });
  writeFileSync(join(dir, "job.log"), "job started\n");
  for (const t of spec.trials) writeHarborTrial(join(dir, t.name), t, agent, agentName);
  writeJson(join(dir, "result.json"), jobResult(spec));
  return dir;
}

function jobResult(spec) {
  const done = spec.trials.filter((t) => !t.interrupted);
  const rewards = {};
  const exceptions = {};
  const push = (map, key, name) => {
    map[key] = [...(map[key] ?? []), name];
  };
  for (const t of done) {
    const listed = "listed" in t ? t.listed : t.reward;
    if (listed !== undefined && listed !== null) push(rewards, listed.toFixed(1), t.name);
    if (t.exception) push(exceptions, t.exception.type, t.name);
  }
  for (const n of spec.listedOnly ?? []) push(rewards, "0.0", n);
  const total = done.length + (spec.listedOnly?.length ?? 0);
  const errors = done.filter((t) => t.exception).length;
  return {
    id: "job-1",
    n_total_trials: total,
    stats: {
      n_trials: total,
      n_errors: errors,
      evals: {
        "fake-agent__model-1__bench": {
          n_trials: total,
          n_errors: errors,
          reward_stats: { reward: rewards },
          exception_stats: exceptions,
        },
      },
    },
  };
}

function writeHarborTrial(dir, t, jobAgent, jobAgentName) {
  const agent = t.modelName ? { ...jobAgent, model_name: t.modelName } : jobAgent;
  mkdirSync(join(dir, "agent"), { recursive: true });
  writeFileSync(join(dir, "trial.log"), t.trialLog ?? "trial started\n");
  const task = t.task ?? t.name.replace(/__.*$/, "");
  const trialName = t.trialName ?? t.name;
  writeJson(join(dir, "config.json"), { task: { path: task }, trial_name: trialName, agent });
  writeAgent(join(dir, "agent"), t);
  const verifier = join(dir, "verifier");
  const needVerifier =
    t.reward !== undefined ||
    t.tests ||
    t.testStdout ||
    t.rewardTxt !== undefined ||
    t.rewardJson !== undefined;
  if (needVerifier) {
    mkdirSync(verifier, { recursive: true });
    if (t.rewardTxt !== undefined) writeFileSync(join(verifier, "reward.txt"), t.rewardTxt);
    else if (t.reward !== undefined) writeFileSync(join(verifier, "reward.txt"), String(t.reward));
    if (t.rewardJson !== undefined) writeJson(join(verifier, "reward.json"), t.rewardJson);
    if (t.tests) writeJson(join(verifier, "ctrf.json"), ctrf(t.tests));
    if (t.testStdout) writeFileSync(join(verifier, "test-stdout.txt"), t.testStdout);
  }
  if (t.exception) {
    writeFileSync(
      join(dir, "exception.txt"),
      `Traceback (most recent call last):\n  File "agent.py", line 1\n${t.exception.type}: ${t.exception.message}\n`,
    );
  }
  for (const [rel, text] of Object.entries(t.files ?? {})) {
    mkdirSync(join(dir, rel, ".."), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  if (t.interrupted) return;
  const verifierResult =
    "verifierResult" in t
      ? t.verifierResult
      : t.reward === undefined
        ? null
        : { rewards: { reward: t.reward } };
  writeJson(join(dir, "result.json"), {
    task_name: task,
    trial_name: trialName,
    config: { task: { path: task }, agent },
    agent_info: {
      name: t.agentName ?? jobAgentName,
      version: "1.0",
      model_info: { name: "model-1", provider: "acme" },
    },
    verifier_result: verifierResult,
    exception_info: t.exception
      ? {
          exception_type: t.exception.type,
          exception_message: t.exception.message,
          exception_traceback: "Traceback ...",
        }
      : null,
    ...(t.resultExtra ?? {}),
  });
}

function ctrf(tests) {
  return {
    results: {
      tool: { name: "pytest" },
      summary: { tests: tests.length, passed: tests.filter((t) => t.passed).length },
      tests: tests.map((t) => ({
        name: t.name,
        status: t.passed ? "passed" : "failed",
        trace: t.trace ?? null,
      })),
    },
  };
}

/** The ATIF trajectory of a trial: the user's task, the agent's messages, then its commands. */
export function trajectoryOf(t) {
  const steps = [{ step_id: 1, source: "user", message: "do the task" }];
  for (const m of t.messages ?? [])
    steps.push({ step_id: steps.length + 1, source: "agent", message: m });
  for (const [i, c] of (t.commands ?? []).entries()) {
    steps.push({
      step_id: steps.length + 1,
      source: "agent",
      ...(c.said ? { message: c.said } : {}),
      tool_calls: [
        { tool_call_id: `call_${i}`, function_name: "bash", arguments: { command: c.command } },
      ],
      observation: {
        results: [
          {
            source_call_id: `call_${i}`,
            content: c.output ?? "",
            extra: { tool_metadata: { exit_code: c.exit ?? 0 } },
          },
        ],
      },
    });
  }
  return {
    schema_version: "ATIF-v1.5",
    session_id: "s1",
    agent: { name: "fake-agent" },
    steps,
  };
}

function writeAgent(dir, t) {
  if (t.trajectoryText !== undefined) {
    writeFileSync(join(dir, "trajectory.json"), t.trajectoryText);
    return;
  }
  writeJson(join(dir, "trajectory.json"), trajectoryOf(t));
}

/**
 * Write a tb run folder: `<run>/<task>/<task>.1-of-1.<run>/results.json` per trial and the
 * run's results.json and run_metadata.json. Trial spec: task, is_resolved, failure_mode,
 * tests {name: "passed"|"failed"}, log [{command, said, exit, output}].
 */
export function writeTbRun(dir, runId, trials, who = {}) {
  mkdirSync(dir, { recursive: true });
  const entries = trials.map((t) => ({
    trial_name: `${t.task}.1-of-1.${runId}`,
    task_id: t.task,
    is_resolved: t.is_resolved,
    failure_mode: t.failure_mode ?? "unset",
    parser_results: t.tests ?? null,
  }));
  const resolved = entries.filter((e) => e.is_resolved === true).length;
  writeJson(join(dir, "results.json"), {
    id: "r",
    results: entries,
    n_resolved: resolved,
    n_unresolved: entries.length - resolved,
  });
  writeJson(join(dir, "run_metadata.json"), {
    run_id: runId,
    agent_name: who.agent ?? "fake-tb-agent",
    model_name: who.model ?? "acme/model-1",
  });
  for (const [i, t] of trials.entries()) {
    const entry = entries[i];
    const tdir = join(dir, t.task, entry.trial_name);
    mkdirSync(join(tdir, "sessions"), { recursive: true });
    writeFileSync(join(tdir, "commands.txt"), "['echo hi', 'Enter']\n");
    if (t.log) writeFileSync(join(tdir, "sessions", "agent.log"), agentLog(t.log));
    writeJson(join(tdir, "results.json"), entry);
  }
  return dir;
}

function agentLog(commands) {
  const parts = ["\u001b[?2004hroot@box:/app# mini -t 'task'\r\n"];
  commands.forEach((c, i) => {
    parts.push(
      `\u001b[1mfake-agent (step ${i + 1}, $0.01):\u001b[0m\nTHOUGHT: ${c.said ?? "next."}\n\n\`\`\`bash\n${c.command}\n\`\`\`\n\nUser:\n`,
    );
    parts.push(
      `<returncode>${c.exit ?? 0}</returncode>\n<output>\n${c.output ?? ""}\n</output>\n${"─".repeat(20)}\n`,
    );
  });
  return parts.join("");
}

/** A failing pip install: a command whose output fak reads as PKG_INSTALL. */
export function pipFailure(rng) {
  const pkg = `${rng.name(7)}-${rng.name(4)}`;
  return {
    command: `pip install ${pkg}==9.9.${rng.int(0, 9)}`,
    exit: 1,
    output: `ERROR: Could not find a version that satisfies the requirement ${pkg}==9.9 (from versions: none)\nERROR: No matching distribution found for ${pkg}==9.9\n`,
  };
}

/** A verifier test failing with an AssertionError. */
export function assertionTests(rng) {
  const a = rng.int(100, 999);
  const b = a + rng.int(1, 50);
  return [
    { name: "test_outputs.py::test_exists", passed: true },
    {
      name: `test_outputs.py::test_${rng.name(6)}`,
      passed: false,
      trace: `def test_total():\n>       assert total == ${b}\nE       AssertionError: assert ${a} == ${b}\n\ntest_outputs.py:12: AssertionError`,
    },
  ];
}
