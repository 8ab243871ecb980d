import type { OutcomeCode } from "../codes.js";

// Internal: read by classifyOutcome, not re-exported from the package.
// What an exit code says when no stronger line does. 127/126/9009 are "not found / not
// executable"; 137/139/134/143 are a kill, a crash, an abort, a SIGTERM: the command failed;
// 142 is SIGALRM, a watchdog the program set itself: a time limit.
export const EXIT_CODES: ReadonlyMap<
  number,
  { category: OutcomeCode; reason: string; priority: number }
> = new Map([
  [127, { category: "ENV_SETUP_MISS", reason: "command_not_found_exit_127", priority: 26 }],
  [126, { category: "ENV_SETUP_MISS", reason: "not_executable_exit_126", priority: 26 }],
  [9009, { category: "ENV_SETUP_MISS", reason: "command_not_recognized_exit_9009", priority: 26 }],
  [137, { category: "CMD_ERROR", reason: "killed_exit_137", priority: 18 }],
  [139, { category: "CMD_ERROR", reason: "crashed_exit_139", priority: 18 }],
  [134, { category: "CMD_ERROR", reason: "aborted_exit_134", priority: 18 }],
  [143, { category: "CMD_ERROR", reason: "terminated_exit_143", priority: 18 }],
  [130, { category: "CMD_ERROR", reason: "interrupted_exit_130", priority: 18 }],
  // SIGALRM: the program's own alarm() watchdog fired.
  [142, { category: "TIMEOUT", reason: "alarm_exit_142", priority: 18 }],
  [135, { category: "CMD_ERROR", reason: "crashed_exit_135", priority: 18 }],
  [136, { category: "CMD_ERROR", reason: "crashed_exit_136", priority: 18 }],
  // Windows NTSTATUS codes, signed and unsigned: a DLL not found, an access violation, a stack overflow.
  [-1073741515, { category: "ENV_SETUP_MISS", reason: "dll_not_found_0xc0000135", priority: 26 }],
  [3221225781, { category: "ENV_SETUP_MISS", reason: "dll_not_found_0xc0000135", priority: 26 }],
  [-1073741819, { category: "CMD_ERROR", reason: "access_violation_0xc0000005", priority: 18 }],
  [3221225477, { category: "CMD_ERROR", reason: "access_violation_0xc0000005", priority: 18 }],
  [-1073741571, { category: "CMD_ERROR", reason: "stack_overflow_0xc00000fd", priority: 18 }],
  [3221225725, { category: "CMD_ERROR", reason: "stack_overflow_0xc00000fd", priority: 18 }],
]);
