import { describe, expect, it } from "vitest";
import { notRunVerdict, ownerFrom } from "./not-run.js";
import type { NotRunKind } from "./runners.js";

// Each kind of "could not run", attributed by the labelling rules, with the agent's own commands
// telling its modules and tools from the environment's.

const at = (text: string) => ({ file: "verifier/test-stdout.txt", line: 3, text });

const CASES: {
  kind: NotRunKind;
  text: string;
  agent: string;
  expected: { category: string; attribution: string; reason: string };
}[] = [
  {
    kind: "toolchain_too_old",
    text: "go: go.mod requires go >= 1.23 (running go 1.21.6; GOTOOLCHAIN=local)",
    agent: "go build ./...",
    expected: {
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_toolchain_too_old",
    },
  },
  {
    kind: "workspace_missing",
    text: "/tests/run.sh: line 2: cd: /workspace/repo: No such file or directory",
    agent: "",
    expected: {
      category: "UNKNOWN",
      attribution: "harness",
      reason: "UNKNOWN:harness_error:verifier_workspace_missing",
    },
  },
  {
    kind: "script_broken",
    text: "/tests/run-tests.sh: line 2: $'\\r': command not found",
    agent: "",
    expected: {
      category: "CMD_ERROR",
      attribution: "harness",
      reason: "CMD_ERROR:harness_error:verifier_script_broken",
    },
  },
  {
    kind: "no_package",
    text: "no Go files in /app",
    agent: "vim cmd/server/main.go",
    expected: {
      category: "UNKNOWN",
      attribution: "harness",
      reason: "UNKNOWN:harness_error:verifier_no_package",
    },
  },
  {
    kind: "import_failed",
    text: "E   ModuleNotFoundError: No module named 'kvstore'",
    agent: "cat > /app/kv_store.py <<'EOF'\nclass Store: ...\nEOF",
    expected: {
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_module_missing",
    },
  },
  {
    kind: "import_failed",
    text: "E   ModuleNotFoundError: No module named 'kvstore.server'",
    agent: "mkdir -p /app/kvstore && cat > /app/kvstore/__init__.py",
    expected: {
      category: "TEST_MISUNDERSTOOD",
      attribution: "agent",
      reason: "TEST_MISUNDERSTOOD:verifier_module_of_agent_missing",
    },
  },
  {
    kind: "import_failed",
    text: "ImportError: cannot import name 'Server' from 'kvstore' (/app/kvstore.py)",
    agent: "",
    expected: {
      category: "TEST_MISUNDERSTOOD",
      attribution: "agent",
      reason: "TEST_MISUNDERSTOOD:tests_cannot_import_agent_module",
    },
  },
  {
    kind: "import_failed",
    text: "ImportError: cannot import name 'Self' from 'typing_extensions' (/usr/lib/python3/dist-packages/typing_extensions.py)",
    agent: "",
    expected: {
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_import_failed",
    },
  },
  {
    kind: "import_failed",
    text: "ModuleNotFoundError: No module named 'numpy'",
    agent: "pip install numpy==2.1.0",
    expected: {
      category: "PKG_INSTALL",
      attribution: "agent",
      reason: "PKG_INSTALL:verifier_module_not_installed",
    },
  },
  {
    kind: "import_failed",
    text: "tests/kv_test.go:6:2: no required module provides package example.com/kv/store; to add it:",
    agent: "go build ./... && go vet ./...",
    expected: {
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_module_missing",
    },
  },
  {
    kind: "import_failed",
    text: "tests/kv_test.go:6:2: no required module provides package example.com/kv/store; to add it:",
    agent: "mkdir -p /app/store\ncat > store/store.go",
    expected: {
      category: "TEST_MISUNDERSTOOD",
      attribution: "agent",
      reason: "TEST_MISUNDERSTOOD:verifier_module_of_agent_missing",
    },
  },
  {
    kind: "tool_missing",
    text: "/tests/run.sh: line 4: sqlite3: command not found",
    agent: "apt-get install -y sqlite3",
    expected: {
      category: "PKG_INSTALL",
      attribution: "agent",
      reason: "PKG_INSTALL:verifier_tool_not_installed",
    },
  },
  {
    kind: "tool_missing",
    text: "sh: 1: bats: not found",
    agent: "ls /app",
    expected: {
      category: "ENV_SETUP_MISS",
      attribution: "agent",
      reason: "ENV_SETUP_MISS:verifier_tool_missing",
    },
  },
  {
    kind: "tool_missing",
    text: "/tests/run.sh: line 7: kvctl: command not found",
    agent: "gcc -o kvctl kvctl.c",
    expected: {
      category: "TEST_MISUNDERSTOOD",
      attribution: "agent",
      reason: "TEST_MISUNDERSTOOD:verifier_tool_of_agent_missing",
    },
  },
];

describe("a verifier that could not run", () => {
  for (const c of CASES) {
    it(`${c.kind}: ${c.text}`, () => {
      expect(notRunVerdict({ kind: c.kind, line: at(c.text) }, c.agent)).toEqual({
        ...c.expected,
        line: at(c.text),
      });
    });
  }

  it("tells the agent's own names from installed ones and the environment's", () => {
    const owner = ownerFrom("cd /app && touch solver\npython -m pip install requests");
    expect(owner("solver")).toBe("agent");
    expect(owner("requests")).toBe("installed");
    expect(owner("numpy")).toBe("environment");
    expect(owner("")).toBe("environment");
  });
});
