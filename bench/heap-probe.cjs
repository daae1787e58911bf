// Preloaded (-r, with --expose-gc) into a benched process: on exit, collects garbage and
// reports the heap still in use (what the process holds, as opposed to what V8 reserved).
const { appendFileSync } = require("node:fs");
process.on("exit", () => {
  const file = process.env.MINI_AGENT_BENCH_HEAP_FILE;
  if (!file || typeof global.gc !== "function") return;
  global.gc();
  appendFileSync(file, `${process.memoryUsage().heapUsed}\n`);
});
