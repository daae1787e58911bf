// Preloaded (-r) into a benched process: reports its peak RSS on exit through an env-named file.
// On Linux the peak comes from /proc/self/status (VmHWM): getrusage's maxRSS keeps the high-water
// mark of the image replaced by exec, i.e. a spawned child reports at least the bench parent's
// own RSS (a 300 MiB parent made `node -e 0` report 304 MiB). Elsewhere maxRSS is all there is.
const { appendFileSync, readFileSync } = require("node:fs");

function peakRssKiB() {
  if (process.platform === "linux") {
    const match = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync("/proc/self/status", "utf8"));
    if (match) return Number(match[1]);
  }
  return process.resourceUsage().maxRSS;
}

process.on("exit", () => {
  const file = process.env.MINI_AGENT_BENCH_RSS_FILE;
  if (file) appendFileSync(file, `${peakRssKiB()}\n`);
});
