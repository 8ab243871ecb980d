// Preloaded into each fak child (`node --require`): at exit it writes the process's peak
// resident set size and CPU time to the file named by FAK_REDTEAM_RUSAGE, so a check can
// report time and memory without any tool outside node.
const file = process.env.FAK_REDTEAM_RUSAGE;
if (file) {
  const { writeFileSync } = require("node:fs");
  process.on("exit", () => {
    try {
      const u = process.resourceUsage();
      writeFileSync(
        file,
        JSON.stringify({ maxRssKb: u.maxRSS, userUs: u.userCPUTime, systemUs: u.systemCPUTime }),
      );
    } catch {
      // Nothing to report: the check then says the figure is unknown.
    }
  });
}
