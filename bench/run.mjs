// npm run bench: every figure in one table beside bare node, measured in the same run, and
// the same figures in bench/results.json (not committed: they belong to the machine).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startFakeModel } from "./fake-model.mjs";
import { measureAll } from "./measure.mjs";
import requestSize from "./request-size.mjs";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const RESULTS = fileURLToPath(new URL("./results.json", import.meta.url));
const RUNS = 11;
const exe = process.platform === "win32" ? ".exe" : "";
const BINARY = fileURLToPath(new URL(`../release/mini-agent-${process.platform === "win32" ? "win" : process.platform}-${process.arch}${exe}`, import.meta.url));
const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-"));

function freshWorkspace(run) {
  const dir = path.join(scratch, `ws-${run}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const model = await startFakeModel();
// An empty HOME: run_command runs `bash -lc`, and a login shell sources the machine user's
// dotfiles (a `pyenv init` alone costs ~400 ms), which would measure them, not mini-agent.
const home = path.join(scratch, "user-home");
mkdirSync(home, { recursive: true });
const demoEnv = { HOME: home, FAKE_LLM: "1", MINI_AGENT_HOME: path.join(scratch, "home") };
const httpEnv = { HOME: home, MINI_AGENT_HOME: path.join(scratch, "home"), OPENAI_API_KEY: "sk-bench-dummy-key-000000000000", OPENAI_BASE_URL: model.url };
const hasBinary = existsSync(BINARY);

// Budgets from issue 23: time as a ratio to `node -e 0` measured in this same run (so they
// hold on a busy or slow machine), and peak RSS. Whether the round trip is under half of the
// fastest peer's is measured side by side by bench/peers.mjs, when the peers are installed.
const cases = [
  { label: "node -e 0", args: ["-e", "0"] },
  { label: "mini-agent --version", args: [CLI, "--version"], vsNode: 1.2 },
  { label: "FAKE_LLM=1 demo (-p)", args: [CLI, "-p", "run the demo", "--yes"], env: demoEnv, cwd: freshWorkspace, vsNode: 5 },
  { label: "one-tool -p round trip, HTTP", args: [CLI, "-p", "say hello", "--yes", "--provider", "openai"], env: httpEnv, cwd: freshWorkspace, vsNode: 9, mib: 90 },
  ...(hasBinary
    ? [
        { label: "binary --version", command: BINARY, args: ["--version"] },
        { label: "binary FAKE_LLM=1 demo", command: BINARY, args: ["-p", "run the demo", "--yes"], env: demoEnv, cwd: freshWorkspace },
      ]
    : []),
];

let results;
try {
  results = measureAll(cases, RUNS);
} finally {
  await model.stop();
  // The workspaces, homes and sessions the cases made: figures only are kept.
  rmSync(scratch, { recursive: true, force: true });
}
const node = results.get("node -e 0");

const rows = cases.map((spec) => {
  const { medianMs, peakRssMiB } = results.get(spec.label);
  const target = [spec.vsNode && `≤ ${spec.vsNode}× node`, spec.mib && `≤ ${spec.mib} MiB`].filter(Boolean).join(", ");
  const met = (!spec.vsNode || medianMs <= spec.vsNode * node.medianMs) && (!spec.mib || peakRssMiB <= spec.mib);
  return { label: spec.label, medianMs, peakRssMiB, vsNode: medianMs / node.medianMs, target, met: target ? met : null };
});
const request = await requestSize();

const line = (cells) => `${cells[0].padEnd(32)} ${cells[1].padStart(9)} ${cells[2].padStart(9)} ${cells[3].padStart(8)}   ${cells[4]}`;
console.log(`mini-agent bench — node ${process.version}, ${os.cpus().length} cores, ${RUNS} interleaved runs each (median wall time, peak RSS)`);
console.log(line(["", "ms", "MiB", "× node", "budget"]));
for (const row of rows) {
  const verdict = row.met === null ? "" : row.met ? "  ok" : "  OVER";
  console.log(line([row.label, row.medianMs.toFixed(1), row.peakRssMiB.toFixed(1), row.vsNode.toFixed(2), row.target + verdict]));
}
if (!hasBinary) console.log(`(standalone binary not measured: run npm run dist to build ${path.basename(BINARY)})`);
for (const text of request.lines) console.log(text);

// Figures other parts of the project contribute, when they are present.
const extras = [];
for (const extra of ["./grep.mjs", "./long-session.mjs", "./resume.mjs", "./wire-size.mjs", "./tui.mjs", "./checkpoint.mjs", "./sandbox.mjs", "./peers.mjs"]) {
  const file = fileURLToPath(new URL(extra, import.meta.url));
  if (!existsSync(file)) continue;
  const module = await import(file);
  const run = module.default ?? Object.values(module).find((value) => typeof value === "function");
  for (const text of await run()) {
    console.log(text);
    extras.push(text);
  }
}

writeFileSync(
  RESULTS,
  `${JSON.stringify({ node: process.version, platform: `${process.platform}-${process.arch}`, cores: os.cpus().length, runs: RUNS, rows, firstRequest: request.figures, extras }, null, 2)}\n`,
);
console.log(`figures written to ${path.relative(process.cwd(), RESULTS)}`);
