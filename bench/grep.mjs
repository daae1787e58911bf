// grep timing on a large real tree (this project's node_modules): our grep tool through
// ripgrep, raw rg with the same walk rules, and our built-in fallback. Median of several
// interleaved runs, so a busy moment hits every variant alike. Imports the built dist/.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../node_modules", import.meta.url));
const RUNS = 7;
const PATTERNS = ["createTwoFilesPatch", "function\\s+\\w+Error\\b"];

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function time(fn) {
  const start = process.hrtime.bigint();
  const result = await fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
}

/** rg with the walk rules our tool gives it, output read and discarded. */
function rawRg(rg, pattern) {
  const args = ["--no-config", "--no-heading", "--with-filename", "--line-number", "--null", "--hidden", "--no-ignore-dot", "--no-ignore-global", "--text", "--no-messages", "--glob", "!.git", "--glob", "!node_modules", "--regexp", pattern];
  return new Promise((resolve, reject) => {
    const child = spawn(rg, args, { cwd: ROOT, stdio: ["ignore", "pipe", "ignore"] });
    let lines = 0;
    child.stdout.on("data", (chunk) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
    });
    child.on("error", reject);
    child.on("close", () => resolve(lines));
  });
}

export async function benchGrep() {
  const dist = (file) => new URL(`../dist/engine/tools/${file}`, import.meta.url).href;
  const { createJail } = await import(dist("jail/jail.js"));
  const { createGrepTool } = await import(dist("search/grep.js"));
  const { findRipgrep } = await import(dist("search/grep-rg.js"));
  const { walkFiles } = await import(dist("search/walker.js"));

  const rg = findRipgrep();
  const jail = createJail(ROOT);
  let files = 0;
  for await (const _ of walkFiles({ jail, start: ROOT })) files++;
  const signal = new AbortController().signal;
  const ours = rg ? createGrepTool({ jail, ripgrep: rg }) : undefined;
  const fallback = createGrepTool({ jail, ripgrep: null });
  const total = (content) => {
    const note = content.match(/\[\d+ of (\d+) matches shown/);
    return note ? Number(note[1]) : content.startsWith("No matches") ? 0 : content.split("\n").length;
  };

  const lines = [`grep over node_modules (${files} searchable files), median of ${RUNS} runs${rg ? "" : " — rg not on PATH: install ripgrep for the rg figures"}`];
  for (const pattern of PATTERNS) {
    const samples = { ours: [], raw: [], fallback: [] };
    const hits = {};
    for (let run = -1; run < RUNS; run++) {
      // run -1 warms the file cache and the JIT; it is not counted.
      const variants = [
        ["fallback", () => fallback.execute({ pattern }, { signal }).then((r) => total(r.content))],
        ...(rg ? [["ours", () => ours.execute({ pattern }, { signal }).then((r) => total(r.content))], ["raw", () => rawRg(rg, pattern)]] : []),
      ];
      for (const [name, fn] of variants) {
        const { ms, result } = await time(fn);
        if (run >= 0) samples[name].push(ms);
        hits[name] = result;
      }
    }
    const fmt = (ms) => `${ms.toFixed(1).padStart(7)} ms`;
    const fb = median(samples.fallback);
    if (!rg) {
      lines.push(`  /${pattern}/ fallback ${fmt(fb)} (${hits.fallback} hits)`);
      continue;
    }
    const [o, r] = [median(samples.ours), median(samples.raw)];
    const agree = hits.ours === hits.fallback ? "" : `   ! hit counts differ: tool ${hits.ours}, fallback ${hits.fallback}`;
    lines.push(
      `  /${pattern}/ (${hits.ours} hits): grep tool ${fmt(o)} = ${(o / r).toFixed(2)}× rg (target ≤ 1.2×)   raw rg ${fmt(r)}   fallback ${fmt(fb)} = ${(fb / r).toFixed(2)}× rg (target ≤ 5×)${agree}`,
    );
  }
  return lines;
}

export default benchGrep;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const line of await benchGrep()) console.log(line);
}
