// Preloaded (-r) into a benched process: reports its peak RSS on exit through an env-named file.
const { appendFileSync } = require("node:fs");
process.on("exit", () => {
  const file = process.env.MINI_AGENT_BENCH_RSS_FILE;
  if (file) appendFileSync(file, `${process.resourceUsage().maxRSS}\n`);
});
