// End to end in a real terminal: the built mini-agent under tmux with FAKE_LLM. Type a task,
// watch it stream, approve the write with y, quit with ctrl-c twice, check the terminal modes
// were restored, then resume with -c and see the earlier conversation.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { CLI, makeSandbox } from "../helpers/run-cli.js";

const tmuxAvailable = spawnSync("tmux", ["-V"], { encoding: "utf8" }).status === 0;
if (!tmuxAvailable) console.warn("skipping the tmux end-to-end test: tmux is not installed");

// A server of our own, so a developer's tmux sessions are never touched.
const SOCKET = `mini-agent-test-${process.pid}`;
const tmux = (...args: string[]) => spawnSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;

function screen(target: string): string {
  return tmux("capture-pane", "-p", "-J", "-S", "-300", "-t", target).stdout;
}

async function waitForScreen(target: string, text: string): Promise<void> {
  try {
    await waitFor(() => screen(target).includes(text), 20_000, `tmux to show ${JSON.stringify(text)}`);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n--- screen ---\n${screen(target)}`);
  }
}

afterAll(() => {
  if (tmuxAvailable) tmux("kill-server");
});

describe.skipIf(!tmuxAvailable)("mini-agent in tmux", () => {
  it("streams, approves with y, quits with ctrl-c twice restoring the terminal, resumes with -c", async () => {
    const box = makeSandbox();
    const sttyFile = path.join(box.home, "stty.txt");
    const env = `env PATH=${quote(process.env.PATH ?? "")} HOME=${quote(process.env.HOME ?? box.home)} TERM=xterm-256color FAKE_LLM=1 MINI_AGENT_HOME=${quote(box.home)}`;
    // The shell's own line before mini-agent: it must still be there after (ADR 0055).
    const run = (args: string, marker: string) =>
      `cd ${quote(box.workspace)} && echo "SHELL-BEFORE-${marker}" && ${env} ${quote(process.execPath)} ${quote(CLI)} ${args}; echo "${marker}:$?"; stty -a > ${quote(sttyFile)}; sleep 600`;

    expect(tmux("new-session", "-d", "-s", "e2e", "-x", "100", "-y", "40", run("", "FIRST-EXIT")).status).toBe(0);
    await waitForScreen("e2e", "ctrl-c twice quit");
    tmux("send-keys", "-t", "e2e", "-l", "run the demo");
    tmux("send-keys", "-t", "e2e", "Enter");
    await waitForScreen("e2e", "I'll create a small notes file in the workspace.");
    await waitForScreen("e2e", "y allow once");
    expect(existsSync(path.join(box.workspace, "demo", "notes.md"))).toBe(false);
    tmux("send-keys", "-t", "e2e", "y");
    await waitForScreen("e2e", "Done. I wrote demo/notes.md and read it back.");
    expect(readFileSync(path.join(box.workspace, "demo", "notes.md"), "utf8")).toContain("mini-agent wrote this file.");

    tmux("send-keys", "-t", "e2e", "C-c");
    await waitForScreen("e2e", "ctrl-c again to quit");
    tmux("send-keys", "-t", "e2e", "C-c");
    await waitForScreen("e2e", "FIRST-EXIT:0");
    // Once the terminal is handed back, it says how to come back; the conversation stays, the
    // input box, the footer and the quit hint are gone, and the shell's line above is kept.
    const left = screen("e2e");
    // The hint names the run's MINI_AGENT_HOME: without it the session would not be found.
    expect(left).toMatch(/session \S+ \(resume: MINI_AGENT_HOME=\S+ mini-agent -r \S+\)\s+FIRST-EXIT:0/);
    expect(left).toContain(`(resume: MINI_AGENT_HOME=${box.home} mini-agent -r `);
    expect(left).toContain("SHELL-BEFORE-FIRST-EXIT");
    expect(left).toContain("Done. I wrote demo/notes.md and read it back.");
    expect(left).not.toMatch(/^─{20,}$/m);
    expect(left).not.toContain("thinking default");
    expect(left).not.toContain("ctrl-c again to quit");
    await waitFor(() => existsSync(sttyFile) && readFileSync(sttyFile, "utf8").includes("icanon"), 10_000, "stty -a output");
    const modes = readFileSync(sttyFile, "utf8");
    // Cooked mode again: canonical input and echo on (raw mode shows -icanon -echo).
    expect(modes).toMatch(/(^|\s)icanon(\s|$)/);
    expect(modes).toMatch(/(^|\s)echo(\s|$)/);

    expect(tmux("new-window", "-t", "e2e", "-n", "again", run("-c", "SECOND-EXIT")).status).toBe(0);
    await waitForScreen("e2e:again", "› run the demo");
    await waitForScreen("e2e:again", "Done. I wrote demo/notes.md and read it back.");
    await waitForScreen("e2e:again", "✓ write_file demo/notes.md  ok");
    tmux("send-keys", "-t", "e2e:again", "C-c");
    tmux("send-keys", "-t", "e2e:again", "C-c");
    await waitForScreen("e2e:again", "SECOND-EXIT:0");
  });

  it("SIGTERM ends it with 143 and the terminal restored", async () => {
    const box = makeSandbox();
    const sttyFile = path.join(box.home, "stty.txt");
    const pidFile = path.join(box.home, "pid.txt");
    const env = `env PATH=${quote(process.env.PATH ?? "")} HOME=${quote(process.env.HOME ?? box.home)} TERM=xterm-256color FAKE_LLM=1 MINI_AGENT_HOME=${quote(box.home)}`;
    // `exec` keeps the pid written by the shell: it becomes mini-agent's.
    const start = `sh -c ${quote(`echo $$ > ${quote(pidFile)}; exec ${env} ${quote(process.execPath)} ${quote(CLI)}`)}`;
    const command = `cd ${quote(box.workspace)} && ${start}; echo "TERM-EXIT:$?"; stty -a > ${quote(sttyFile)}; sleep 600`;
    expect(tmux("new-session", "-d", "-s", "term", "-x", "100", "-y", "30", command).status).toBe(0);
    await waitForScreen("term", "ctrl-c twice quit");
    const pid = Number(readFileSync(pidFile, "utf8").trim());
    process.kill(pid, "SIGTERM");
    await waitForScreen("term", "TERM-EXIT:143");
    await waitFor(() => existsSync(sttyFile) && readFileSync(sttyFile, "utf8").includes("icanon"), 10_000, "stty -a output");
    const modes = readFileSync(sttyFile, "utf8");
    expect(modes).toMatch(/(^|\s)icanon(\s|$)/);
    expect(modes).toMatch(/(^|\s)echo(\s|$)/);
  });
});
