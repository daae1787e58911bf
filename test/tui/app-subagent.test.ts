// A `task` call (a subagent) through the whole TUI over a real engine session: one folded frame
// with the child's progress and report, never the child's conversation; ctrl-o unfolds it.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

const CTRL_O = "\x0f";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

/** Requests reach the scripted model in order: the parent's, then its subagent's, then the parent's. */
const SCRIPT = {
  turns: [
    { text: "Delegating.", tool_calls: [{ name: "task", arguments: { description: "check the notes", prompt: "wait for go, then read notes.md", kind: "worker" } }] },
    { text: "child: waiting first.", tool_calls: [{ name: "run_command", arguments: { command: "while [ ! -f go ]; do sleep 0.05; done; echo released" } }] },
    { text: "child: reading.", tool_calls: [{ name: "read_file", arguments: { path: "notes.md" } }] },
    { text: "Report: notes.md has two lines.\nNothing left open." },
    { text: "The subagent reported back." },
  ],
};

const childFrameHeader = /^ [●✓✗○⊘] (run_command|read_file)/m;

describe("subagents in the TUI", () => {
  it("a task call is one folded frame: the child's call count, latest action, then its report", async () => {
    running = startApp({ script: SCRIPT });
    const { terminal, box } = running;
    writeFileSync(path.join(box.workspace, "notes.md"), "one\ntwo\n");
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("delegate it\r");
    await terminal.waitForText("task check the notes");
    // The child's command meets the same approval as the parent's would.
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("worker-1 · 1 tool call · latest: run_command while [ ! -f go ]");
    let screen = terminal.allLines().join("\n");
    expect(screen).not.toMatch(childFrameHeader);
    expect(screen).not.toContain("child: waiting first.");
    expect(screen).not.toContain("› wait for go, then read notes.md");

    writeFileSync(path.join(box.workspace, "go"), "");
    await terminal.waitForText("The subagent reported back.");
    await terminal.waitForText("worker-1 · 2 tool calls · latest: read_file notes.md");
    await terminal.waitForText("Report: notes.md has two lines.");
    screen = terminal.allLines().join("\n");
    expect(screen).toMatch(/✓ task check the notes/);
    expect(screen).not.toMatch(childFrameHeader);
    expect(screen).not.toContain("child: reading.");
    // Folded: the list of the child's calls is not drawn until ctrl-o.
    expect(screen).not.toContain("│ ✓ read_file notes.md");

    terminal.send(CTRL_O);
    await terminal.waitForText("│ ✓ read_file notes.md");
    await terminal.waitForText("│ ✓ run_command while [ ! -f go ]");
    terminal.send(CTRL_O);
    await terminal.waitForScreen((s) => !s.includes("✓ read_file notes.md"), "ctrl-o to fold the task frame again");
  });

  it("a resumed session draws the task folded with the child's progress, not its conversation", async () => {
    running = startApp({ script: SCRIPT });
    const { box } = running;
    writeFileSync(path.join(box.workspace, "notes.md"), "one\ntwo\n");
    writeFileSync(path.join(box.workspace, "go"), "");
    await running.terminal.waitForText("ctrl-c twice quit");
    running.terminal.send("delegate it\r");
    await running.terminal.waitForText("y allow once");
    running.terminal.send("y");
    await running.terminal.waitForText("The subagent reported back.");
    await running.app.quit(0);

    running = startApp({ box, choice: { mode: "continue" } });
    const { terminal } = running;
    await terminal.waitForText("worker-1 · 2 tool calls · latest: read_file notes.md");
    await terminal.waitForText("Report: notes.md has two lines.");
    const screen = terminal.allLines().join("\n");
    expect(screen).not.toMatch(childFrameHeader);
    expect(screen).not.toContain("child: reading.");
  });
});
