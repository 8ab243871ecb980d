import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";

// Synthetic harness folders in the shapes Harbor and tb write, for tests and the benchmark.
// Every name and text here is made up; nothing is copied from a real run.

export interface FakeCommand {
  command: string;
  /** What the agent said before running it (ATIF message, episode text, tb THOUGHT). */
  said?: string;
  exit?: number;
  output?: string;
}

export interface FakeHarborTrial {
  name: string;
  task?: string;
  /** Omit for a trial the verifier never scored. */
  reward?: number;
  exception?: { type: string; message: string };
  /** Where the agent's commands go. */
  commandsAs?: "trajectory" | "episodes" | "command-dirs";
  commands?: FakeCommand[];
  /** A last command with no result (the run stopped during it). */
  pendingCommand?: string;
  tests?: { name: string; passed: boolean; trace?: string }[];
  /** Leave out result.json, as an interrupted trial does. */
  interrupted?: boolean;
  /** verifier/test-stdout.txt as the verifier printed it. */
  testStdout?: string;
  /** Where the reward goes: reward.txt (default), reward.json, or both with different values. */
  rewardFile?: "txt" | "json" | "both";
  startedAt?: string;
  /** terminus-2 style: keystrokes and the screen they produced, no exit codes. */
  screens?: { keystrokes: string[]; screen: string; taskComplete?: boolean }[];
  /** Multi-step trial: the agent and verifier live under steps/<name>/. */
  stepName?: string;
}

export interface FakeHarborJob {
  trials: FakeHarborTrial[];
  /** "old": stats.n_trials/n_errors; "new": n_completed_trials/n_errored_trials; "none": no result.json. */
  stats?: "old" | "new" | "none";
  /** Extra names listed in the job's result.json with no folder. */
  listedOnly?: string[];
  maxEpisodes?: number;
  jobName?: string;
}

/** A fresh temporary directory. */
export function tempDir(prefix = "fak-ingest-"): Promise<string> {
  return mkdtemp(join(tmpdir(), prefix));
}

export async function writeJson(file: string, value: unknown): Promise<void> {
  await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
}

/**
 * Write a Harbor-shaped job folder at `dir` (created), one sub-folder per trial.
 * @example await writeHarborJob(dir, { trials: [{ name: "hello__A1", reward: 1 }] });
 */
export async function writeHarborJob(dir: string, spec: FakeHarborJob): Promise<string> {
  await mkdir(dir, { recursive: true });
  const agent = {
    name: null,
    import_path: "fake.agent:Agent",
    model_name: "acme/model-1",
    kwargs: { max_episodes: spec.maxEpisodes ?? 30 },
  };
  await writeJson(join(dir, "config.json"), {
    job_name: spec.jobName ?? "fake-job",
    n_attempts: 1,
    agents: [agent],
  });
  await writeFile(join(dir, "job.log"), "job started\n");
  for (const t of spec.trials) await writeHarborTrial(join(dir, t.name), t, agent);
  if (spec.stats !== "none") await writeJson(join(dir, "result.json"), jobResult(spec));
  return dir;
}

function jobResult(spec: FakeHarborJob) {
  const done = spec.trials.filter((t) => !t.interrupted);
  const rewards: Record<string, string[]> = {};
  const exceptions: Record<string, string[]> = {};
  const push = (map: Record<string, string[]>, key: string, name: string) => {
    map[key] = [...(map[key] ?? []), name];
  };
  for (const t of done) {
    if (t.reward !== undefined) push(rewards, t.reward.toFixed(1), t.name);
    if (t.exception) push(exceptions, t.exception.type, t.name);
  }
  for (const n of spec.listedOnly ?? []) push(rewards, "0.0", n);
  const total = done.length + (spec.listedOnly?.length ?? 0);
  const errors = done.filter((t) => t.exception).length;
  const counts =
    spec.stats === "new"
      ? { n_completed_trials: total, n_errored_trials: errors }
      : { n_trials: total, n_errors: errors };
  const evals = {
    "fake-agent__model-1__bench": {
      ...counts,
      reward_stats: { reward: rewards },
      exception_stats: exceptions,
    },
  };
  return { id: "job-1", n_total_trials: total, stats: { ...counts, evals } };
}

async function writeHarborTrial(dir: string, t: FakeHarborTrial, agent: object): Promise<void> {
  const root = t.stepName ? join(dir, "steps", t.stepName) : dir;
  await mkdir(join(root, "agent"), { recursive: true });
  await writeFile(join(dir, "trial.log"), "trial started\n");
  const task = t.task ?? t.name.replace(/__.*$/, "");
  await writeJson(join(dir, "config.json"), { task: { path: task }, trial_name: t.name, agent });
  await writeAgent(join(root, "agent"), t);
  const verifier = join(root, "verifier");
  if (t.reward !== undefined || t.tests || t.testStdout) {
    await mkdir(verifier, { recursive: true });
    const as = t.rewardFile ?? "txt";
    if (t.reward !== undefined && as !== "json")
      await writeFile(
        join(verifier, "reward.txt"),
        String(as === "both" ? 1 - t.reward : t.reward),
      );
    if (t.reward !== undefined && as !== "txt")
      await writeJson(join(verifier, "reward.json"), { reward: t.reward, style: 0.5 });
    if (t.tests) await writeJson(join(verifier, "ctrf.json"), ctrf(t.tests));
    if (t.testStdout) await writeFile(join(verifier, "test-stdout.txt"), t.testStdout);
  }
  if (t.exception) {
    await writeFile(
      join(dir, "exception.txt"),
      `Traceback (most recent call last):\n  File "agent.py", line 1\n${t.exception.type}: ${t.exception.message}\n`,
    );
  }
  if (t.interrupted) return;
  await writeJson(join(dir, "result.json"), {
    task_name: task,
    trial_name: t.name,
    ...(t.startedAt ? { started_at: t.startedAt } : {}),
    ...(t.stepName ? { step_results: [{ step_name: t.stepName }] } : {}),
    config: { task: { path: task }, agent },
    agent_info: {
      name: "fake-agent",
      version: "1.0",
      model_info: { name: "model-1", provider: "acme" },
    },
    verifier_result:
      // Harbor writes verifier_result from the reward file it read (reward.json over reward.txt).
      t.reward === undefined
        ? null
        : {
            rewards:
              t.rewardFile && t.rewardFile !== "txt"
                ? { reward: t.reward, style: 0.5 }
                : { reward: t.reward },
          },
    exception_info: t.exception
      ? {
          exception_type: t.exception.type,
          exception_message: t.exception.message,
          exception_traceback: "Traceback ...",
        }
      : null,
  });
}

function ctrf(tests: NonNullable<FakeHarborTrial["tests"]>) {
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

async function writeAgent(dir: string, t: FakeHarborTrial): Promise<void> {
  if (t.screens) {
    const steps = t.screens.map((s, i) => ({
      step_id: i + 2,
      source: "agent",
      message: `{"analysis": "step ${i}", "task_complete": ${s.taskComplete === true}}`,
      tool_calls: s.keystrokes.map((k, j) => ({
        tool_call_id: `call_${i}_${j}`,
        function_name: "bash_command",
        arguments: { keystrokes: `${k}\n`, duration: 1 },
      })),
      observation: { results: [{ content: `New Terminal Output:\n${s.screen}` }] },
    }));
    await writeJson(join(dir, "trajectory.json"), {
      schema_version: "ATIF-v1.5",
      session_id: "s1",
      agent: { name: "terminus-2" },
      steps: [{ step_id: 1, source: "user", message: "do the task" }, ...steps],
    });
    return;
  }
  const commands = t.commands ?? [];
  const as = t.commandsAs ?? "trajectory";
  if (as === "trajectory") {
    const steps = commands.map((c, i) => ({
      step_id: i + 2,
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
    }));
    if (t.pendingCommand) {
      steps.push({
        step_id: commands.length + 2,
        source: "agent",
        tool_calls: [
          {
            tool_call_id: "call_p",
            function_name: "bash",
            arguments: { command: t.pendingCommand },
          },
        ],
        observation: { results: [] },
      });
    }
    await writeJson(join(dir, "trajectory.json"), {
      schema_version: "ATIF-v1.5",
      session_id: "s1",
      agent: { name: "fake-agent" },
      steps: [{ step_id: 1, source: "user", message: "do the task" }, ...steps],
    });
  } else if (as === "episodes") {
    const all = [
      ...commands,
      ...(t.pendingCommand ? [{ command: t.pendingCommand, pending: true }] : []),
    ];
    for (const [i, c] of all.entries()) {
      const ep = join(dir, "episodes", `episode-${i}`);
      await mkdir(ep, { recursive: true });
      // A real request.json holds the whole conversation so far: it grows with each episode.
      const history = all.slice(0, i).map((p) => ({
        role: "assistant",
        content: `${p.command}\n${"output" in p ? (p.output ?? "") : ""}`,
      }));
      await writeJson(join(ep, "request.json"), {
        messages: [{ role: "user", content: "do the task" }, ...history],
      });
      await writeJson(join(ep, "response.json"), {
        content: [
          { type: "text", text: ("said" in c && c.said) || "next" },
          { type: "tool_use", id: `tu_${i}`, name: "bash", input: { command: c.command } },
        ],
      });
      if ("pending" in c) continue;
      const fc = c as FakeCommand;
      await writeJson(join(ep, "tool-results.json"), [
        {
          type: "tool_result",
          tool_use_id: `tu_${i}`,
          content: `[exit_code=${fc.exit ?? 0}]\n\n${fc.output ?? ""}`,
        },
      ]);
    }
  } else {
    for (const [i, c] of commands.entries()) {
      const cd = join(dir, `command-${i}`);
      await mkdir(cd, { recursive: true });
      await writeFile(join(cd, "command.txt"), c.command);
      await writeFile(join(cd, "return-code.txt"), String(c.exit ?? 0));
      await writeFile(join(cd, "stdout.txt"), "");
      await writeFile(join(cd, "stderr.txt"), c.output ?? "");
    }
  }
}

export interface FakeTbTrial {
  task: string;
  /** Trial folder suffix after the task: ".1-of-1.<run>" by default. */
  suffix?: string;
  is_resolved: boolean | null;
  failure_mode?: string;
  tests?: Record<string, "passed" | "failed">;
  /** mini-swe-agent style log: commands with <returncode>. */
  log?: FakeCommand[];
  /** The agent's install before it starts: it worked, or pip refused it and the agent binary is missing. */
  install?: "ok" | "failed";
  /** The agent ends by echoing its submit command. */
  submitted?: boolean;
  /** tb typed the tests into the agent's session while it worked. */
  cutOff?: boolean;
  /** sessions/tests.log as the tests printed it. */
  testsLog?: string;
  missingFolder?: boolean;
  interrupted?: boolean;
  /** The task's instruction, as tb writes it in the trial's results.json. */
  instruction?: string;
}

/**
 * Write a tb-shaped run folder: `<run>/<task>/<task>.1-of-1.<run>/results.json` per trial,
 * the run-level results.json listing every trial (including those whose folder is missing).
 * @example await writeTbRun(dir, "run-1", [{ task: "hello", is_resolved: true }]);
 */
export async function writeTbRun(
  dir: string,
  runId: string,
  trials: FakeTbTrial[],
): Promise<string> {
  await mkdir(dir, { recursive: true });
  const entries = trials.map((t) => ({
    trial_name: `${t.task}${t.suffix ?? `.1-of-1.${runId}`}`,
    task_id: t.task,
    is_resolved: t.is_resolved,
    failure_mode: t.failure_mode ?? "unset",
    parser_results: t.tests ?? null,
    ...(t.instruction ? { instruction: t.instruction } : {}),
  }));
  const resolved = entries.filter((e) => e.is_resolved === true).length;
  await writeJson(join(dir, "results.json"), {
    id: "r",
    results: entries,
    n_resolved: resolved,
    n_unresolved: entries.length - resolved,
  });
  await writeJson(join(dir, "run_metadata.json"), {
    run_id: runId,
    agent_name: "fake-tb-agent",
    model_name: "acme/model-1",
  });
  for (const [i, t] of trials.entries()) {
    const entry = entries[i];
    if (t.missingFolder || !entry) continue;
    const tdir = join(dir, t.task, entry.trial_name);
    await mkdir(join(tdir, "sessions"), { recursive: true });
    await writeFile(join(tdir, "commands.txt"), "['echo hi', 'Enter']\n");
    if (t.log || t.install)
      await writeFile(join(tdir, "sessions", "agent.log"), agentLog(t.log ?? [], t));
    if (t.testsLog) await writeFile(join(tdir, "sessions", "tests.log"), t.testsLog);
    if (!t.interrupted) await writeJson(join(tdir, "results.json"), entry);
  }
  return dir;
}

function agentLog(
  commands: FakeCommand[],
  t: FakeTbTrial = { task: "", is_resolved: null },
): string {
  const parts: string[] = [];
  if (t.install) {
    parts.push(
      "\u001b[?2004hroot@box:/app# source /installed-agent/install-agent.sh && echo 'INSTALL_SUCCESS'\r\n",
    );
    parts.push("Collecting fakeagent\r\n");
    if (t.install === "failed") parts.push("error: externally-managed-environment\r\n");
    parts.push("\u001b[0mINSTALL_SUCCESS\r\n");
  }
  parts.push("\u001b[?2004hroot@box:/app# mini -t 'task'\r\n");
  if (t.install === "failed") {
    parts.push("\u001b[?2004lbash: mini: command not found\r\n");
    return parts.join("");
  }
  parts.push("Here is an example:\n```bash\nexample --not-run\n```\n");
  // The prompt's own example answer: its THOUGHT is not the agent's.
  parts.push(
    "<example_response>\nTHOUGHT: I will print the config file to see which keys it sets today.\n\n```bash\ncat config.toml\n```\n</example_response>\n",
  );
  commands.forEach((c, i) => {
    parts.push(
      // The answer is printed after a spinner, on the spinner's line (an erase sequence between).
      `\u001b[1mfake-agent (step ${i + 1}, $0.01):\u001b[0m\n\u001b[32m⠹\u001b[0m waiting for the model…\u001b[2KTHOUGHT: ${c.said ?? "next."}\n\n\`\`\`bash\n${c.command}\n\`\`\`\n\nUser:\n`,
    );
    parts.push(
      `<returncode>${c.exit ?? 0}</returncode>\n<output>\n${c.output ?? ""}\n</output>\n${"─".repeat(20)}\n`,
    );
    if (t.cutOff && i === 0) parts.push("bash /tests/run-tests.sh; tmux wait -S done\n");
  });
  if (t.submitted) parts.push("```bash\necho COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n```\n");
  return parts.join("");
}
