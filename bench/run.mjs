// npm run bench: start-up and demo figures beside bare node, measured in the same run.
import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { measureAll } from "./measure.mjs";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-"));

function freshWorkspace(run) {
  const dir = path.join(scratch, `ws-${run}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const row = (label, result, extra = "") =>
  `${label.padEnd(34)} ${result.medianMs.toFixed(1).padStart(8)} ms ${result.peakRssMiB.toFixed(1).padStart(8)} MiB${extra}`;

const results = measureAll([
  { label: "node", args: ["-e", "0"] },
  { label: "version", args: [CLI, "--version"] },
  {
    label: "demo",
    args: [CLI, "-p", "run the demo", "--yes"],
    env: { FAKE_LLM: "1", MINI_AGENT_HOME: path.join(scratch, "home") },
    cwd: freshWorkspace,
  },
]);
const [node, version, demo] = ["node", "version", "demo"].map((label) => results.get(label));

console.log(`mini-agent bench — node ${process.version}, ${os.cpus().length} cores, ${version.runs} runs each (median wall time, peak RSS)`);
console.log(row("node -e 0", node));
console.log(row("mini-agent --version", version, `   ${(version.medianMs / node.medianMs).toFixed(2)}× node (target ≤ 1.3×, < 55 MiB)`));
console.log(row("FAKE_LLM=1 mini-agent -p (demo)", demo, "   (target < 250 ms, < 90 MiB)"));

// Figures other parts of the project contribute, when they are present.
for (const extra of ["./request-size.mjs", "./grep.mjs", "./long-session.mjs", "./resume.mjs", "./checkpoint.mjs"]) {
  const file = fileURLToPath(new URL(extra, import.meta.url));
  if (!existsSync(file)) continue;
  const module = await import(file);
  const run = module.default ?? Object.values(module).find((value) => typeof value === "function");
  for (const line of await run()) console.log(line);
}
