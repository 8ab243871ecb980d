import {
  charClasses,
  commonPairShare,
  isShortWordLike,
  isWordLike,
  shannonEntropy,
} from "./entropy.js";
import { isPlaceholder } from "./placeholder.js";
import { type PatternRule, quoteOf } from "./rule.js";

// Names whose value is a secret however it looks.
const passwordLike = /pass(?:w(?:or)?d|phrase)|pwd|secret|credential|private[_.-]?key/i;
// DB_PASS, smtp.pass, SMTP-PASS (not bypass, compass, pass_rate).
const shortPass = /(?:^|[_.-])pass$/i;
// Names whose value is a secret when it looks generated.
const tokenLike =
  /token|api[_.-]?key|apikey|access[_.-]?key|auth(?!or)|(?:signing|encryption|master|session|license)[_.-]?key/i;
// Names about a secret rather than holding one: sizes, counts, kinds, where it lives, lists of
// them (tokens = tokenizer.encode(x)), and test names (test_password_match: passed).
const aboutSecret =
  /tokeni[sz]|max_?tokens|num_?tokens|tokens?[_.-]?(?:count|limit|budget|usage|used|length|len|size|type|ttl|expir\w*)$|(?:tokens|secrets)$|^test|(?:^|[_.-])(?:file|path|url|uri|endpoint|name|names|id|ids|type|kind|length|len|count|enabled|required|policy|hash|prompt|provider|method|mode|scheme|header|ref|arn|env|var)$/i;

// Words, in prose or as an identifier (hashedPassword, not-set): names, not values.
const plainWords = /^[A-Za-z][a-z]{0,64}(?:(?:[-_ ][A-Za-z]|[A-Z])[a-z]{0,64}){0,32}[.!?]?$/;
// A file the secret lives in, not the secret.
const filePath = /^(?:~|\.{1,2}|[A-Za-z]:)?[/\\][\w.@/\\+-]{0,1024}$/;
// A file name (a package, an archive, a source file): `xauth_1:1.1.2-1.1_amd64.deb` names a file.
const fileName =
  /^[\w.+~:-]{1,200}\.(?:deb|rpm|whl|tar\.gz|tgz|tar\.xz|zip|jar|gem|apk|so|dll|exe|py|js|ts|json|ya?ml|toml|txt|log|md|html?|css|lock|cfg|ini|conf)$/;

/** True when `key` names a secret (and not merely something about one). */
export function namesSecret(key: string): "password" | "token" | undefined {
  const name = key.replace(/^-{1,2}/, "");
  if (aboutSecret.test(name)) return undefined;
  if (passwordLike.test(name) || shortPass.test(name) || /[a-z0-9]Pass$/.test(name))
    return "password";
  if (tokenLike.test(name)) return "token";
  return undefined;
}

/** A word of prose (`incorrect`, `required`): word-shaped pairs, vowels as words have them. */
function proseWord(value: string): boolean {
  const lower = value.toLowerCase();
  const vowels = lower.replace(/[^aeiou]/g, "").length;
  return isWordLike(value) && vowels >= 0.3 * lower.length && !/[^aeiouy]{5}/.test(lower);
}

// Words that make a camelCase value a name about a secret (hashedPassword, accessToken,
// process, envConfig): code that reads the secret, not the secret.
const codeWords = new Set(
  (
    "password passwd pass pwd passphrase secret secrets token tokens key keys auth oauth credential " +
    "credentials cred creds hash hashed salt env environ config settings setting value values input " +
    "new old user username login current plain encrypted encoded decoded raw field param params arg " +
    "args var get set from opts options request req body data form process this self string str type " +
    "api access bearer session client header headers cookie id name default secure private public"
  ).split(" "),
);

// Short words of names and messages (NotFound, YourApiKey), too short for the word test.
const shortWords = new Set(
  (
    "a an the my your our its his her their to of in on at by for with not no is are was be has " +
    "had do did too all any bad top one two add del ref max min off out up can cannot won't"
  ).split(" "),
);

/**
 * A letters-only value (8 letters or more) that is a secret rather than a word or a name:
 * - one case (`qzkvmwxplrtb`, `ABCXYZQW...`): not a word of prose, or 16 letters or more
 *   (about one random 12-letter value in 150 reads as a word and is kept);
 * - mixed case, split at capitals: random letters (`AbCdEfGhIjKl`: parts that are not words),
 *   or a passphrase of three words or more (`CorrectHorseBatteryStaple`); a name about a
 *   secret (`hashedPassword`, `accessToken`) and one or two words (`Required`, `NotFound`)
 *   are kept.
 */
export function lettersSecret(value: string): boolean {
  const bare = value.replace(/[.!?,;:)\]}>]+$/, "");
  if (bare.length < 8 || !/^[A-Za-z]+$/.test(bare)) return false;
  if (/^(?:[a-z]+|[A-Z]+)$/.test(bare)) return bare.length >= 16 || !proseWord(bare);
  const parts = bare.match(/[A-Z]?[a-z]+|[A-Z]+(?![a-z])/g) ?? [];
  const code = (p: string) => codeWords.has(p.toLowerCase());
  const word = (p: string, i: number) =>
    code(p) ||
    shortWords.has(p.toLowerCase()) ||
    (p.length >= 5 ? isWordLike(p) : p.length >= 3 && isShortWordLike(p)) ||
    (i === 0 && p.length <= 3);
  // Random letters split into parts that are not words.
  if (!parts.every(word)) return true;
  // A name about a secret (hashedPassword, dbPassword) is code, not the secret.
  if (parts.some(code)) return false;
  // Random letters whose parts pass for words one by one (`zgihFOWB`) still do not read as
  // words run together: most of their letter pairs, across the parts, are rare in words.
  if (commonPairShare(bare) < 0.6) return true;
  // A message or a name of one or two words (NotFound, AccessDenied, Required), or a
  // passphrase of three words or more.
  return parts.length >= 3;
}

function looksLikeToken(value: string): boolean {
  if (value.length < 8 || /^\d+$/.test(value)) return false;
  if (/^[A-Za-z]+[.!?,;:)\]}>]*$/.test(value)) return lettersSecret(value);
  if (plainWords.test(value)) return false;
  const k = charClasses(value);
  if (k.digit > 0 && k.upper + k.lower > 0) return true;
  if (k.upper > 1 && k.lower > 1) return true;
  return shannonEntropy(value) >= 3.5;
}

function acceptAssignment(raw: string, m: RegExpExecArray): boolean {
  const q = quoteOf(raw);
  const quoted = q !== "";
  const value = raw.slice(q.length, raw.length - q.length);
  const key = m.groups?.key ?? "";
  // Already redacted (a marker, then the rest of a query string): nothing left to hide.
  if (value.startsWith("[REDACTED:")) return false;
  const family = namesSecret(key);
  if (
    family === undefined ||
    isPlaceholder(value, { code: !quoted }) ||
    filePath.test(value) ||
    (family === "token" && fileName.test(value))
  )
    return false;
  if (family === "token") return looksLikeToken(value);
  // An env-style NAME=value, a quoted literal or a tight key=value states the value itself;
  // `password: incorrect` in prose does not.
  const strong = quoted || /^(?:--|[A-Z0-9_]+$)/.test(key) || /^[^\s]+=[^\s]/.test(m[0]);
  if (strong) return value.length >= 3;
  return value.length >= 4 && (!plainWords.test(value) || lettersSecret(value));
}

/**
 * Assignments whose name says the value is a secret: key=value, key: value, "key": "value"
 * (also JSON-escaped), export KEY=value, $KEY = "value", --password x, -u user:pass, mysql -ppass,
 * docker login -p pass.
 */
export const assignmentRules: PatternRule[] = [
  {
    // The look-ahead on the key skips names that cannot name a secret before the value is
    // scanned; `a::b` is a scope, not an assignment; an unquoted value stops at a backslash or a
    // control character, so JSON-escaped text (`token = f()\n...`) and colour codes end it.
    kind: "secret_assignment",
    trigger:
      /(?:pass|pwd|secret|token|key|auth|credential)[A-Za-z0-9_.-]{0,64}(?:\\{0,7}["'])?\s{0,8}[:=]/i,
    pattern:
      /(?<![A-Za-z0-9_.])(?<q>\\{0,7}["']|)(?<key>-{0,2}(?=[A-Za-z0-9_.-]{0,48}?(?:pass|pwd|secret|token|key|auth|credential))[A-Za-z_][A-Za-z0-9_.-]{0,63})\k<q>[ \t]{0,8}(?::=|=>|=|:(?!:))[ \t]{0,8}(?<secret>\\{1,7}"[^"\\\r\n]{1,1024}\\{1,7}"|"(?:[^"\\\r\n]|\\.){1,2048}"|'[^'\r\n]{1,2048}'|`[^`\r\n]{1,2048}`|[^\s"'`,;\\\x00-\x1f\x7f]{1,1024})/gi,
    accept: acceptAssignment,
  },
  {
    // Command-line flags with the value after a space: --password hunter2, --token abc.
    kind: "secret_assignment",
    trigger:
      /--(?:[a-z]{1,20}-)?(?:password|passwd|passphrase|token|api-key|apikey|secret|client-secret|auth-token|access-token)\s/,
    pattern:
      /(?<![A-Za-z0-9_-])(?<key>--(?:[a-z]{1,20}-)?(?:password|passwd|passphrase|token|api-key|apikey|secret|client-secret|auth-token|access-token))\s{1,4}(?<secret>"[^"\r\n]{1,1024}"|'[^'\r\n]{1,1024}'|[^\s"'`;|&-][^\s"'`;|&]{0,1023})/g,
    accept: acceptAssignment,
  },
  {
    // Basic-auth credentials on a command line: curl -u user:pass, --user user:pass.
    kind: "secret_assignment",
    trigger: /(?:-u|--user|--proxy-user)(?:[ \t]{1,4}|=)["']?[^\s:"'@]{1,128}:[^\s"']/,
    pattern:
      /(?<![A-Za-z0-9_-])(?:-u|--user|--proxy-user)(?:[ \t]{1,4}|=)["']?[^\s:"'@]{1,128}:(?<secret>[^\s"']{1,512})/g,
    accept: (s) => s.length >= 3 && !isPlaceholder(s),
  },
  {
    // Passwords after a client's short flag: mysql -pS3cret, sshpass -p pw, redis-cli -a pw,
    // docker login -p pw.
    kind: "secret_assignment",
    trigger: /mysql|mariadb|sshpass|redis-cli|docker\s{1,4}login/,
    pattern:
      /\b(?:(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,200}?\s-p|sshpass\s{1,4}-p\s{0,4}|redis-cli\b[^\n]{0,200}?\s-a\s{1,4}|docker\s{1,4}login\b[^\n]{0,200}?\s-p\s{1,4})(?<secret>"[^"\r\n]{1,256}"|'[^'\r\n]{1,256}'|[^\s"'`;|&]{1,256})/g,
    accept: (s) => s.length >= 3 && !isPlaceholder(s),
  },
  {
    // A .netrc entry: machine host login user password secret (on one line or several).
    kind: "secret_assignment",
    trigger: /password[ \t]/,
    pattern: /(?<![A-Za-z0-9_.-])password[ \t]{1,8}(?<secret>[^\s"'`]{1,512})/g,
    accept: (s, m) =>
      s.length >= 3 &&
      !isPlaceholder(s) &&
      /\b(?:machine|default)\s[\s\S]{0,300}\blogin\s/.test(
        m.input.slice(Math.max(0, m.index - 320), m.index),
      ),
  },
  {
    // A value echoed into a login that reads it from standard input:
    // echo 'pw' | docker login -u bot --password-stdin (helm, podman, oras alike).
    kind: "secret_assignment",
    trigger: /--password-stdin/,
    pattern:
      /\b(?:echo|printf)[ \t]{1,4}(?:-[neE]{1,3}[ \t]{1,4})?(?:(?:'%s(?:\\n)?'|"%s(?:\\n)?")[ \t]{1,4})?(?<secret>\\{1,7}"[^"\\\r\n]{1,512}\\{1,7}"|"[^"\r\n]{1,512}"|'[^'\r\n]{1,512}'|[^\s|;&'"\\]{1,512})[ \t]{0,4}\|[^\n|]{0,300}?--password-stdin/g,
    accept: (s) => s.length >= 3 && !isPlaceholder(s, { code: true }),
  },
];
