// Leaving the TUI takes away what only made sense while it ran (the input box, the footer, the
// spinner, "ctrl-c again to quit", a question still waiting) and keeps the conversation: the
// screen the person returns to reads as a transcript.
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

const CTRL_C = "\x03";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

/** The screen once the app has let go of the terminal. */
async function afterExit(run: RunningApp): Promise<string> {
  expect(await run.exit).toBe(0);
  await run.terminal.flush();
  return run.terminal.allLines().join("\n");
}

/** No rule of the input box, no footer. */
function expectNoLiveArea(screen: string): void {
  expect(screen).not.toMatch(/^─{20,}$/m);
  expect(screen).not.toContain("thinking default");
  expect(screen).not.toContain("ctrl-c again to quit");
}

describe("on exit", () => {
  it("the input, the footer and the quit hint go; the conversation stays", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    terminal.send("half a thought");
    await terminal.waitForText("half a thought");
    terminal.send(CTRL_C);
    terminal.send(CTRL_C);
    await terminal.waitForText("ctrl-c again to quit");
    terminal.send(CTRL_C);
    const screen = await afterExit(running);
    expect(screen).toContain("› hello");
    expect(screen).toContain("hi there.");
    expect(screen).not.toContain("half a thought");
    expectNoLiveArea(screen);
  });

  it("an approval still waiting loses its keys and says it was not answered", async () => {
    const write = { name: "write_file", arguments: { path: "a.txt", content: "one\n" } };
    running = startApp({ script: { turns: [{ text: "Writing.", tool_calls: [write] }, { text: "never" }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("write it\r");
    await terminal.waitForText("y allow once");
    terminal.send(CTRL_C);
    await terminal.waitForText("ctrl-c again to quit");
    terminal.send(CTRL_C);
    const screen = await afterExit(running);
    expect(screen).toContain("Writing.");
    expect(screen).toMatch(/\? write_file a\.txt → not answered/);
    expect(screen).not.toContain("y allow once");
    expect(screen).not.toContain("+one");
    expectNoLiveArea(screen);
  });

  it("a command's y/n question still open goes; the spinner of a streaming answer goes", async () => {
    running = startApp({ script: { turns: [{ text: "hi there." }, { text: "a slow answer that is still streaming when the app quits", delay_ms: 200 }] } });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("hello\r");
    await terminal.waitForText("hi there.");
    await waitFor(() => app.footer.info.model === "fake-scripted");
    terminal.send("/delete\r");
    await terminal.waitForText("Delete this session for good? (y/n)");
    terminal.send(CTRL_C);
    terminal.send(CTRL_C);
    const screen = await afterExit(running);
    expect(screen).not.toContain("Delete this session for good?");
    expectNoLiveArea(screen);

    running = startApp({ box: running.box, choice: { mode: "continue" }, script: { turns: [{ text: "a slow answer that is still streaming when the app quits", delay_ms: 200 }] } });
    await running.terminal.waitForText("› hello");
    running.terminal.send("again\r");
    await running.terminal.waitForText("the model is writing");
    running.terminal.send(CTRL_C);
    running.terminal.send(CTRL_C);
    const second = await afterExit(running);
    expect(second).not.toContain("the model is writing");
    expect(second).toContain("› again");
    expectNoLiveArea(second);
  });
});
