import { InputError } from "@fak/taxonomy";
import { describe, expect, it } from "vitest";
import { fnmatch } from "./glob.js";
import { deriveConfig } from "./harbor.js";

const ORIGINAL = {
  job_name: "2026-01-01__00-00-00",
  jobs_dir: "jobs",
  n_attempts: 2,
  timeout_multiplier: 1.5,
  agents: [{ name: "claude-code", model_name: "acme/m1", kwargs: {} }],
  datasets: [
    { name: "bench", version: "2.0", task_names: ["fix-*", "build-x"], n_tasks: 5 },
    { name: "other", version: "1.0", task_names: ["count-*"], exclude_task_names: ["count-b"] },
  ],
  tasks: [{ path: "/tasks/local-one" }, { name: "org/pkg-task", ref: "latest" }],
  extra_instruction_paths: ["/keep/me.md"],
};

describe("deriveConfig", () => {
  it("keeps every key, narrows each dataset to the retried tasks it holds, appends the brief", () => {
    const { config, unmatched } = deriveConfig(
      ORIGINAL,
      "config.json",
      ["fix-git", "count-a"],
      "/plan/brief.md",
      "fak-retry__x",
    );
    expect(unmatched).toEqual([]);
    expect(config).toMatchObject({
      job_name: "fak-retry__x",
      jobs_dir: "jobs",
      n_attempts: 2,
      timeout_multiplier: 1.5,
      agents: ORIGINAL.agents,
      extra_instruction_paths: ["/keep/me.md", "/plan/brief.md"],
      tasks: [],
    });
    expect(config.datasets).toEqual([
      { ...ORIGINAL.datasets[0], task_names: ["fix-git"], n_tasks: null },
      { ...ORIGINAL.datasets[1], task_names: ["count-a"], n_tasks: null },
    ]);
  });

  it("selects local and package task entries by their names, and says which it cannot select", () => {
    const { config, unmatched } = deriveConfig(
      ORIGINAL,
      "config.json",
      ["local-one", "org/pkg-task", "count-b", "nowhere"],
      undefined,
      "fak-rerun__x",
    );
    expect(config.tasks).toEqual(ORIGINAL.tasks);
    expect(config.datasets).toEqual([]);
    expect(config.extra_instruction_paths).toEqual(["/keep/me.md"]);
    expect(unmatched).toEqual(["count-b", "nowhere"]);
  });

  it("narrows a whole dataset (no task_names) to the tasks", () => {
    const { config } = deriveConfig(
      { job_name: "j", datasets: [{ name: "bench" }] },
      "c.json",
      ["a"],
      "/b.md",
      "n",
    );
    expect(config.datasets).toEqual([{ name: "bench", task_names: ["a"], n_tasks: null }]);
  });

  it("refuses a malformed config, naming the file and field", () => {
    expect(() => deriveConfig([], "c.json", ["a"], "/b.md", "n")).toThrow(InputError);
    expect(() =>
      deriveConfig({ job_name: "j", datasets: {} }, "c.json", ["a"], "/b.md", "n"),
    ).toThrow("c.json: datasets: expected an array");
    expect(() =>
      deriveConfig(
        { job_name: "j", datasets: [{ task_names: [1] }] },
        "c.json",
        ["a"],
        "/b.md",
        "n",
      ),
    ).toThrow("c.json: datasets.0.task_names: expected a list of names");
    expect(() => deriveConfig({ datasets: [] }, "c.json", ["a"], "/b.md", "n")).toThrow("job_name");
  });
});

it("escapes a task name's glob characters, so it selects only itself", () => {
  const { config } = deriveConfig(
    { job_name: "j", datasets: [{ name: "bench", task_names: ["*"] }] },
    "c.json",
    ["tune[v2]*"],
    undefined,
    "n",
  );
  const [pattern] = (config.datasets as { task_names: string[] }[])[0]?.task_names ?? [];
  expect(pattern).toBe("tune[[]v2][*]");
  expect(fnmatch("tune[v2]*", pattern ?? "")).toBe(true);
  expect(fnmatch("tunev", pattern ?? "")).toBe(false);
  expect(fnmatch("tune[v2]-other", pattern ?? "")).toBe(false);
});

describe("fnmatch", () => {
  it("matches as Python's fnmatch does on POSIX", () => {
    expect(fnmatch("fix-git", "fix-*")).toBe(true);
    expect(fnmatch("fix-git", "fix-gi?")).toBe(true);
    expect(fnmatch("fix-git", "[ef]ix-git")).toBe(true);
    expect(fnmatch("fix-git", "[!f]ix-git")).toBe(false);
    expect(fnmatch("Fix-git", "fix-*")).toBe(false);
    expect(fnmatch("a.b", "a?b")).toBe(true);
    expect(fnmatch("axb", "a.b")).toBe(false);
    expect(fnmatch("org/name", "org/*")).toBe(true);
  });
});
