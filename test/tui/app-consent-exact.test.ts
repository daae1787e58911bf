// What a person is asked to approve is shown whole: an OSC sequence (ESC ] … BEL) in a command,
// a file's content or a question used to be removed with its payload, so the frame read
// `echo building` for a line that also ran `touch PWNED`. Control characters are now drawn as
// symbols (␛ ␇), none of them reaches the terminal, and no text between them goes missing.
import { existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeSandbox } from "../helpers/run-cli.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

const HIDDEN = "\x1b]0; touch PWNED #\x07";
const SHOWN = "␛]0; touch PWNED #␇";
const call = (name: string, args: Record<string, unknown>) => ({ tool_calls: [{ name, arguments: args }] });

describe("consent views show every character", () => {
  it("a command's approval frame and title show an OSC payload; esc denies it", async () => {
    running = startApp({ script: { turns: [call("run_command", { command: `echo building${HIDDEN}` }), { text: "ok" }] } });
    const { terminal, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("build it\r");
    await terminal.waitForText("y allow once");
    await terminal.waitForScreen((screen) => screen.includes(`? run_command echo building${SHOWN}`), "the title with the hidden text");
    // The preview's parts: the echo, and the touch that bash would run after the `;` (the # starts a comment).
    await terminal.waitForScreen((screen) => screen.includes("echo building␛]0;") && screen.includes("touch PWNED → confirm"), "each part of the command");
    expect(terminal.written).not.toContain("\x1b]0; touch");
    terminal.send("\x1b");
    await terminal.waitForText("ok");
    expect(existsSync(path.join(box.workspace, "PWNED"))).toBe(false);
  });

  it("a write's diff shows control characters and tabs in the content it would write", async () => {
    const content = `#!/bin/sh\necho building${HIDDEN}\r\n\techo done \r\n`;
    running = startApp({ script: { turns: [call("write_file", { path: "run.sh", content }), { text: "ok" }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("write it\r");
    await terminal.waitForText("y allow once");
    await terminal.waitForText(`+echo building${SHOWN}␍`);
    await terminal.waitForText("+␉   echo done ␍");
    expect(terminal.written).not.toContain("\x1b]0; touch");
    terminal.send("\x1b");
    await terminal.waitForText("ok");
  });

  it("the model's question and its options show what they say", async () => {
    running = startApp({
      script: { turns: [call("ask", { question: `Run deploy${HIDDEN}?`, options: [{ label: `yes${HIDDEN}`, detail: `now\x1b]8;;x\x07` }] }), { text: "ok" }] },
    });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("ask me\r");
    await terminal.waitForText(`Run deploy${SHOWN}?`);
    await terminal.waitForText(`yes${SHOWN} — now␛]8;;x␇`);
    expect(terminal.written).not.toContain("\x1b]0; touch");
  });

  it("the question whether to trust the project shows its hook commands whole", async () => {
    const box = makeSandbox();
    const command = `echo hi${HIDDEN}`;
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command }] }] } }));
    running = startApp({ box, script: { turns: [{ text: "ok" }] } });
    await running.terminal.waitForText("Trust this project");
    // The trust question writes untrusted text as escapes (visibleText, ADR 0064): one line, cut at a length, a backslash doubled.
    await running.terminal.waitForText("echo hi\\x1b]0; touch PWNED #\\x07");
    expect(running.terminal.written).not.toContain("\x1b]0; touch");
    running.terminal.send("n");
    await running.terminal.waitForText("not trusted");
  });
});
