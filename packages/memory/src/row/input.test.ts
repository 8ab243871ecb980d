import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryInputError } from "../errors.js";
import { scrub } from "../scrub/index.js";
import { failureRowSchema, prepareRow, validateRow } from "./input.js";
import { substanceKey } from "./substance.js";

const secret = `ghp_${"Zq8xW2vN4k".repeat(3)}abcdef`;
const row = {
  session: `s ${secret}`,
  task: "t",
  approach: `push ${secret}`,
  death_reason: `verifier: denied ${secret}`,
};

describe("rows", () => {
  it("defaults conviction to none and refuses unknown fields", () => {
    expect(
      failureRowSchema.parse({ session: "s", task: "t", approach: "a", death_reason: "d" })
        .conviction,
    ).toBe("none");
    expect(failureRowSchema.safeParse({ ...row, id: 1 }).success).toBe(false);
  });

  it("prepares a row from scrubbed text: layer and substance key come from what is stored", () => {
    const p = prepareRow(row);
    expect(p.approach).toBe(scrub(row.approach));
    expect(p.death_reason).toBe(scrub(row.death_reason));
    expect(p.session).toBe(scrub(row.session));
    expect(JSON.stringify(p)).not.toContain(secret);
    expect(p.layer).toBe("verifier");
    expect(p.substance_key).toBe(substanceKey(p.approach, p.death_reason));
  });

  it("names file, line and field in a validation error", () => {
    const err = (() => {
      try {
        validateRow({ ...row, conviction: "maybe" }, { file: "rows.jsonl", line: 7 });
      } catch (e) {
        return e as MemoryInputError;
      }
    })();
    expect(err).toBeInstanceOf(MemoryInputError);
    expect(err).toMatchObject({ file: "rows.jsonl", line: 7, field: "conviction" });
    expect(err?.message).toMatch(/^rows\.jsonl:7: conviction: /);
  });

  it("scrubs a row's fields together: a secret read in one is redacted where another quotes it folded", () => {
    for (let i = 0; i < 20; i++) {
      const alnum = "ABCDEFGHJKMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789";
      const value = `${Array.from({ length: 12 }, () => alnum[randomInt(alnum.length)]).join("")}7q`;
      const p = prepareRow({
        session: "s",
        task: "t",
        approach: `export DB_PASSWORD=${value} && ./migrate`,
        death_reason: `verifier: login failed for ${value.toLowerCase()}`,
      });
      expect(JSON.stringify(p).toLowerCase()).not.toContain(value.toLowerCase());
      expect(p.death_reason).toBe("verifier: login failed for [REDACTED:secret_assignment]");
    }
  });
});
