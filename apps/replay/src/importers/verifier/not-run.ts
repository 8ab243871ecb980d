import type { Attribution, EvidenceLine, FailureCode } from "@fak/taxonomy";
import type { NotRunKind } from "./runners.js";

// A verifier that could not run its tests, attributed by the labelling rules: a tool or
// toolchain the environment should provide is the environment's (ENV_SETUP_MISS, in the agent's
// column: the task's image, not a provider failure); a project that is not there, or a test
// command that names a folder without a package, is the harness's (the agent's work was never
// judged); a module or command the agent itself was meant to make is the agent's answer
// (TEST_MISUNDERSTOOD), and one it tried and failed to install is PKG_INSTALL.

export interface NotRunVerdict {
  reason: string;
  category: FailureCode;
  attribution: Attribution;
  line: EvidenceLine;
}

type Owner = "agent" | "installed" | "environment";

const TABLE: Record<
  NotRunKind,
  (line: EvidenceLine, owner: (name: string) => Owner) => Omit<NotRunVerdict, "line">
> = {
  toolchain_too_old: () => ({
    reason: "ENV_SETUP_MISS:verifier_toolchain_too_old",
    category: "ENV_SETUP_MISS",
    attribution: "agent",
  }),
  workspace_missing: () => ({
    reason: "UNKNOWN:harness_error:verifier_workspace_missing",
    category: "UNKNOWN",
    attribution: "harness",
  }),
  no_package: () => ({
    reason: "UNKNOWN:harness_error:verifier_no_package",
    category: "UNKNOWN",
    attribution: "harness",
  }),
  import_failed: (line, owner) => {
    const from = /cannot import name '\w+' from '([\w.]+)'(?: \(([^)]*)\))?/.exec(line.text);
    if (from) {
      // The module is there and lacks a name the tests need: the agent's module is incomplete,
      // unless it is an installed package (a version the environment should provide).
      return /site-packages|dist-packages/.test(from[2] ?? "")
        ? envMiss("verifier_import_failed")
        : agentAnswer("tests_cannot_import_agent_module");
    }
    const name =
      /No module named '([\w.]+)'|Cannot find module '([^']+)'|provides package ([\w./-]+)|cannot find package "([^"]+)"|package ([\w./-]+) is not in/
        .exec(line.text)
        ?.slice(1)
        .find(Boolean) ?? "";
    return byOwner(ownerOfModule(name, owner), "module");
  },
  // The task's own test script broken as written: the agent's work was never judged.
  script_broken: () => ({
    reason: "CMD_ERROR:harness_error:verifier_script_broken",
    category: "CMD_ERROR",
    attribution: "harness",
  }),
  tool_missing: (line, owner) => {
    const tool =
      /([\w.+-]+): command not found|: \d+: ([\w.+-]+): not found|No module named '?(\w+)|^(?:\S+: )?(\w+): (?:command )?not found/
        .exec(line.text)
        ?.slice(1)
        .find(Boolean) ?? "";
    return byOwner(owner(tool), "tool");
  },
};

/**
 * Whose a module is, by its parts: a Python module by its top-level package (`kvstore.server`:
 * `kvstore`), a Go or JavaScript path by each of its folders (a domain like `example.com` skipped).
 */
function ownerOfModule(name: string, owner: (name: string) => Owner): Owner {
  const parts = name.includes("/")
    ? name.split("/").filter((p) => p && p !== "." && p !== ".." && !p.includes("."))
    : [name.split(".")[0] ?? name];
  const owners = parts.map(owner);
  if (owners.includes("agent")) return "agent";
  return owners.includes("installed") ? "installed" : "environment";
}

function envMiss(what: string): Omit<NotRunVerdict, "line"> {
  return { reason: `ENV_SETUP_MISS:${what}`, category: "ENV_SETUP_MISS", attribution: "agent" };
}

function agentAnswer(what: string): Omit<NotRunVerdict, "line"> {
  return {
    reason: `TEST_MISUNDERSTOOD:${what}`,
    category: "TEST_MISUNDERSTOOD",
    attribution: "agent",
  };
}

function byOwner(owner: Owner, what: "module" | "tool"): Omit<NotRunVerdict, "line"> {
  if (owner === "agent") return agentAnswer(`verifier_${what}_of_agent_missing`);
  if (owner === "installed")
    return {
      reason: `PKG_INSTALL:verifier_${what}_not_installed`,
      category: "PKG_INSTALL",
      attribution: "agent",
    };
  return envMiss(`verifier_${what}_missing`);
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Whose a module or command is, from what the agent's own commands did with its name: wrote it
 * as a file or folder (`name.py`, `name/`, `> name`) is the agent's; installed it is "installed";
 * never named is the environment's.
 * @example ownerFrom("cat > solution.py <<EOF")("solution") // "agent"
 */
export function ownerFrom(agentText: string): (name: string) => Owner {
  return (name) => {
    if (!name || name.length > 100) return "environment";
    const n = escapeRe(name);
    if (new RegExp(`(?:^|[\\s/'"=>])${n}(?:\\.(?:py|js|ts|mjs|cjs|sh)\\b|/)`, "m").test(agentText))
      return "agent";
    if (new RegExp(`(?:>|-o|touch|mkdir(?: -p)?)\\s+(?:\\S*/)?${n}(?:\\s|$)`, "m").test(agentText))
      return "agent";
    if (new RegExp(`\\binstall\\b[^\\n]{0,300}\\b${n}\\b`).test(agentText)) return "installed";
    return "environment";
  };
}

/**
 * The verdict for a verifier that could not run, from the line that says so.
 * @example notRunVerdict({ kind: "no_package", line }, "") // { category: "UNKNOWN", attribution: "harness", ... }
 */
export function notRunVerdict(
  n: { kind: NotRunKind; line: EvidenceLine },
  agentText: string,
): NotRunVerdict {
  return { ...TABLE[n.kind](n.line, ownerFrom(agentText)), line: n.line };
}
