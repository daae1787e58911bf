// The terminal's scrollback belongs to the person: their shell's history above mini-agent, and
// what mini-agent printed earlier. A frame taller than the window, or a session switch, must
// neither erase it (pi-tui's full redraw sends ESC[3J) nor repaint the whole conversation.
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

const MARKER = "shell-history-marker: make test passed";
/** A screenful and more of a shell's past, the marker first: it is in the scrollback at start. */
const SHELL = [MARKER, ...Array.from({ length: 40 }, (_, i) => `$ earlier shell line ${i + 1}`)];
const BIG = Array.from({ length: 200 }, (_, i) => `line ${i + 1} of the big file`).join("\n") + "\n";

describe("the scrollback survives", () => {
  it("an approval taller than the window: the diff is cut to fit, and answering it repaints nothing above", async () => {
    running = startApp({
      rows: 24,
      shellHistory: SHELL,
      script: { turns: [{ text: "Writing it.", tool_calls: [{ name: "write_file", arguments: { path: "big.txt", content: BIG } }] }, { text: "Wrote the big file." }] },
    });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    const redraws = app.tui.fullRedraws;
    terminal.send("write the big file\r");
    await terminal.waitForText("y allow once");
    // The frame and everything under it fit the window, so its first line stays on screen.
    await terminal.waitForScreen((s) => /… \d+ more lines/.test(s), "the diff to say how much is not shown");
    const screen = terminal.viewport().join("\n");
    expect(screen).toContain("? write_file big.txt");
    expect(screen).toContain("+200 −0");
    terminal.send("y");
    await terminal.waitForText("Wrote the big file.");
    expect(app.tui.fullRedraws).toBe(redraws);
    expect(terminal.written).not.toContain("\x1b[3J");
    const all = terminal.allLines();
    expect(all).toContain(MARKER);
    expect(all.filter((line) => line.includes("$ earlier shell line 40"))).toHaveLength(1);
  });

  it("switching session with /sessions prints the other session below; nothing above is cleared", async () => {
    const first = startApp({ script: { turns: [{ text: "the first session's answer." }] } });
    await first.terminal.waitForText("ctrl-c twice quit");
    first.terminal.send("first question\r");
    await first.terminal.waitForText("the first session's answer.");
    await first.app.quit(0);

    // Longer than the window: the conversation's start has scrolled off when /sessions switches.
    const long = `the second session's answer.\n\n${Array.from({ length: 30 }, (_, i) => `- detail ${i + 1}`).join("\n")}`;
    running = startApp({ box: first.box, rows: 24, shellHistory: SHELL, script: { turns: [{ text: long }] } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model === "fake-scripted");
    terminal.send("second question\r");
    await terminal.waitForText("- detail 30");
    const redraws = app.tui.fullRedraws;
    terminal.send("/sessions\r");
    await terminal.waitForText("Start a new session");
    terminal.send("\x1b[B");
    terminal.send("\r");
    await terminal.waitForText("› first question");
    await terminal.waitForText("the first session's answer.");
    expect(app.tui.fullRedraws).toBe(redraws);
    expect(terminal.written).not.toContain("\x1b[3J");
    const all = terminal.allLines().join("\n");
    expect(all).toContain(MARKER);
    // What the left session showed is still there, once, above the one switched to.
    expect(all.split("- detail 30")).toHaveLength(2);
    expect(all.indexOf("- detail 30")).toBeLessThan(all.indexOf("› first question"));
  });

  it("a repaint of everything (ctrl-l, a resize) clears the screen, never the scrollback", async () => {
    running = startApp({ rows: 24, shellHistory: SHELL, script: { turns: [{ text: "an answer." }] } });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("a question\r");
    await terminal.waitForText("an answer.");
    const redraws = app.tui.fullRedraws;
    terminal.send("\x0c");
    await waitFor(() => app.tui.fullRedraws === redraws + 1, 10_000, "ctrl-l to repaint");
    terminal.resize(90, 24);
    await waitFor(() => app.tui.fullRedraws === redraws + 2, 10_000, "the resize to repaint");
    await terminal.waitForText("an answer.");
    expect(terminal.written).not.toContain("\x1b[3J");
    expect(terminal.allLines()).toContain(MARKER);
  });
});
