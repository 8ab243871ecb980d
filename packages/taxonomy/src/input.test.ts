import { describe, expect, it } from "vitest";
import { decodeText, InputError, parseJsonLines, parseJsonOrJsonLines } from "./input.js";
import { failureSignalsSchema } from "./schemas.js";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

function errorOf(f: () => unknown): InputError {
  try {
    f();
  } catch (err) {
    if (err instanceof InputError) return err;
    throw err;
  }
  throw new Error("no InputError");
}

describe("decodeText", () => {
  it("drops a byte-order mark", () => {
    expect(decodeText(bytes([0xef, 0xbb, 0xbf], "{}"), "f.json")).toBe("{}");
  });

  it("names the line of the first invalid UTF-8 sequence", () => {
    const e = errorOf(() => decodeText(bytes("a\nb\nc", [0xc3, 0x28], "\nd"), "f.jsonl"));
    expect(e.message).toBe("f.jsonl:3: not valid UTF-8");
    expect(e.line).toBe(3);
  });

  it("names the line of a NUL byte", () => {
    expect(errorOf(() => decodeText("a\n\u0000", "f")).message).toBe("f:2: contains a NUL byte");
  });
});

describe("parseJsonLines", () => {
  it("names file, line and field path of the first bad record, skipping blank lines", () => {
    const text = '{"task_id":"a"}\n\n{"task_id":"b","tests":[{"name":"t","passed":"yes"}]}\n';
    const e = errorOf(() => parseJsonLines(text, failureSignalsSchema, "s.jsonl"));
    expect(e.file).toBe("s.jsonl");
    expect(e.line).toBe(3);
    expect(e.field).toBe("tests[0].passed");
  });

  it("reports broken JSON with its line", () => {
    expect(
      errorOf(() => parseJsonLines('{"task_id":"a"}\n{', failureSignalsSchema, "s")).message,
    ).toMatch(/^s:2: invalid JSON/);
  });
});

describe("parseJsonOrJsonLines", () => {
  it("reads one document, an array, or JSON Lines", () => {
    expect(parseJsonOrJsonLines('{\n "task_id": "a"\n}', failureSignalsSchema, "f")).toHaveLength(
      1,
    );
    expect(
      parseJsonOrJsonLines('[{"task_id":"a"},{"task_id":"b"}]', failureSignalsSchema, "f"),
    ).toHaveLength(2);
    expect(
      parseJsonOrJsonLines('{"task_id":"a"}\n{"task_id":"b"}\n', failureSignalsSchema, "f"),
    ).toHaveLength(2);
  });

  it("names the array index of a bad element, and refuses empty input", () => {
    const e = errorOf(() =>
      parseJsonOrJsonLines('[{"task_id":"a"},{"task_id":""}]', failureSignalsSchema, "f"),
    );
    expect(e.field).toBe("[1].task_id");
    expect(errorOf(() => parseJsonOrJsonLines("  \n", failureSignalsSchema, "f")).message).toBe(
      "f: empty input",
    );
  });
});
