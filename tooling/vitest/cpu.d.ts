/** CPU time of a synchronous call, in milliseconds (user + system of this test process). */
export function cpuMs(fn: () => unknown): number;
