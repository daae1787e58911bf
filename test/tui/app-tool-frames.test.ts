// Tool frames over a real engine session: the person's answer shows in the frame's title
// before the outcome (and no answered approval line trails after it), each frame says how long
// its call ran, and a denial with a note says it once.
import { chmodSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("tool frames", () => {
  it("say how the approval was answered, then the outcome and the time it ran", async () => {
    running = startApp({
      script: {
        turns: [
          { tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "one\n" } }] },
          { tool_calls: [{ name: "run_command", arguments: { command: "./count.sh" } }] },
          { text: "All done." },
        ],
      },
    });
    const { terminal, box } = running;
    writeFileSync(path.join(box.workspace, "count.sh"), "#!/bin/sh\necho 3\n");
    chmodSync(path.join(box.workspace, "count.sh"), 0o755);
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("go\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForScreen((s) => /✓ write_file a\.txt {2}ok · allowed once · \d+\.\ds/.test(s), "the answer and the time in the title");
    await terminal.waitForText("is a program from a path, not the system count.sh");
    // The command's preview gives the reason: the frame does not repeat it.
    const reason = "./count.sh is a program from a path, not the system count.sh";
    expect(terminal.allLines().join("\n").split(reason)).toHaveLength(2);
    terminal.send("n");
    await terminal.waitForText("note for the model");
    terminal.send("use the system one\r");
    await terminal.waitForText("All done.");
    const screen = terminal.allLines().join("\n");
    expect(screen).toMatch(/⊘ run_command \.\/count\.sh {2}denied · by you/);
    expect(screen).toContain("declined by the user: use the system one");
    expect(screen).not.toContain("→ allowed once");
    expect(screen).not.toContain("→ denied");
  });

  it("a write of the text the file already holds asks nothing and says at once that nothing changed", async () => {
    const content = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n") + "\n";
    running = startApp({
      script: {
        turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "big.txt", content } }] }, { text: "Model saw: {{last_result}}" }],
      },
    });
    const { terminal, box } = running;
    const file = path.join(box.workspace, "big.txt");
    writeFileSync(file, content);
    const written = statSync(file).mtimeMs;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("write it\r");
    await terminal.waitForText("Model saw: No changes: big.txt already has exactly this content, so nothing was written.");
    const screen = terminal.allLines().join("\n");
    expect(screen).not.toContain("y allow once");
    expect(screen).toMatch(/✓ write_file big\.txt {2}ok/);
    expect(statSync(file).mtimeMs).toBe(written);
  });
});
