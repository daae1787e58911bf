// npm run demo: the credential-free demo in a fresh temp workspace (FAKE_LLM=1, --yes).
import { spawnSync } from "node:child_process";
import { mkdtempSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const cli = fileURLToPath(new URL("../bin/mini-agent.cjs", import.meta.url));
const base = mkdtempSync(path.join(os.tmpdir(), "mini-agent-demo-"));
const workspace = path.join(base, "workspace");
const home = path.join(base, "home");
mkdirSync(workspace);
console.error(`demo workspace: ${workspace}\n`);
const run = spawnSync(process.execPath, [cli, "-p", "Show me what you can do", "--yes"], {
  cwd: workspace,
  stdio: "inherit",
  env: { ...process.env, FAKE_LLM: "1", MINI_AGENT_HOME: home },
});
if (run.status === 0) {
  console.error(`\non disk, ${path.join(workspace, "demo/notes.md")}:\n${readFileSync(path.join(workspace, "demo/notes.md"), "utf8")}`);
  // The session lives in the demo's own home and workspace, with the scripted model: the line
  // above names the home; this one is the whole command, runnable from any directory.
  const sessions = path.join(home, "sessions");
  const id = readdirSync(sessions).flatMap((key) => readdirSync(path.join(sessions, key))).find((name) => name.endsWith(".jsonl"))?.replace(/\.jsonl$/, "");
  const quote = (text) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`);
  if (id) console.error(`to go on with this session: cd ${quote(workspace)} && FAKE_LLM=1 MINI_AGENT_HOME=${quote(home)} node ${quote(cli)} -r ${id}`);
}
process.exitCode = run.status ?? 1;
