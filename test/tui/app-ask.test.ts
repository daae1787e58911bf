// The model's question with options, answered in words of one's own: what is typed is sent
// (the highlighted option is not), in single and multiple choice alike.
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

const ask = (args: Record<string, unknown>) => ({ tool_calls: [{ name: "ask", arguments: args }] });

describe("a question with options", () => {
  it("typing an answer and enter sends the typed text; backspace edits it; with it empty enter picks", async () => {
    running = startApp({
      script: {
        turns: [
          ask({ question: "Which test runner?", options: [{ label: "vitest" }, { label: "jest" }] }),
          { text: "Runner: {{last_result}}" },
          ask({ question: "Which checks?", options: [{ label: "lint" }, { label: "types" }], multiple: true }),
          { text: "Checks: {{last_result}}" },
          ask({ question: "Tabs or spaces?", options: [{ label: "tabs" }, { label: "spaces" }] }),
          { text: "Indent: {{last_result}}" },
        ],
      },
    });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("set it up\r");
    await terminal.waitForText("or type your own answer:");
    terminal.send("mocha pleasx");
    terminal.send("\x7f");
    terminal.send("e");
    await terminal.waitForText("> mocha please");
    await terminal.waitForText("enter sends what you typed");
    terminal.send("\r");
    await terminal.waitForText("→ mocha please");
    await terminal.waitForText("Runner: The user answered: mocha please");

    // Several may be picked: a space typed after text is part of the text.
    terminal.send("checks\r");
    await terminal.waitForText("[ ] types");
    terminal.send("all of them");
    terminal.send("\r");
    await terminal.waitForText("Checks: The user answered: all of them");

    // Nothing typed: enter picks the highlighted option, as before.
    terminal.send("indent\r");
    await terminal.waitForText("Tabs or spaces?");
    terminal.send("\x1b[B");
    terminal.send("\r");
    await terminal.waitForText("→ spaces");
    await terminal.waitForText("Indent: The user chose: spaces");
    const screen = terminal.allLines().join("\n");
    expect(screen).not.toContain("→ vitest");
    expect(screen).not.toContain("→ lint");
  });
});
