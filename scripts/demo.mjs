// npm run demo: the credential-free demo in a fresh temp workspace (FAKE_LLM=1, --yes).
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const base = mkdtempSync(path.join(os.tmpdir(), "mini-agent-demo-"));
const workspace = path.join(base, "workspace");
mkdirSync(workspace);
console.error(`demo workspace: ${workspace}\n`);
const run = spawnSync(process.execPath, [cli, "-p", "Show me what you can do", "--yes"], {
  cwd: workspace,
  stdio: "inherit",
  env: { ...process.env, FAKE_LLM: "1", MINI_AGENT_HOME: path.join(base, "home") },
});
if (run.status === 0) {
  console.error(`\non disk, ${path.join(workspace, "demo/notes.md")}:\n${readFileSync(path.join(workspace, "demo/notes.md"), "utf8")}`);
  console.error(`session file under ${path.join(base, "home", "sessions")}`);
}
process.exitCode = run.status ?? 1;
