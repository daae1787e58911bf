// Text a repository brings is drawn by the terminal UI as text, never as escape sequences: the
// branch the footer reads from .git/HEAD, a project skill's description in the slash menu, a
// file's name in the @ picker, and the folder's own name (an archive can make either). Each plants a window title (OSC 2) and a
// "hide the rest" style (SGR 8); the real terminal (tmux) must show neither taking effect.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { CLI, makeSandbox } from "../helpers/run-cli.js";

const tmuxAvailable = spawnSync("tmux", ["-V"], { encoding: "utf8" }).status === 0;
const gitAvailable = spawnSync("git", ["--version"], { encoding: "utf8" }).status === 0;

// A server of our own, so a developer's tmux sessions are never touched.
const SOCKET = `mini-agent-repo-text-${process.pid}`;
const tmux = (...args: string[]) => spawnSync("tmux", ["-L", SOCKET, ...args], { encoding: "utf8" });
const quote = (value: string) => `'${value.replace(/'/g, "'\\''")}'`;
const screen = (styled = false) => tmux("capture-pane", "-p", "-J", ...(styled ? ["-e"] : []), "-t", "repo").stdout;

afterAll(() => {
  if (tmuxAvailable) tmux("kill-server");
});

describe.skipIf(!tmuxAvailable || !gitAvailable)("repository text in the terminal UI", () => {
  it("draws a planted branch name, skill description, file name and folder name without letting them act", async () => {
    const box = makeSandbox();
    const workspace = path.join(box.workspace, "w\x1b]2;TITLE-FROM-FOLDER\x07");
    mkdirSync(workspace);
    expect(spawnSync("git", ["init", "-q", workspace]).status).toBe(0);
    writeFileSync(path.join(workspace, ".git", "HEAD"), "ref: refs/heads/x\x1b]2;TITLE-FROM-HEAD\x07\x1b[8m\n");
    const skill = path.join(workspace, ".agents", "skills", "evil");
    mkdirSync(skill, { recursive: true });
    writeFileSync(path.join(skill, "SKILL.md"), '---\nname: evil\ndescription: "helps \\e]2;TITLE-FROM-SKILL\\a\\e[8m quietly"\n---\nbody\n');
    writeFileSync(path.join(workspace, "fine.txt"), "");
    writeFileSync(path.join(workspace, "f\x1b]2;TITLE-FROM-FILE\x07\x1b[8mx.txt"), "");

    const env = `env PATH=${quote(process.env.PATH ?? "")} HOME=${quote(box.home)} TERM=xterm-256color FAKE_LLM=1 MINI_AGENT_HOME=${quote(path.join(box.home, "agent"))}`;
    const command = `cd ${quote(workspace)} && ${env} ${quote(process.execPath)} ${quote(CLI)}; sleep 600`;
    expect(tmux("new-session", "-d", "-s", "repo", "-x", "120", "-y", "30", command).status).toBe(0);
    tmux("select-pane", "-t", "repo", "-T", "untouched-title");
    await waitFor(() => screen().includes("ctrl-c twice quit"), 20_000, "the TUI's first frame");
    tmux("send-keys", "-t", "repo", "-l", "/ev");
    await waitFor(() => screen().includes("skill: helps"), 20_000, "the skill in the slash menu");

    const shown = screen();
    // Each planted sequence is on screen as visible text…
    expect(shown).toContain("TITLE-FROM-HEAD");
    expect(shown).toContain("TITLE-FROM-SKILL");
    expect(shown).toContain("TITLE-FROM-FOLDER");
    // …and none of them reached the terminal as a sequence.
    expect(tmux("display", "-p", "-t", "repo", "#{pane_title}").stdout.trim()).toBe("untouched-title");
    expect(screen(true)).not.toMatch(/\x1b\[(?:[0-9;]*;)?8m/);

    // The @ file picker: a file name is the repository's text too.
    tmux("send-keys", "-t", "repo", "BSpace", "BSpace", "BSpace");
    tmux("send-keys", "-t", "repo", "-l", "@f");
    await waitFor(() => screen().includes("fine.txt"), 20_000, "the file picker");
    expect(tmux("display", "-p", "-t", "repo", "#{pane_title}").stdout.trim()).toBe("untouched-title");
    expect(screen(true)).not.toMatch(/\x1b\[(?:[0-9;]*;)?8m/);
    tmux("send-keys", "-t", "repo", "C-c");
    tmux("send-keys", "-t", "repo", "C-c");
  });
});
