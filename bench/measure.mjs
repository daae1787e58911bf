// Runs commands in a clean environment (PATH and HOME only, plus what a case adds) and
// reports median wall time and peak RSS. Cases are interleaved round by round, so a busy
// moment on the machine hits every case alike instead of skewing one of them.
// NODE_EXTRA_CA_CERTS and friends are left out on purpose: they add tens of
// milliseconds to every Node start and would hide our own start-up cost.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROBE = fileURLToPath(new URL("./rss-probe.cjs", import.meta.url));
const WARMUP_ROUNDS = 2;

export function cleanEnv(extra = {}) {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.homedir(), ...extra };
}

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function runOnce(spec, round, extraArgs, extraEnv) {
  const cwd = spec.cwd ? spec.cwd(round) : process.cwd();
  const start = process.hrtime.bigint();
  // A case may run another executable (the standalone binary): it takes Node's options from
  // NODE_OPTIONS, not from its arguments, which are the app's.
  const [command, args, env] = spec.command
    ? [spec.command, spec.args, extraArgs.length ? { NODE_OPTIONS: extraArgs.map((arg) => JSON.stringify(arg)).join(" ") } : {}]
    : [process.execPath, [...extraArgs, ...spec.args], {}];
  const result = spawnSync(command, args, { cwd, env: cleanEnv({ ...spec.env, ...extraEnv, ...env }), stdio: "pipe" });
  const elapsedMs = Number(process.hrtime.bigint() - start) / 1e6;
  // A case that stops on purpose at --max-rounds exits 3 (its `exitCode`); anything else fails.
  if (result.status !== (spec.exitCode ?? 0)) throw new Error(`bench case ${spec.label} failed: ${result.stderr}`);
  return elapsedMs;
}

/**
 * @param {{ label: string, command?: string, args: string[], env?: Record<string,string>, cwd?: (round:number)=>string, rss?: false }[]} specs
 * @returns {Map<string, { medianMs: number, peakRssMiB: number, runs: number }>}
 */
export function measureAll(specs, runs = 15) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-rss-"));
  const times = new Map(specs.map((spec) => [spec.label, []]));
  for (let round = 0; round < runs + WARMUP_ROUNDS; round += 1) {
    for (const spec of specs) {
      const elapsed = runOnce(spec, round, [], {});
      if (round >= WARMUP_ROUNDS) times.get(spec.label).push(elapsed);
      // A separate run with the RSS probe preloaded, so the probe never skews the timing. A case
      // that is not a Node process of ours (another agent's native binary) says `rss: false`.
      if (spec.rss !== false) runOnce(spec, round + 10_000, ["-r", PROBE], { MINI_AGENT_BENCH_RSS_FILE: path.join(dir, `${specs.indexOf(spec)}.rss`) });
    }
  }
  const results = new Map();
  specs.forEach((spec, index) => {
    const rss = spec.rss === false ? [Number.NaN] : readFileSync(path.join(dir, `${index}.rss`), "utf8").trim().split("\n").map(Number);
    results.set(spec.label, { medianMs: median(times.get(spec.label)), peakRssMiB: Math.max(...rss) / 1024, runs });
  });
  rmSync(dir, { recursive: true, force: true });
  return results;
}
