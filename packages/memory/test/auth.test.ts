import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemoryStoreError } from "../src/errors.js";
import { openStore } from "../src/store.js";
import { testAuth } from "./support/jwt.js";
import { type SqldServer, startSqld } from "./support/sqld.js";

const auth = testAuth();
let server: SqldServer;
const saved = { ...process.env };
beforeAll(async () => {
  server = await startSqld({ jwtPublicKeyPem: auth.publicKeyPem });
});
afterAll(async () => {
  await server.remove();
  process.env.FAK_DB_URL = saved.FAK_DB_URL;
  process.env.FAK_DB_AUTH_TOKEN = saved.FAK_DB_AUTH_TOKEN;
  if (saved.FAK_DB_URL === undefined) delete process.env.FAK_DB_URL;
  if (saved.FAK_DB_AUTH_TOKEN === undefined) delete process.env.FAK_DB_AUTH_TOKEN;
});

describe("a server that wants an auth token", () => {
  it("opens with the token given, and with FAK_DB_URL + FAK_DB_AUTH_TOKEN", async () => {
    const store = await openStore({ url: server.url, authToken: auth.token });
    expect(
      (await store.record({ session: "s", task: "t", approach: "a", death_reason: "verifier: x" }))
        .message,
    ).toBe("new failure:1");
    store.close();
    process.env.FAK_DB_URL = server.url;
    process.env.FAK_DB_AUTH_TOKEN = auth.token;
    const fromEnv = await openStore();
    expect((await fromEnv.history(1)).row.approach).toBe("a");
    fromEnv.close();
  });

  it("refuses a missing or wrong token with AUTH, not a stack trace", async () => {
    for (const authToken of [undefined, `${auth.token.slice(0, -6)}AAAAAA`]) {
      delete process.env.FAK_DB_AUTH_TOKEN;
      const err = await openStore({ url: server.url, authToken }).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(MemoryStoreError);
      expect((err as MemoryStoreError).code).toBe("AUTH");
    }
  });
});
