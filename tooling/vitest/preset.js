// The shared test preset: tests live beside the code as src/**/*.test.ts.
// Tests tagged slow (file name *.slow.test.ts) run only when FAK_SLOW=1.
import { defineConfig } from "vitest/config";

export const preset = defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    exclude: process.env.FAK_SLOW === "1" ? [] : ["**/*.slow.test.ts", "**/node_modules/**"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
export default preset;
