// Leaving the TUI says how to come back: /quit (and ctrl-c twice) leave a resume hint for
// after the terminal is handed back, /delete says what it deleted. launch.ts prints it on
// stderr (test/cli/tui-tmux.test.ts sees it in a real terminal).
import { afterEach, describe, expect, it } from "vitest";
import { sessionFiles } from "../helpers/session-files.js";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

const CTRL_D = "\x04";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("leaving the TUI", () => {
  it("/quit leaves the resume hint of the session", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }] } });
    const { terminal, app, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    terminal.send("/quit\r");
    expect(await exit).toBe(0);
    expect(app.farewell).toMatch(/^session (\S+) \(resume: mini-agent -r \1\)$/);
  });

  it("ctrl-d on an empty input quits with the resume hint, as /quit does; with text it deletes forward", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }] } });
    const { terminal, app, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    terminal.send("abc\x1b[D\x1b[D");
    terminal.send(CTRL_D);
    await waitFor(() => app.editor.getText() === "ac", 10_000, "ctrl-d to delete the character under the cursor");
    // Only once the input is empty does ctrl-d leave.
    terminal.send("\x1b[F\x7f\x7f");
    await waitFor(() => app.editor.getText() === "", 10_000, "the input to be empty");
    terminal.send(CTRL_D);
    expect(await exit).toBe(0);
    expect(app.farewell).toMatch(/^session (\S+) \(resume: mini-agent -r \1\)$/);
  });

  it("/delete says which session it deleted, once it is gone", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }] } });
    const { terminal, app, exit, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    await waitFor(() => sessionFiles(box.home).length === 1);
    terminal.send("/delete\r");
    await terminal.waitForText("Delete this session for good? (y/n)");
    terminal.send("y");
    expect(await exit).toBe(0);
    expect(sessionFiles(box.home)).toEqual([]);
    expect(app.farewell).toMatch(/^deleted session \S+$/);
  });
});
