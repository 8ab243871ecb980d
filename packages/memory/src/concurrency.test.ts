import { describe, expect, it } from "vitest";
import { backends } from "./test-support/backends.js";
import { checkWriters } from "./test-support/writers.js";

describe.each(backends())("four writer processes on $name", (backend) => {
  it("land every row once, with occurrence detection still right", async () => {
    const url = backend.url();
    expect(await checkWriters(url, 4, 30)).toBe(120);
  });
});

describe.each(backends())(
  "eight processes recording and searching at once on $name (short)",
  (backend) => {
    it("lose nothing, double nothing, and surface no busy error", async () => {
      expect(await checkWriters(backend.url(), 8, 12, ["search"])).toBe(96);
    });
  },
);
