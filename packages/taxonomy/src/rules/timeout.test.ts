import { describeRuleExamples } from "../test-support/rule-examples.js";
import { TIMEOUT_RULES } from "./timeout.js";

// One positive example per rule, written for these tests. The flag is false in every case:
// the text alone must say that a time limit fired.
const EXAMPLES: Record<string, string> = {
  "ci.job_time_limit":
    "##[error]The job running on runner ci-7 has exceeded the maximum execution time of 60 minutes.",
  "go.test_timeout": "panic: test timed out after 2m0s",
  "test.per_test_timeout": 'thrown: "Exceeded timeout of 5000 ms for a test.',
  "runtime.timeout_exception":
    'Exception in thread "main" java.util.concurrent.TimeoutException\n\tat java.base/java.util.concurrent.FutureTask.get(FutureTask.java:204)',
  "signal.alarm_clock": "bash: line 1: 5120 Alarm clock             ./watchdog --every 2",
  "timeout_utility.killed_job":
    "bash: line 1: 913 Killed                  timeout -s KILL 10 ./load-test",
  "ssh.connect_timeout": "ssh: connect to host build-3 port 22: Connection timed out",
  "tool.timed_out_after": "Error: command 'pg_dump' timed out after 120 seconds",
  "go.context_deadline": "Error: INSTALLATION FAILED: context deadline exceeded",
  "kubectl.wait_timeout": "error: timed out waiting for the condition on deployments/api",
  "python.timeout_expired":
    "subprocess.TimeoutExpired: Command '['make', 'check']' timed out after 600 seconds",
  "timeout.localised": "ssh: connect to host build-3 port 22: 连接超时",
  "timeout.timed_out": "The operation has timed out.",
  "timeout_utility.signal": "timeout: sending signal TERM to command 'pytest'",
  "ci.exceeded_timeout":
    "slurmstepd: error: *** JOB 4411 ON node7 CANCELLED AT 2024-01-01T10:00:00 DUE TO TIME LIMIT ***",
  "tool.waiting_timeout": "Timeout waiting for the database container to become healthy",
  "timeout_utility.exit_124_reported": "Command exited with status 1: process exited with code 124",
  "ci.operation_canceled": "##[error]The operation was canceled.",
};

describeRuleExamples("TIMEOUT", TIMEOUT_RULES, EXAMPLES);
