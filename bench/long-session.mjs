// A long headless turn: rounds of read_file (~19 KB result each) against the scripted model,
// to watch memory as the conversation grows. Peak RSS after 50 and after 500 rounds, with
// compaction off (a budget no turn reaches) and on (context_budget 100,000 tokens), and after
// 2,000 rounds with compaction on. The budget (issue 23, ADR 0048): with compaction on, RSS
// stays flat as the turn goes on, within 20% from round 500 to round 2,000. Round 50 is shown
// beside it but is not the yardstick: between 50 and ~400 rounds V8 grows its young generation
// once, to its default ceiling (16 MiB semi-spaces, +24 MiB of RSS), whatever the program holds.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cleanEnv, measureAll } from "./measure.mjs";

/** With compaction on, a 2,000-round turn's RSS stays within this fraction of a 500-round one's. */
const FLAT = 0.2;

const HEAP_PROBE = fileURLToPath(new URL("./heap-probe.cjs", import.meta.url));

/** The live heap after a full GC at exit: what the process holds, beside the RSS V8 reserved. */
function liveHeapMiB(spec, scratch) {
  const file = path.join(scratch, `heap-${spec.label}`);
  const run = spawnSync(process.execPath, ["--expose-gc", "-r", HEAP_PROBE, ...spec.args], {
    cwd: spec.cwd(99),
    env: cleanEnv({ ...spec.env, MINI_AGENT_BENCH_HEAP_FILE: file }),
    stdio: "pipe",
  });
  if (run.status !== 0) throw new Error(`bench case ${spec.label} failed: ${run.stderr}`);
  return Number(readFileSync(file, "utf8").trim()) / 1024 / 1024;
}

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const FILE = "a line of a medium-sized source file, repeated\n".repeat(400);

export default async function benchLongSession() {
  const scratch = mkdtempSync(path.join(os.tmpdir(), "mini-agent-long-"));
  try {
    const text = "Reading the file again to check it has not changed since the last look. ".repeat(3);
    const read = { text, tool_calls: [{ name: "read_file", arguments: { path: "big.txt" } }] };
    // rounds − 1 reads, then the model stops: the turn ends completed, not at the round limit.
    const scriptFor = (rounds) => {
      const file = path.join(scratch, `script-${rounds}.json`);
      writeFileSync(file, JSON.stringify({ turns: [...Array.from({ length: rounds - 1 }, () => read), { text: "Done reading." }] }));
      return file;
    };
    const workspace = (budget) => (run) => {
      const dir = path.join(scratch, `ws-${budget}-${run}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, "big.txt"), FILE);
      writeFileSync(path.join(dir, ".agent.json"), JSON.stringify({ context_budget: budget }));
      return dir;
    };
    const spec = (rounds, budget) => ({
      label: `${rounds}-${budget}`,
      args: [CLI, "-p", "keep reading", "--max-rounds", String(rounds), "--output-format", "json"],
      env: { FAKE_LLM: scriptFor(rounds), MINI_AGENT_HOME: path.join(scratch, "home") },
      cwd: workspace(budget),
    });
    const OFF = 1_000_000_000;
    const ON = 100_000;
    const specs = [spec(50, OFF), spec(500, OFF), spec(50, ON), spec(500, ON), spec(2000, ON)];
    const results = measureAll(specs, 1);
    const heap = new Map(specs.map((s) => [s.label, liveHeapMiB(s, scratch)]));
    const get = (rounds, budget) => results.get(`${rounds}-${budget}`);
    const conversationMiB = (500 * (FILE.length + 600)) / 1024 / 1024;
    const percent = (from, to) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(0)}%`;
    const line = (label, budget) => {
      const [a, b] = [get(50, budget), get(500, budget)];
      return (
        `long turn, ${label}: RSS ${a.peakRssMiB.toFixed(1)} MiB at round 50, ${b.peakRssMiB.toFixed(1)} MiB at round 500 ` +
        `(${percent(a.peakRssMiB, b.peakRssMiB)}); live heap ${heap.get(`50-${budget}`).toFixed(1)} → ` +
        `${heap.get(`500-${budget}`).toFixed(1)} MiB; ${(b.medianMs / 500).toFixed(2)} ms per round`
      );
    };
    const [mid, long] = [get(500, ON), get(2000, ON)];
    const growth = (long.peakRssMiB - mid.peakRssMiB) / mid.peakRssMiB;
    return [
      `long turn: 500 rounds of read_file hold ~${conversationMiB.toFixed(1)} MiB of conversation`,
      line("compaction off", OFF),
      line("compaction on (budget 100k)", ON),
      `long turn, compaction on: RSS ${mid.peakRssMiB.toFixed(1)} MiB at round 500, ${long.peakRssMiB.toFixed(1)} MiB at round 2,000 ` +
        `(${percent(mid.peakRssMiB, long.peakRssMiB)}; budget ≤ +${FLAT * 100}%${growth <= FLAT ? " ok" : " OVER"}); live heap ` +
        `${heap.get(`2000-${ON}`).toFixed(1)} MiB; ${(long.medianMs / 2000).toFixed(2)} ms per round`,
    ];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) for (const line of await benchLongSession()) console.log(line);
