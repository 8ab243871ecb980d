// CPU time of a synchronous call, in milliseconds: what a linearity guard compares against its
// bound. Unlike wall time it does not grow with the machine's load (vitest runs each test file
// in its own process, so the process's CPU is the call's).

/** @param {() => unknown} fn */
export function cpuMs(fn) {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}
