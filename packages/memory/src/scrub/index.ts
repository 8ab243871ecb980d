// Secret scrubbing, the last line before storage: `scrub` and `scrubReport` replace every secret
// in a text with `[REDACTED:kind]` (the kinds in scrub.ts, the rules in one file per family), and
// `redactCredentials` does the same for error messages, URL credentials first. The rest of the
// package scrubs every text field before it is written, and every error message.

export { redactCredentials } from "./redact-credentials.js";
export {
  type ScrubFinding,
  type ScrubReport,
  SECRET_KINDS,
  scrub,
  scrubReport,
  scrubTogether,
} from "./scrub.js";
