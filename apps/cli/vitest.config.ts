import { preset } from "@fak/vitest-config";
import { defineConfig, mergeConfig } from "vitest/config";

// The CLI's tests run `fak` as a child process, several times in one test; under CI's load
// (every package's tests at once on two cores) a spawn can take seconds. The timeout guards
// against a hang, not a speed target: speed is measured in bench/.
export default mergeConfig(preset, defineConfig({ test: { testTimeout: 120_000 } }));
