import { defineRules, RULE_PRIORITY } from "./rule.js";

const P = RULE_PRIORITY;

// A tool's own time limit firing is a TIMEOUT even when the harness's flag is false.
/** A time budget fired: the harness's, a CI runner's, or the tool's own. */
export const TIMEOUT_RULES = defineRules("TIMEOUT", P.timeout, [
  {
    id: "ci.job_time_limit",
    pattern:
      /exceeded the maximum (execution )?time|exceeded the maximum time limit|execution took longer than|did not finish within the time limit|exceeded maximum allowed runtime|build timed out|no output has been received in the last|too long with no output|time limit exceeded|timelimitexceeded|maximum (job )?run ?time (of \S+ )?(was )?(exceeded|reached)/,
    means: "a CI runner's job or step time limit fired",
    priority: P.rootCause,
  },
  {
    id: "go.test_timeout",
    pattern: /panic: test timed out after|testing\.\(\*m\)\.startalarm/,
    means: "go test's -timeout budget fired",
    priority: P.rootCause,
  },
  {
    id: "tool.timed_out_after",
    pattern:
      /timed ?out after \d|timeout after \d|timed out \(\d|exceeded \d+(\.\d+)? ?(ms|s|sec|secs|seconds|m|min|mins|minutes|h|hours)\b|job failed to finish within|(did not|didn't|failed to) (finish|complete|respond|return) with ?in \d|status "?timeout"?$|^timeout error|^error: timeout\b|timeout (expired|exceeded|reached|occurred)|timeout while waiting for|max attempts exceeded|within the (allocated|allotted|allowed|configured) (timeout|time)|\btime out\b/,
    means: "the tool's own time limit fired",
  },
  {
    id: "go.context_deadline",
    pattern: /context deadline exceeded|deadline ?exceeded|would exceed context deadline/,
    means: "a Go client's deadline expired (helm/kubectl/flux --timeout, request deadline)",
  },
  {
    id: "kubectl.wait_timeout",
    pattern: /timed out waiting for (the )?condition/,
    means: "kubectl/helm waited longer than --timeout",
  },
  {
    id: "python.timeout_expired",
    pattern:
      /^(subprocess\.)?timeoutexpired: |^(\w+\.)*timeouterror\b|socket\.timeout|^asyncio\.exceptions\.timeouterror/,
    means: "a Python timeout exception was raised",
  },
  {
    id: "timeout.localised",
    pattern:
      /zeitüberschreitung|zeitlimit überschritten|délai (d'attente )?(dépassé|expiré)|a expiré|tiempo de espera (agotado|excedido)|se agotó el tiempo|tempo (limite )?esgotado|tempo de espera (esgotado|excedido)|истекло время ожидания|превышено время ожидания|время ожидания истекло|тайм-?аут|超时|逾時|タイムアウト|tempo scaduto|시간 초과/,
    means: "a time limit fired (localised message)",
  },
  {
    id: "timeout.timed_out",
    pattern: /timed ?out|etimedout|esockettimedout/,
    unless: /(^|\s)0 timed out|timed out: 0/,
    means: "something timed out",
    priority: P.weakTimeout,
  },

  {
    id: "timeout_utility.signal",
    pattern: /^timeout: sending signal|^timeout: the monitored command dumped core/,
    means: "timeout(1) stopped the command",
    priority: P.rootCause,
  },
  {
    id: "ci.exceeded_timeout",
    pattern:
      /exceeded (the|its) (configured )?timeout|timeout has been exceeded|due to time limit|exceeded (the )?max(imum)? (execution |allowed )?(time|run ?time|duration)/,
    means: "a runner or scheduler time limit fired",
    priority: P.rootCause,
  },
  {
    id: "tool.waiting_timeout",
    pattern: /timeout waiting for|timed out waiting for/,
    means: "the tool gave up waiting within its own time limit",
  },

  {
    id: "timeout_utility.exit_124_reported",
    pattern: /(exit code|exit status|exited with code|returned a non-zero code):? 124\b/,
    means: "a wrapper reports exit 124: timeout(1) stopped the command",
    priority: 60,
  },

  {
    id: "ci.operation_canceled",
    pattern: /^(##\[error\])?(error: )?the operation was canceled\.?$/,
    means: "the CI runner cancelled the step (usually its timeout-minutes)",
    priority: P.weakTimeout,
  },
]);
