import { scrub } from "./scrub.js";

// user:password@ in any scheme://, the password up to the last @ before the host.
const userinfo = /([A-Za-z][A-Za-z0-9+.-]{0,30}:\/\/[^\s:@/?#'"<>]{0,256}):[^\s/?#'"<>]{1,512}@/g;
// A query (or fragment) parameter whose name says it carries a credential: authToken, token,
// access_token, api_key, key, password, secret, sig, signature, credential, session...
const credentialParam =
  /([?&;#](?:[A-Za-z0-9_.-]{0,40}(?:token|auth|key|pass|pwd|secret|sig|signature|credential|session|jwt|bearer)[A-Za-z0-9_.-]{0,40})=)(?:[^&#\s'"<>:]|:(?![\s\d]|$)){1,4096}/gi;

/**
 * `text` with every credential a URL can carry (the password of `user:password@`, and the value
 * of a credential-named query parameter such as `?authToken=`) replaced by a `[REDACTED:kind]` marker, then
 * scrubbed like stored text (tokens anywhere else in the message). For error messages: a
 * `--db` URL is quoted in them.
 * @example redactCredentials("libsql://a:pw@db.example?authToken=ey.x.y") // "libsql://a:[REDACTED:url_password]@db.example?authToken=[REDACTED:url_credential]"
 */
export function redactCredentials(text: string): string {
  const bare = text
    .replace(userinfo, "$1:[REDACTED:url_password]@")
    .replace(credentialParam, "$1[REDACTED:url_credential]");
  return scrub(bare);
}
