// End to end in tmux: the built mini-agent, with a preloaded module standing in for a
// dependency that warns mid-session (console.warn, process.emitWarning). The warning shows as
// a notice under the input, the frame stays whole, and the TUI's own frames are not taken.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { CLI, makeSandbox } from "../helpers/run-cli.js";

const tmuxAvailable = spawnSync("tmux", ["-V"], { encoding: "utf8" }).status === 0;
if (!tmuxAvailable) console.warn("skipping the tmux foreign-output test: tmux is not installed");

const SOCKET = `mini-agent-foreign-${process.pid}`;
const tmux = (...args: string[]) => spawnSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
const screen = () => tmux("capture-pane", "-p", "-J", "-t", "warn").stdout;

async function waitForScreen(what: string, check: (text: string) => boolean): Promise<void> {
  try {
    await waitFor(() => check(screen()), 20_000, what);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- screen ---\n${screen()}`);
  }
}

afterAll(() => {
  if (tmuxAvailable) tmux("kill-server");
});

describe.skipIf(!tmuxAvailable)("a dependency writing while the TUI runs", () => {
  it("its warning becomes a notice; the frame stays whole", async () => {
    const box = makeSandbox();
    const go = path.join(box.home, "go");
    const preload = path.join(box.home, "noisy-dependency.cjs");
    writeFileSync(
      preload,
      `const fs = require("fs");
const t = setInterval(() => {
  if (!fs.existsSync(${JSON.stringify(go)})) return;
  clearInterval(t);
  console.warn("The model 'old-model' is deprecated (from a dependency)");
  process.emitWarning("a process warning from a dependency");
}, 25);
t.unref();
`,
    );
    const env = `env PATH=${quote(process.env.PATH ?? "")} HOME=${quote(process.env.HOME ?? box.home)} TERM=xterm-256color FAKE_LLM=1 MINI_AGENT_HOME=${quote(box.home)} NODE_OPTIONS=${quote(`--require ${preload}`)}`;
    const command = `cd ${quote(box.workspace)} && ${env} ${quote(process.execPath)} ${quote(CLI)}; echo "EXIT:$?"; sleep 600`;
    expect(tmux("new-session", "-d", "-s", "warn", "-x", "100", "-y", "30", command).status).toBe(0);
    await waitForScreen("the welcome", (s) => s.includes("ctrl-c twice quit"));
    writeFileSync(go, "");
    await waitForScreen("the warnings as a notice", (s) => s.includes("deprecated (from a dependency)") && s.includes("a process warning from a dependency"));
    const lines = screen().split("\n");
    // One welcome, one input (two rules), the notice under the input.
    expect(lines.filter((line) => line.includes("ctrl-c twice quit"))).toHaveLength(1);
    const rules = lines.flatMap((line, row) => (/^─{20,}$/.test(line) ? [row] : []));
    expect(rules).toHaveLength(2);
    expect(lines.findIndex((line) => line.includes("deprecated (from a dependency)"))).toBeGreaterThan(rules[1]!);
    tmux("send-keys", "-t", "warn", "C-c");
    tmux("send-keys", "-t", "warn", "C-c");
    await waitForScreen("the exit", (s) => s.includes("EXIT:0"));
  });
});
