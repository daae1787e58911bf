// A turn's checkpoint whose git is stuck (a FIFO named .gitignore in the workspace, which git
// opens on its walk and waits on for a writer that never comes) must not hold mini-agent:
// SIGTERM stops the turn at once, the write it was about to judge never happens, and the
// git it started does not outlive it.
import { execFileSync } from "node:child_process";
import { closeSync, constants, existsSync, mkdirSync, openSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { collect, makeSandbox, startCli } from "../helpers/run-cli.js";

/** The session's checkpoint index lock, wherever the session folder is: git add holds it while it walks. */
function checkpointLock(home: string): boolean {
  const stack = [path.join(home, "sessions")];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    if (!existsSync(dir)) continue;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) stack.push(path.join(dir, entry.name));
      else if (entry.name === "index.lock" && path.basename(dir) === "checkpoints") return true;
    }
  }
  return false;
}

/** A reader still waiting in open() on the FIFO gets an end of file; then the FIFO goes. */
function releaseFifo(fifo: string): void {
  for (let i = 0; i < 8; i++) {
    try {
      closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
    } catch {
      break;
    }
  }
  rmSync(fifo, { force: true });
}

describe.skipIf(process.platform === "win32")("a checkpoint stuck on a FIFO", () => {
  it("SIGTERM stops the turn without waiting for it, and nothing is written", async () => {
    const box = makeSandbox();
    execFileSync("git", ["init", "-q", box.workspace]);
    mkdirSync(path.join(box.workspace, "sub"));
    const fifo = path.join(box.workspace, "sub", ".gitignore");
    execFileSync("mkfifo", [fifo]);
    const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "new.txt", content: "hi" } }] }, { text: "done" }] });
    const child = startCli(["-p", "write it", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    const run = collect(child);
    try {
      await waitFor(() => checkpointLock(box.home), 30_000, "the checkpoint's git add to start");
      child.kill("SIGTERM");
      const ended = await Promise.race([run, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 30_000))]);
      expect(ended, "mini-agent still running 30 s after SIGTERM").toBeDefined();
      expect(ended!.code, ended!.stderr).toBe(143);
      expect(existsSync(path.join(box.workspace, "new.txt"))).toBe(false);
      // The git stopped with the turn removed its lock; none was left waiting on the FIFO.
      await waitFor(() => !checkpointLock(box.home), 20_000, "the checkpoint's git to be gone");
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      releaseFifo(fifo);
    }
  }, 120_000);
});
