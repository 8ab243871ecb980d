import { preset } from "@fak/vitest-config";
import { mergeConfig } from "vitest/config";

// same-matches.ts checks the indexed rule matcher against the reference on every classification.
export default mergeConfig(preset, {
  test: { setupFiles: ["src/test-support/same-matches.ts"] },
});
