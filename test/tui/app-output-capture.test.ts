// What a dependency writes while the TUI runs (a provider SDK's console.warn, a process
// warning, a raw write to stderr or stdout) becomes a notice under the input instead of bytes
// over the frame; once the app quits, the streams and the console are as they were.
import { afterEach, describe, expect, it } from "vitest";
import { OutputCapture } from "../../src/tui/output-capture.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("output written by others while the TUI runs", () => {
  it("becomes a notice; quitting restores stdout, stderr and the console", async () => {
    const before = { out: process.stdout.write, err: process.stderr.write, warn: console.warn, log: console.log };
    // The virtual terminal never writes to process.stdout: every write there is someone else's.
    const capture = new OutputCapture(() => false);
    running = startApp({ outputCapture: capture });
    const { terminal, app, exit } = running;
    await terminal.waitForText("ctrl-c twice quit");
    expect(capture.active).toBe(true);

    console.warn("The model 'gpt-4-0613' is deprecated and will reach end-of-life");
    await terminal.waitForText("The model 'gpt-4-0613' is deprecated");
    process.emitWarning("a warning from the process");
    await terminal.waitForText("Warning: a warning from the process");
    let called = false;
    process.stderr.write("raw bytes to stderr\n", () => (called = true));
    process.stdout.write("\x1b[2Jtext to stdout\n");
    await terminal.waitForText("raw bytes to stderr");
    await terminal.waitForText("text to stdout");
    expect(called).toBe(true);
    // The frame held: the input's two rules, the welcome still on top.
    expect(terminal.viewport()[0]).toContain("mini-agent");
    expect(terminal.viewport().filter((line) => /^─{20,}$/.test(line))).toHaveLength(2);

    await app.quit(0);
    expect(await exit).toBe(0);
    expect(capture.active).toBe(false);
    expect(process.stdout.write).toBe(before.out);
    expect(process.stderr.write).toBe(before.err);
    expect(console.warn).toBe(before.warn);
    expect(console.log).toBe(before.log);
  });
});
