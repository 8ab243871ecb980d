import { defineConfig } from "vitest/config";

// Conformance checks read ../shared (real samples, labelled corpora). They are kept apart from
// `pnpm test`, which never reads outside the repository.
export default defineConfig({
  test: { include: ["conformance/**/*.test.ts"], testTimeout: 300_000, hookTimeout: 300_000 },
});
