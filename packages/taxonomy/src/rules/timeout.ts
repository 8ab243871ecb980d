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
      /timed ?out after \d|timeout after \d|timed out \(\d|exceeded \d+(\.\d+)? ?(ms|s|sec|secs|seconds|m|min|mins|minutes|h|hours)\b|job failed to finish within|(did not|didn't|failed to) (finish|complete|respond|return) with ?in \d|status "?timeout"?$|^timeout error|^error: timeout\b|timeout (expired|exceeded|reached|occurred)|timeout while waiting for|max attempts exceeded|within the (allocated|allotted|allowed|configured) (timeout|time)|operation too slow\. less than \d+ bytes\/sec|\btime out\b/,
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
    pattern: /time ?out (while )?waiting (for|to)|timed out waiting for|timed out while waiting/,
    means: "the tool gave up waiting within its own time limit",
  },

  {
    id: "timeout_utility.exit_124_reported",
    pattern: /(exit code|exit status|exited with code|returned a non-zero code):? 124\b/,
    means: "a wrapper reports exit 124: timeout(1) stopped the command",
    priority: 60,
  },

  {
    id: "test.per_test_timeout",
    pattern:
      /timeout of \d+ ?ms exceeded\. for async tests|exceeded timeout of \d+ ?ms for a (test|hook)|test timeout of \d+ ?ms exceeded|^(e )?failed: timeout >\d|\+{3,} timeout \+{3,}|test timed out (after|in) \d+ ?ms|failuretype: '?testtimeoutfailure|\*{3}timeout \d+(\.\d+)? sec|^\d+ - .* \(timeout\)$/,
    // A test runner's own per-test or per-hook limit (jest, mocha, vitest, node:test, pytest-timeout,
    // ctest --timeout) is a time limit that fired, and it outranks the "tests failed" summary it causes.
    means: "a test runner's own per-test time limit fired",
    priority: P.testFailure + 5,
  },
  {
    id: "runtime.timeout_exception",
    pattern:
      /java\.util\.concurrent\.timeoutexception|java\.net\.sockettimeoutexception|java\.net\.http\.httptimeoutexception|system\.timeoutexception|\btimeout::error\b|net::(read|open|write)timeout|\[timeouterror\]|aborted due to timeout|concurrent\.futures\.\w*\.?timeouterror|requests\.exceptions\.(read|connect)timeout|httpx\.\w*timeout\b|readtimeouterror|^timeouterror: /,
    means: "the program's own timeout (a future, a socket or HTTP client, an abort signal) fired",
  },
  {
    id: "signal.alarm_clock",
    pattern: /^(\S+: )?(line \d+: )?(\d+ )?alarm clock\b|^alarm clock$/,
    means: "SIGALRM: the program's own alarm() watchdog fired (exit 142)",
    priority: P.rootCause,
  },
  {
    id: "timeout_utility.killed_job",
    pattern: /^(\S+: )?(line \d+: )?\d+ killed\s+(sudo )?timeout\b/,
    means: "the shell reports that timeout(1) was killed: timeout -s KILL fired",
    priority: 85,
  },
  {
    id: "ssh.connect_timeout",
    pattern:
      /connection timed out during banner exchange|^ssh: connect to host \S+ port \d+: connection timed out|^connection to \S+ port \d+ timed out/,
    means: "ssh's ConnectTimeout (or the TCP connect) fired before the server answered",
    priority: P.environment + 2,
  },
  {
    id: "ci.operation_canceled",
    pattern: /^(##\[error\])?(error: )?the operation was canceled\.?$/,
    means: "the CI runner cancelled the step (usually its timeout-minutes)",
    priority: P.weakTimeout,
  },
]);
