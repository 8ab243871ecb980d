import { generateKeyPairSync, sign } from "node:crypto";

/**
 * An Ed25519 key pair for a test server started with `--auth-jwt-key-file`, and a token it
 * accepts (what Turso and sqld call an auth token: an EdDSA-signed JWT).
 * @example const auth = testAuth(); const server = await startSqld({ jwtPublicKeyPem: auth.publicKeyPem });
 */
export function testAuth(): { publicKeyPem: string; token: string } {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  const unsigned = `${part({ alg: "EdDSA", typ: "JWT" })}.${part({ a: "rw", iat: Math.floor(Date.now() / 1000) })}`;
  const signature = sign(null, Buffer.from(unsigned), privateKey).toString("base64url");
  return {
    publicKeyPem: publicKey.export({ type: "spki", format: "pem" }).toString(),
    token: `${unsigned}.${signature}`,
  };
}
