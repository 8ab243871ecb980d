import { isPlaceholder } from "./placeholder.js";
import type { PatternRule } from "./rule.js";

const isValue = (s: string): boolean => !isPlaceholder(s.trim());

/** Passwords inside URLs (scheme://user:pass@host) and ADO-style connection strings (Password=...;). */
export const urlRules: PatternRule[] = [
  {
    // The password runs to the last @ before the path, so an unescaped @ in it is still covered.
    kind: "url_password",
    trigger: /:\/\/[^\s/?'"<>]{2,769}@/,
    pattern:
      /(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{1,30}:\/\/[^\s:@/?#'"<>]{0,256}:(?<secret>[^\s/?'"<>]{1,512})@/g,
    accept: isValue,
  },
  {
    // Password=...; inside a connection string: after a ';'.
    kind: "connection_password",
    trigger: /(?:password|pwd)\s{0,4}=/i,
    pattern: /(?<=;\s{0,4})(?:password|pwd)\s{0,4}=\s{0,4}(?<secret>[^;\r\n"']{1,512})/gi,
    accept: isValue,
  },
  {
    // ...or before one (Password is the first field).
    kind: "connection_password",
    trigger: /(?:password|pwd)\s{0,4}=/i,
    pattern:
      /(?<![A-Za-z0-9_.-])(?:password|pwd)\s{0,4}=\s{0,4}(?<secret>[^;\r\n"']{1,512})(?=;)/gi,
    accept: isValue,
  },
  {
    // A .pgpass line: hostname:port:database:username:password, the whole line.
    kind: "connection_password",
    trigger: /:(?:\d{1,5}|\*):[^\s:]{1,128}:[^\s:]{1,128}:/,
    pattern:
      /(?<![^\s"'`([{<=])(?<host>[A-Za-z0-9.*_-]{1,253}|\[[0-9A-Fa-f:]{2,45}\]):(?:\d{1,5}|\*):[^\s:"']{1,128}:[^\s:"']{1,128}:(?<secret>[^\s"'`<>]{1,512})(?![^\s"'`)\]}>,;])/g,
    // Not file:line:col:code:message from a linter.
    accept: (s, m) =>
      s.length >= 3 &&
      !/^\d+$/.test(s) &&
      isValue(s) &&
      !/\.(?:py|js|ts|tsx|jsx|c|h|cc|cpp|go|rs|java|kt|rb|php|cs|swift|sh|txt|log|md|json|ya?ml|toml)$/.test(
        m.groups?.host ?? "",
      ),
  },
];
