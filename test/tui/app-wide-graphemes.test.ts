// Emoji made of several code points (a skin tone, a ZWJ family, a flag) are one grapheme to
// pi-tui (two columns) but not to every terminal: tmux 3.3 draws 👍🏽 in four columns, xterm
// (the virtual terminal here) draws 👨‍👩‍👧‍👦 in four. A line pi-tui thought fitted then wraps on
// screen, every row under it is one off, and stale lines stay behind (a "the model is writing"
// line in the middle of the conversation). Lines are laid out for the widest such terminal.
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

const FAMILY = "👨‍👩‍👧‍👦";
const ANSWER = [
  `Thumbs 👍🏽 up, the family ${FAMILY} and the flag 🇩🇪 here, ${FAMILY}${FAMILY}${FAMILY} together.`,
  `More ${FAMILY} ${FAMILY} ${FAMILY} ${FAMILY} ${FAMILY} ${FAMILY} ${FAMILY} ${FAMILY} on one line.`,
  "",
  "Done.",
].join("\n");

describe("wide graphemes", () => {
  it("a streamed answer full of them leaves no stale line and no line twice", async () => {
    running = startApp({ columns: 40, script: { turns: [{ text: ANSWER, delay_ms: 5 }] } });
    const { terminal, app } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("emoji please\r");
    await terminal.waitForText("Done.");
    await terminal.waitForScreen((s) => !s.includes("the model is writing") && !s.includes("waiting for the model"), "the spinner to go");
    const lines = terminal.allLines();
    // Each row of the answer once, in order, and nothing of the spinner left between them.
    for (const start of [" Thumbs", " More", " Done."]) expect(lines.filter((line) => line.startsWith(start))).toHaveLength(1);
    expect(lines.join("\n")).not.toMatch(/⠋|⠙|⠹|⠸|⠼|⠴|⠦|⠧|⠇|⠏/);
    // Every family kept whole: the text the terminal holds has all four members each time.
    expect(lines.join("").split(FAMILY).length - 1).toBe(12);
    expect(app.tui.fullRedraws).toBe(1);
  });
});
