import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { scrubbedCopy, shownCopy } from "./scrubbed.js";

// Issue 18, class 3: a trial's evidence quotes a failed command's line verbatim and, after the
// rule that matched it, folded to lower case; the folded copy of a key went out as it was.
// One output is scrubbed together. Fresh keys each run.
const BASE32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
const awsKey = () =>
  `AKIA${Array.from({ length: 16 }, () => BASE32[randomInt(BASE32.length)]).join("")}`;

describe("the output boundary", () => {
  it("redacts a key's folded copy in another string of the same output", async () => {
    for (let i = 0; i < 20; i++) {
      const key = awsKey();
      const line = `ERROR: ${key} Could not find a version`;
      const trial = {
        trial: `retry-${key}__x1y2z`,
        evidence: [`trajectory.json:14: ${line}`, `rule pip.x matched: ${line.toLowerCase()}`],
      };
      for (const copy of [await scrubbedCopy({ trials: [trial] }), await shownCopy([trial])]) {
        const text = JSON.stringify(copy);
        expect(text.toLowerCase(), key).not.toContain(key.slice(4).toLowerCase());
        expect(text).toContain("matched: error: [REDACTED:aws_access_key_id] could not");
      }
    }
  });

  it("keeps the shape of the value: keys, numbers, nulls and order", async () => {
    const value = { a: 1, b: null, c: ["x", { d: true, e: "y" }], f: "z" };
    expect(await scrubbedCopy(value)).toEqual(value);
    expect(Object.keys(await shownCopy(value))).toEqual(["a", "b", "c", "f"]);
  });
});
