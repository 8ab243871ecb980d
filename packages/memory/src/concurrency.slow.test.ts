import { describe, expect, it } from "vitest";
import { backends } from "./test-support/backends.js";
import { checkWriters } from "./test-support/writers.js";

describe.each(backends())(
  "eight processes recording and searching for a minute on $name",
  (backend) => {
    it("lose nothing, double nothing, and surface no busy error", {
      timeout: 240_000,
    }, async () => {
      expect(await checkWriters(backend.url(), 8, 0, ["search"], 60)).toBeGreaterThan(8);
    });
  },
);
