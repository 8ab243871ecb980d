import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { backends, collect, tag, tempDir } from "../../test/support/backends.js";
import { MemoryInputError } from "../errors.js";
import { openStore } from "../store.js";
import { decodeStored, unstorableText } from "./utf8.js";

describe("text that cannot be stored as UTF-8", () => {
  it("finds lone surrogates of either half, and passes pairs and ordinary text", () => {
    expect(unstorableText("t\ud800")).toContain("\\ud800 at character 2");
    expect(unstorableText("\udc00x")).toContain("\\udc00 at character 1");
    expect(unstorableText("a\ud83d\ude00b \ud55c\uad6d")).toBeNull();
  });

  it("decodes stored bytes, replacing what is not UTF-8 and saying so", () => {
    const bad = new Uint8Array([0x74, 0xed, 0xa0, 0x80]).buffer;
    expect(decodeStored(bad)).toEqual({ text: "t\ufffd\ufffd\ufffd", valid: false });
    expect(decodeStored(new TextEncoder().encode("ok \u00e9").buffer as ArrayBuffer)).toEqual({
      text: "ok \u00e9",
      valid: true,
    });
  });
});

describe.each(backends())("every write path refuses a lone surrogate on $name", (backend) => {
  const dir = tempDir();
  const good = { approach: "rebase onto main", death_reason: "verifier: 2 tests fail" };

  it("import names the line and field and writes nothing", async () => {
    const url = backend.url();
    const t = tag();
    const file = join(dir, `${t}.jsonl`);
    writeFileSync(
      file,
      `{"session":"${t}","task":"fine","approach":"a","death_reason":"verifier: x"}\n` +
        `{"session":"${t}","task":"t\\ud800","approach":"a","death_reason":"verifier: x"}\n`,
    );
    const store = await openStore({ url });
    const err = await collect(store.importJsonl(file)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MemoryInputError);
    expect(err).toMatchObject({ file, line: 2, field: "task" });
    expect((err as Error).message).toContain("not valid UTF-8");
    const rows = (await collect(store.exportRows())).filter((r) => r.session === t);
    expect(rows).toEqual([]);
    store.close();
  });

  it("record and supersede name the field and write nothing", async () => {
    const store = await openStore({ url: backend.url() });
    const t = tag();
    const first = await store.record({ session: t, task: "t", ...good });
    for (const [field, value] of [
      ["session", `${t}\udfff`],
      ["task", "\ud800"],
      ["approach", "a\udbff"],
      ["death_reason", "verifier: \udc00"],
    ] as const) {
      const bad = { session: t, task: "t", ...good, [field]: value };
      await expect(store.record(bad)).rejects.toMatchObject({ field });
      await expect(store.supersede(first.id, bad)).rejects.toMatchObject({ field });
    }
    const rows = (await collect(store.exportRows())).filter((r) => r.session.startsWith(t));
    expect(rows.map((r) => r.id)).toEqual([first.id]);
    store.close();
  });
});
