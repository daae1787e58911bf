// Slash commands typed while a turn runs wait, as prompts do, and run when it ends, as if typed
// then; a prompt typed after one waits behind it. Real keys on a virtual terminal over a real
// engine session (FAKE_LLM); what the model received is read from FAKE_LLM_RECORD.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

const ESC = "\x1b";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

/** A command that runs until the test creates `file` in the workspace (no timing window). */
const waitForFile = (file: string) => ({ name: "run_command", arguments: { command: `while [ ! -f ${file} ]; do sleep 0.05; done; echo released` } });

/** Starts a turn held by a command that waits for the file `go`. */
async function turnOnHold(script: unknown, record?: string): Promise<RunningApp> {
  running = startApp({ script, ...(record ? { record } : {}) });
  const { terminal } = running;
  await terminal.waitForText("ctrl-c twice quit");
  terminal.send("first\r");
  await terminal.waitForText("y allow once");
  terminal.send("y");
  await terminal.waitForText("run_command while");
  return running;
}

describe("slash commands typed mid-turn", () => {
  it("wait for the turn and run as if typed then; a prompt typed after waits behind them", async () => {
    const record = path.join(process.env.HOME ?? "/tmp", `requests-${Math.random().toString(36).slice(2)}.jsonl`);
    const { terminal, box } = await turnOnHold({ turns: [{ text: "starting.", tool_calls: [waitForFile("go")] }, { text: "first done." }, { text: "fresh answer." }] }, record);
    terminal.send("/clear\r");
    await terminal.waitForText("› /clear");
    terminal.send("/thinking high\r");
    terminal.send("after the clear\r");
    await terminal.waitForScreen((screen) => (screen.match(/\(queued: sent when the current turn ends\)/g) ?? []).length === 3, "three held lines");
    // Not refused, not run yet.
    expect(terminal.allLines().join("\n")).not.toMatch(/waits for the turn to end|context cleared|thinking: high/);

    writeFileSync(path.join(box.workspace, "go"), "");
    await terminal.waitForText("fresh answer.");
    const screen = terminal.allLines().join("\n");
    const order = ["first done.", "context cleared", "thinking: high", "› after the clear", "fresh answer."].map((text) => screen.indexOf(text));
    expect(order.every((at) => at >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(screen).not.toContain("(queued");
    expect(running!.app.footer.info.thinking).toBe("high");

    // The prompt behind /clear reached the model in a fresh context, at the new level.
    const requests = readFileSync(record, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { messages: { role: string; content?: string }[]; thinking?: string });
    const last = requests.at(-1)!;
    expect(last.messages).toEqual([{ role: "user", content: "after the clear" }]);
  });

  it("esc drops held commands with the turn and says so", async () => {
    const { terminal } = await turnOnHold({ turns: [{ text: "working.", tool_calls: [waitForFile("never")] }, { text: "should not run" }] });
    terminal.send("/clear\r");
    await terminal.waitForText("(queued");
    terminal.send(ESC);
    await terminal.waitForText("dropped the queued command “/clear” (esc drops the queue with the turn; up recalls it)");
    await terminal.waitForScreen((screen) => !screen.includes("(queued"), "the held line to go");
    expect(terminal.allLines().join("\n")).not.toMatch(/context cleared|should not run/);
  });

  it("/help and /quit act at once", async () => {
    const { terminal, exit } = await turnOnHold({ turns: [{ text: "working.", tool_calls: [waitForFile("never")] }] });
    terminal.send("/help\r");
    await terminal.waitForText("esc stop the turn");
    expect(terminal.allLines().join("\n")).not.toContain("(queued");
    terminal.send("/quit\r");
    expect(await exit).toBe(0);
  });
});
