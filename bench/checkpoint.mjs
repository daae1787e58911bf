// Checkpoint time for a 10,000-file workspace: the first snapshot (every file hashed into
// the private object store) and an incremental one after a few edits (only stat for the
// rest; target under 100 ms). Median of several incremental runs. Imports the built dist/.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

const FILES = 10_000;
const RUNS = 7;

async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

export default async function checkpointBench() {
  const { createCheckpointStore } = await import(new URL("../dist/engine/checkpoint/checkpoint-store.js", import.meta.url).href);
  const base = mkdtempSync(path.join(os.tmpdir(), "mini-agent-bench-checkpoint-"));
  const root = path.join(base, "ws");
  try {
    for (let i = 0; i < FILES; i++) {
      const dir = path.join(root, `pkg${i % 100}`, `mod${Math.floor(i / 100) % 10}`);
      if (i < 1000) mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, `file${i}.ts`), `export const value${i} = ${i};\n`);
    }
    const store = createCheckpointStore({ root, dir: path.join(base, "checkpoints") });
    const first = await time(() => store.snapshot("first"));
    const incremental = [];
    for (let run = 0; run < RUNS; run++) {
      writeFileSync(path.join(root, "pkg1", "mod0", `file${run}.edited.ts`), `export const edit = ${run};\n`);
      incremental.push(await time(() => store.snapshot(`run ${run}`)));
    }
    incremental.sort((a, b) => a - b);
    const median = incremental[Math.floor(RUNS / 2)];
    return [
      `checkpoint, ${FILES} files, first snapshot: ${first.toFixed(0)} ms`,
      `checkpoint, ${FILES} files, incremental (one file changed, median of ${RUNS}): ${median.toFixed(1)} ms`,
    ];
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
}
