// Memory changes in the TUI over a real engine session: the model's remember and forget each
// leave a line in the transcript (no approval is asked, so the line is how a person hears of
// it), also when the session is resumed and its conversation replayed.
import { afterEach, describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("memory in the TUI", () => {
  it("shows a line when the model remembers and when it forgets, and again on resume", async () => {
    running = startApp({
      script: {
        turns: [
          { text: "Saving it.", tool_calls: [{ name: "remember", arguments: { note: "Release with\nnpm run release\u001b[2J" } }] },
          { text: "Saved." },
        ],
      },
    });
    const { terminal, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("keep the release command\r");
    await terminal.waitForText("Saved.");
    const screen = terminal.allLines().join("\n");
    const id = /memory: the model remembered (m[0-9a-f]{6}) "Release with npm run release"/.exec(screen)?.[1];
    expect(id, screen).toBeDefined();
    // The escape sequence went whole: nothing of it on screen, and the screen was not cleared.
    expect(screen).not.toContain("[2J");
    expect(screen).toContain("› keep the release command");
    await running.app.quit(0);

    // The next session forgets it; resumed, it replays that line with its conversation.
    running = startApp({ box, script: { turns: [{ tool_calls: [{ name: "forget", arguments: { id } }] }, { text: "Forgotten." }] } });
    await running.terminal.waitForText("ctrl-c twice quit");
    running.terminal.send("drop it\r");
    await running.terminal.waitForText("Forgotten.");
    expect(running.terminal.allLines().join("\n")).toContain(`memory: the model forgot ${id} "Release with npm run release"`);
    await running.app.quit(0);

    running = startApp({ box, choice: { mode: "continue" } });
    await running.terminal.waitForText("Forgotten.");
    await running.terminal.waitForText(`memory: the model forgot ${id}`);
  });

  it("a forget of the user's own note is refused: a tool error, no memory line", async () => {
    const box = makeSandbox();
    const added = await runCli(["memory", "add", "Deploys go through CI only"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } });
    const id = /^added (m[0-9a-f]{6})\n$/.exec(added.stdout)![1]!;
    running = startApp({ box, script: { turns: [{ tool_calls: [{ name: "forget", arguments: { id } }] }, { text: "Could not." }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("forget the deploy note\r");
    await terminal.waitForText("Could not.");
    const screen = terminal.allLines().join("\n");
    expect(screen).toContain(`${id} is the user's own note`);
    expect(screen).not.toContain("memory: the model forgot");
    expect((await runCli(["memory"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } })).stdout).toContain("Deploys go through CI only");
  });
});
