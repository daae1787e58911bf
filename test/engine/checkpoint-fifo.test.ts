// A FIFO where git opens a file on its walk (a `.gitignore` here; an archive can hold one, a
// command can make one) blocks the checkpoint's git in open(). The snapshot must then end: at
// its deadline, or when the turn's signal stops it. Either way git is gone and has removed its
// index.lock, so the next snapshot, once the FIFO is gone, works.
import { execFileSync } from "node:child_process";
import { closeSync, constants, existsSync, mkdirSync, mkdtempSync, openSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createCheckpointStore } from "../../src/engine/checkpoint/checkpoint-store.js";
import { waitFor } from "../helpers/processes.js";

function workspaceWithFifo() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "checkpoint-fifo-")));
  const root = path.join(base, "ws");
  const dir = path.join(base, "checkpoints");
  mkdirSync(path.join(root, "sub"), { recursive: true });
  writeFileSync(path.join(root, "a.txt"), "a\n");
  const fifo = path.join(root, "sub", ".gitignore");
  execFileSync("mkfifo", [fifo]);
  return { root, dir, fifo };
}

/** Lets whatever still waits in open() on the FIFO go (an end of file), then removes it. */
function releaseFifo(fifo: string): void {
  for (let i = 0; i < 8; i++) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      break; // ENXIO: no reader is waiting any more.
    }
  }
  rmSync(fifo, { force: true });
}

/** The promise's outcome, or a rejection saying it had not settled by the deadline. */
function settledWithin<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`not settled after ${ms} ms`)), ms))]);
}

describe.skipIf(process.platform === "win32")("a checkpoint whose git meets a FIFO", () => {
  it("fails at its deadline, and git leaves no lock behind", async () => {
    const { root, dir, fifo } = workspaceWithFifo();
    const store = createCheckpointStore({ root, dir, gitTimeoutMs: 1_000 });
    try {
      await expect(settledWithin(store.snapshot("before turn t1"), 30_000)).rejects.toThrow(/did not finish within 1 s/);
    } finally {
      releaseFifo(fifo);
    }
    expect(existsSync(path.join(dir, "index.lock"))).toBe(false);
    const next = await store.snapshot("before turn t2");
    expect(next.files).toBe(1);
  }, 60_000);

  it("stops when the turn's signal does", async () => {
    const { root, dir, fifo } = workspaceWithFifo();
    const store = createCheckpointStore({ root, dir });
    const stop = new AbortController();
    try {
      const snapshot = store.snapshot("before turn t1", undefined, stop.signal);
      snapshot.catch(() => {});
      // git add holds the index lock while it walks: it has reached the FIFO.
      await waitFor(() => existsSync(path.join(dir, "index.lock")), 20_000, "git add to start");
      stop.abort();
      await expect(settledWithin(snapshot, 20_000)).rejects.toThrow(/stopped with the turn/);
    } finally {
      releaseFifo(fifo);
    }
    await waitFor(() => !existsSync(path.join(dir, "index.lock")), 20_000, "git to remove its lock");
    expect((await store.snapshot("before turn t2")).files).toBe(1);
  }, 60_000);
});
