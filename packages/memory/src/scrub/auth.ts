import { isPlaceholder } from "./placeholder.js";
import type { PatternRule } from "./rule.js";

// "Bearer authentication failed" names the scheme; a credential is not a plain word.
const isCredential = (s: string): boolean =>
  !isPlaceholder(s) && !/^[A-Za-z][a-z]*[.,:;!?]?$/.test(s) && !/^[a-z_-]+$/.test(s);

/** JSON Web Tokens and credentials in HTTP Authorization headers. */
export const authRules: PatternRule[] = [
  {
    // Header segment is base64url of '{"', so it starts with eyJ; the signature may be empty (alg none).
    kind: "jwt",
    trigger: /eyJ/,
    pattern:
      /(?<![A-Za-z0-9.])eyJ[A-Za-z0-9_-]{4,4096}\.[A-Za-z0-9_-]{4,16384}\.[A-Za-z0-9_-]{0,4096}/g,
  },
  {
    kind: "bearer_token",
    trigger: /(?:Bearer|bearer|BEARER)\s/,
    pattern:
      /(?<![A-Za-z0-9_-])(?:Bearer|bearer|BEARER)\s{1,4}(?<secret>[A-Za-z0-9._~+/-]{8,4096}={0,2})/g,
    accept: isCredential,
  },
  {
    // Any scheme after an Authorization header (Basic, token, Digest, ApiKey...).
    kind: "bearer_token",
    trigger: /authorization["']?\s{0,4}[:=]/i,
    pattern:
      /(?<![A-Za-z0-9_-])(?:proxy-)?authorization["']?\s{0,4}[:=]\s{0,4}["']?(?:[A-Za-z]{2,12}\s{1,4})?(?<secret>[A-Za-z0-9._~+/-]{8,4096}={0,2})/gi,
    accept: isCredential,
  },
];
