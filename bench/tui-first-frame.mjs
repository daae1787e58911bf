// Time from starting `mini-agent` (no task, a fresh workspace) in a pseudo-terminal to the
// welcome on screen. `script` provides the terminal; prints {"firstFrameMs": …} as JSON.
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
const child = spawn("script", ["-qfec", `"${process.execPath}" "${CLI}"`, "/dev/null"], { cwd: workspace, env, stdio: ["pipe", "pipe", "inherit"] });
let seen = "";
const firstFrameMs = await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error(`no welcome within 20 s; the screen showed: ${JSON.stringify(seen.slice(-300))}`)), 20_000);
  child.stdout.on("data", (chunk) => {
    seen += chunk.toString("utf8");
    if (seen.includes("mini-agent") && seen.includes("ctrl-c twice quit")) {
      clearTimeout(timer);
      resolve(performance.now() - start);
    }
  });
  child.on("error", reject);
});
// Ctrl-C twice quits the TUI; `script` then ends.
child.stdin.write("\x03");
child.stdin.write("\x03");
const killer = setTimeout(() => child.kill("SIGKILL"), 5_000);
await new Promise((resolve) => child.on("close", resolve));
clearTimeout(killer);
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ firstFrameMs }));
