// Runs a command N times in a clean environment (PATH and HOME only, plus what the case
// adds) and reports median wall time and peak RSS. NODE_EXTRA_CA_CERTS and friends are
// left out on purpose: they add tens of milliseconds to every Node start.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PROBE = fileURLToPath(new URL("./rss-probe.cjs", import.meta.url));

export function cleanEnv(extra = {}) {
  return { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.homedir(), ...extra };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * @param {{ args: string[], env?: Record<string,string>, cwd?: (run:number)=>string, runs?: number }} spec
 */
export function measure(spec) {
  const runs = spec.runs ?? 15;
  const times = [];
  const rss = [];
  const rssDir = mkdtempSync(path.join(os.tmpdir(), "bench-rss-"));
  const rssFile = path.join(rssDir, "rss");
  for (let run = 0; run < runs + 2; run += 1) {
    const cwd = spec.cwd ? spec.cwd(run) : process.cwd();
    const start = process.hrtime.bigint();
    const timed = spawnSync(process.execPath, spec.args, { cwd, env: cleanEnv(spec.env), stdio: "pipe" });
    const elapsed = Number(process.hrtime.bigint() - start) / 1e6;
    if (timed.status !== 0) throw new Error(`bench case failed (${spec.args.join(" ")}): ${timed.stderr}`);
    // Two warm-up runs fill the file cache; they are not counted.
    if (run >= 2) times.push(elapsed);
    // A second run with the RSS probe preloaded, so the probe never skews the timing.
    const probed = spawnSync(process.execPath, ["-r", PROBE, ...spec.args], {
      cwd: spec.cwd ? spec.cwd(run + 1000) : cwd,
      env: cleanEnv({ ...spec.env, MINI_AGENT_BENCH_RSS_FILE: rssFile }),
      stdio: "pipe",
    });
    if (probed.status !== 0) throw new Error(`bench case failed under the RSS probe: ${probed.stderr}`);
  }
  for (const line of readFileSync(rssFile, "utf8").trim().split("\n")) rss.push(Number(line) / 1024);
  rmSync(rssDir, { recursive: true, force: true });
  return { medianMs: median(times), peakRssMiB: Math.max(...rss), runs };
}
