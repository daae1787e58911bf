// The whole TUI over a real engine session (FAKE_LLM scripts, real tools, real commands), with
// real key sequences on a virtual terminal.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { sessionFiles } from "../helpers/session-files.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { startApp, type RunningApp } from "./app-harness.js";

const CTRL_C = "\x03";
const ESC = "\x1b";
const CTRL_O = "\x0f";
const CTRL_R = "\x12";
const UP = "\x1b[A";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

/** A command that runs until the test creates `file` in the workspace (no timing window). */
const waitForFile = (file: string) => ({ name: "run_command", arguments: { command: `while [ ! -f ${file} ]; do sleep 0.05; done; echo released` } });

describe("the TUI over a real engine session", () => {
  it("streams the answer, approves a write with y, folds with ctrl-o, expands thinking with ctrl-r", async () => {
    running = startApp({});
    const { terminal, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("run the demo\r");
    await terminal.waitForText("I'll create a small notes file in the workspace.");
    await terminal.waitForText("y allow once");
    await terminal.waitForText("+mini-agent wrote this file.");
    terminal.send("y");
    await terminal.waitForText("Done. I wrote demo/notes.md and read it back.");
    expect(readFileSync(path.join(box.workspace, "demo", "notes.md"), "utf8")).toContain("mini-agent wrote this file.");
    await terminal.waitForText("│ 3    mini-agent wrote this file.");
    terminal.send(CTRL_O);
    await terminal.waitForScreen((s) => !s.includes("│ 3    mini-agent wrote this file."), "ctrl-o to fold the read_file frame");
    terminal.send(CTRL_O);
    await terminal.waitForText("│ 3    mini-agent wrote this file.");
    expect(terminal.allLines().join("\n")).not.toContain("I will write a small file first");
    terminal.send(CTRL_R);
    await terminal.waitForText("I will write a small file first");
  });

  it("a prompt sent mid-turn is queued and runs when the turn ends, in order", async () => {
    running = startApp({
      script: {
        turns: [{ text: "starting.", tool_calls: [waitForFile("go")] }, { text: "first done." }, { text: "second answer." }],
      },
    });
    const { terminal, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("first\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("run_command while");
    terminal.send("second\r");
    await terminal.waitForText("(queued: sent when the current turn ends)");
    expect(running.app.footer.info.model).toBe("fake-scripted");
    writeFileSync(path.join(box.workspace, "go"), "");
    await terminal.waitForText("second answer.");
    const screen = terminal.allLines().join("\n");
    expect(screen.indexOf("first done.")).toBeLessThan(screen.indexOf("› second"));
    expect(screen.indexOf("› second")).toBeLessThan(screen.indexOf("second answer."));
    expect(screen).not.toContain("(queued");
  });

  it("esc aborts the turn and drops the queue", async () => {
    running = startApp({ script: { turns: [{ text: "working.", tool_calls: [waitForFile("never")] }, { text: "should not run" }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("go\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("run_command while");
    terminal.send("queued one\r");
    await terminal.waitForText("(queued");
    terminal.send(ESC);
    await terminal.waitForText("stopped");
    await terminal.waitForScreen((s) => !s.includes("(queued") && !s.includes("› queued one"), "the queue to be dropped");
    await terminal.waitForText("dropped the queued prompt “queued one” (esc drops the queue with the turn; up recalls it)");
    expect(terminal.allLines().join("\n")).not.toContain("should not run");
  });

  it("ctrl-c while a command runs stops only the command, keeping its output; the turn goes on", async () => {
    // The output (upper case) differs from the command's own text, so waiting for it waits for the output.
    const command = "echo printed-before-ctrl-c | tr a-z A-Z; while [ ! -f never ]; do sleep 0.05; done";
    const turns = [{ text: "running it.", tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "the command was stopped, moving on. Model saw: {{last_result}}" }];
    running = startApp({ script: { turns } });
    const { terminal, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("run\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("running the command (ctrl-c stops it)");
    await terminal.waitForText("PRINTED-BEFORE-CTRL-C");
    terminal.send(CTRL_C);
    await terminal.waitForText("command stopped (ctrl-c)");
    await terminal.waitForText("the command was stopped, moving on.");
    await terminal.waitForText("✗ run_command echo");
    // The frame and the model both keep what was printed before the stop.
    await terminal.waitForText("│ PRINTED-BEFORE-CTRL-C");
    await terminal.waitForText("Model saw: The user interrupted this command");
    expect(terminal.allLines().join("\n")).toMatch(/Model saw:[\s\S]*stdout:\s+PRINTED-BEFORE-CTRL-C/);
    let exited = false;
    void exit.then(() => (exited = true));
    expect(exited).toBe(false);
  });

  it("ctrl-c clears the input; on an empty input it arms the quit, a second one quits and restores the terminal", async () => {
    running = startApp({});
    const { terminal, app, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("half-typed thought");
    await terminal.waitForText("half-typed thought");
    terminal.send(CTRL_C);
    await waitFor(() => app.editor.getText() === "", 10_000, "ctrl-c to clear the input");
    // Clearing the input was all it did: no quit is armed by it.
    expect(app.footer.info.notice).toBeUndefined();
    terminal.send(CTRL_C);
    await terminal.waitForText("ctrl-c again to quit");
    terminal.send("x");
    await terminal.waitForScreen((s) => !s.includes("ctrl-c again to quit"), "another key to disarm the quit");
    terminal.send(CTRL_C);
    terminal.send(CTRL_C);
    terminal.send(CTRL_C);
    expect(await exit).toBe(0);
    expect(terminal.stopped).toBe(true);
    expect(terminal.written.endsWith("\x1b[?25h")).toBe(true);
  });

  it("slash commands: /thinking, /help, /clear, an unknown one", async () => {
    running = startApp({});
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("/thinking high\r");
    await terminal.waitForText("thinking: high");
    await waitFor(() => app.footer.info.thinking === "high");
    terminal.send("/help\r");
    await terminal.waitForText("/sessions (also /resume) — list this workspace's sessions and switch to one");
    terminal.send("/frob\r");
    await terminal.waitForText("unknown command /frob; /help lists the commands");
    terminal.send("/hlep\r");
    await terminal.waitForText("unknown command /hlep; did you mean /help?");
    terminal.send("/clear\r");
    await terminal.waitForText("context cleared");
  });

  it("the slash menu closes when ctrl-c clears the input or esc is pressed, and enter then runs nothing", async () => {
    running = startApp({ script: { turns: [{ text: "answered x." }] } });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    await waitFor(() => app.footer.info.model === "fake-scripted");
    for (const close of [CTRL_C, ESC]) {
      terminal.send("/");
      await terminal.waitForText("start a fresh context in this session");
      terminal.send(close);
      await terminal.waitForScreen((s) => !s.includes("start a fresh context"), "the menu to close");
      if (close === ESC) terminal.send("\x7f");
      await waitFor(() => app.editor.getText() === "");
      terminal.send("\r");
    }
    terminal.send("x\r");
    await terminal.waitForText("answered x.");
    const screen = terminal.allLines().join("\n");
    expect(screen).not.toContain("context cleared");
    expect(screen).not.toContain("/help — list the commands");
  });

  it("history is kept per workspace across runs", async () => {
    running = startApp({});
    const box = running.box;
    await running.terminal.waitForText("ctrl-c twice quit");
    running.terminal.send("remember this prompt\r");
    await running.terminal.waitForText("› remember this prompt");
    await running.app.quit(0);
    running = startApp({ box });
    await running.terminal.waitForText("ctrl-c twice quit");
    running.terminal.send(UP);
    await waitFor(() => running!.app.editor.getText() === "remember this prompt");
  });

  it("a key pasted into a prompt is saved in the history redacted, as the engine published it; a command as typed", async () => {
    running = startApp({ script: { turns: [{ text: "noted, thanks." }] } });
    const box = running.box;
    await running.terminal.waitForText("ctrl-c twice quit");
    running.terminal.send("use ghp_abcdefghijklmnopqrstuvwxyz0123456789 please\r");
    await running.terminal.waitForText("› use [redacted] please");
    await running.terminal.waitForText("noted, thanks.");
    running.terminal.send("/help\r");
    await running.terminal.waitForText("/resume");
    await running.app.quit(0);
    const saved = readdirSync(path.join(box.home, "history")).map((file) => readFileSync(path.join(box.home, "history", file), "utf8")).join("\n");
    expect(saved).toContain("use [redacted] please");
    expect(saved).toContain("/help");
    expect(saved).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("with earlier sessions it starts in a new one at once: what is typed is kept and sent; the welcome says how to resume", async () => {
    const first = startApp({ script: { turns: [{ text: "first answer." }] } });
    await first.terminal.waitForText("ctrl-c twice quit");
    first.terminal.send("hello\r");
    await first.terminal.waitForText("first answer.");
    await first.app.quit(0);

    running = startApp({ box: first.box, countEarlier: true, script: { turns: [{ text: "second answer." }] } });
    const { terminal, box } = running;
    // Typed before anything else is drawn: nothing stands between the keys and the input.
    terminal.send("typed at once\r");
    await terminal.waitForText("› typed at once");
    await terminal.waitForText("second answer.");
    await terminal.waitForText("1 earlier session here: /resume continues one (mini-agent -c: the newest)");
    expect(terminal.allLines().join("\n")).not.toContain("Start a new session");
    await waitFor(() => sessionFiles(box.home).length === 2, 10_000, "a second session file");
  });

  it("/resume offers the earlier sessions; a resumed one shows its conversation; esc keeps this one", async () => {
    running = startApp({ prompt: "the earlier question" });
    const box = running.box;
    await running.terminal.waitForText("y allow once");
    running.terminal.send("y");
    await running.terminal.waitForText("Done. I wrote demo/notes.md");
    await running.app.quit(0);
    expect(existsSync(path.join(box.workspace, "demo", "notes.md"))).toBe(true);

    running = startApp({ box, countEarlier: true, script: { turns: [{ text: "still here." }] } });
    const { terminal } = running;
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    terminal.send("/resume\r");
    await terminal.waitForText("Start a new session");
    terminal.send(ESC);
    await terminal.waitForScreen((s) => !s.includes("Start a new session"), "esc to close the list");
    terminal.send("are you there\r");
    await terminal.waitForText("still here.");
    terminal.send("/resume\r");
    // Newest first, by title, with its age and turns.
    await terminal.waitForScreen((s) => /the earlier question\s+just now · 1 turn · fake-scripted/.test(s), "the session's title, age, turns and model");
    terminal.send("\x1b[B");
    terminal.send("\r");
    await terminal.waitForText("› the earlier question");
    await terminal.waitForText("✓ write_file demo/notes.md  ok");
    // Replayed frames are folded: the diff is not drawn again.
    expect(terminal.allLines().join("\n")).not.toContain("│ +mini-agent wrote this file.");
  });

  it("a session that cannot be opened: run() fails with the reason and the terminal is restored", async () => {
    running = startApp({ choice: { mode: "resume", id: "no-such-session" } });
    await expect(running.exit).rejects.toThrow(/no-such-session/);
    expect(running.terminal.stopped).toBe(true);
  });

  it("what is typed while the engine opens is kept and sent once it is open", async () => {
    let release!: () => void;
    running = startApp({ openGate: new Promise((resolve) => (release = resolve)) });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("typed early\r");
    await terminal.waitForScreen(() => running!.app.editor.getText() === "", "the early prompt to be taken");
    expect(terminal.allLines().join("\n")).not.toContain("› typed early");
    release();
    await terminal.waitForText("› typed early");
    await terminal.waitForText("I'll create a small notes file in the workspace.");
  });

  it("/delete asks first; n keeps the session, y deletes it and quits", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }] } });
    const { terminal, box, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    const files = () => sessionFiles(box.home);
    expect(files()).toHaveLength(1);
    terminal.send("/delete\r");
    await terminal.waitForText("Delete this session for good? (y/n)");
    terminal.send("n");
    await terminal.waitForText("kept the session");
    expect(files()).toHaveLength(1);
    terminal.send("/delete\r");
    await terminal.waitForScreen((s) => s.split("Delete this session for good?").length === 3, "the second question");
    terminal.send("y");
    expect(await exit).toBe(0);
    expect(files()).toEqual([]);
  });

  it("each skill is a slash command that sends its body, with the words after it", async () => {
    const box = makeSandbox();
    const dir = path.join(box.workspace, ".agents", "skills", "greet");
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, "SKILL.md"), "---\nname: greet\ndescription: greets people politely\n---\nSay hello politely.\n");
    running = startApp({ box, script: { turns: [{ text: "Hello, Bob." }] } });
    const { terminal } = running;
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    terminal.send("/gr");
    await terminal.waitForText("skill: greets people politely");
    terminal.send("\t");
    terminal.send("to Bob\r");
    await terminal.waitForText("Hello, Bob.");
    const screen = terminal.allLines().join("\n");
    expect(screen).toContain("› Say hello politely.");
    expect(screen).toContain("  to Bob");
  });

  it("the model's questions: pick an option, several with space, or type an answer; esc dismisses", async () => {
    const ask = (args: Record<string, unknown>) => ({ tool_calls: [{ name: "ask", arguments: args }] });
    running = startApp({
      script: {
        turns: [
          ask({ question: "Which database?", options: [{ label: "sqlite", detail: "a file" }, { label: "postgres" }] }),
          ask({ question: "Which checks?", options: [{ label: "lint" }, { label: "types" }, { label: "tests" }], multiple: true }),
          ask({ question: "What should the file be called?" }),
          ask({ question: "Tabs or spaces?", options: [{ label: "tabs" }, { label: "spaces" }] }),
          { text: "Answers: {{last_result}}" },
        ],
      },
    });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("set it up\r");
    await terminal.waitForText("sqlite — a file");
    terminal.send("\x1b[B");
    terminal.send("\r");
    await terminal.waitForText("→ postgres");
    await terminal.waitForText("[ ] types");
    terminal.send("\x1b[B");
    terminal.send(" ");
    terminal.send("\x1b[B");
    terminal.send(" ");
    terminal.send("\r");
    await terminal.waitForText("→ types, tests");
    await terminal.waitForText("enter answers");
    terminal.send("schema.sql\r");
    await terminal.waitForText("→ schema.sql");
    await terminal.waitForText("Tabs or spaces?");
    terminal.send(ESC);
    await terminal.waitForText("Answers: The user dismissed the question");
    await terminal.waitForText("→ dismissed");
  });
});

