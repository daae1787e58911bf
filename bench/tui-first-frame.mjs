// Time from starting `mini-agent` (no task, a fresh workspace) in a pseudo-terminal to the
// first frame (the welcome) and to ready (the engine open: the footer names the model).
// `script` provides the terminal; prints {"firstFrameMs": …, "readyMs": …} as JSON.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const dir = mkdtempSync(path.join(os.tmpdir(), "mini-agent-first-frame-"));
const workspace = path.join(dir, "ws");
mkdirSync(workspace);
const env = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? dir, TERM: "xterm-256color", FAKE_LLM: "1", MINI_AGENT_HOME: path.join(dir, "home") };

const start = performance.now();
// Its own process group, so the whole tree can be ended if it does not quit.
const child = spawn("script", ["-qfec", `"${process.execPath}" "${CLI}"`, "/dev/null"], { cwd: workspace, env, stdio: ["pipe", "pipe", "ignore"], detached: true });
let seen = "";
let firstFrameMs;
const readyMs = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`not ready within 20 s; the screen showed: ${JSON.stringify(seen.slice(-300))}`)), 20_000);
  child.stdout.on("data", (chunk) => {
    seen += chunk.toString("utf8");
    if (firstFrameMs === undefined && seen.includes("ctrl-c twice quit")) firstFrameMs = performance.now() - start;
    if (seen.includes("fake-scripted")) {
      clearTimeout(timer);
      resolve(performance.now() - start);
    }
  });
  child.on("error", reject);
}).catch((error) => {
  process.kill(-child.pid, "SIGKILL");
  throw error;
});
// Ctrl-C twice quits the TUI; `script` then ends.
child.stdin.write("\x03\x03");
const killer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 5_000);
await new Promise((resolve) => child.on("close", resolve));
clearTimeout(killer);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ firstFrameMs, readyMs }));
