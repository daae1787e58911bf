// /undo through the whole TUI over a real engine session: the checkpoint taken before the
// turn's first write, the files listed, y/n asked, the real files put back.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  running = undefined;
});

describe("/undo in the TUI", () => {
  it("lists the files, n keeps them, y puts them back and says what was restored", async () => {
    const box = makeSandbox();
    const notes = path.join(box.workspace, "notes.md");
    const added = path.join(box.workspace, "new.txt");
    writeFileSync(notes, "the old notes\n");
    running = startApp({
      box,
      script: {
        turns: [
          {
            text: "Changing two files.",
            tool_calls: [
              { name: "write_file", arguments: { path: "notes.md", content: "the new notes\n" } },
              { name: "write_file", arguments: { path: "new.txt", content: "brand new\n" } },
            ],
          },
          { text: "Both written." },
        ],
      },
    });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("change them\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForScreen((s) => /write_file notes\.md {2}ok · allowed once/.test(s) && s.includes("y allow once"), "the second approval");
    terminal.send("y");
    await terminal.waitForText("Both written.");
    expect(readFileSync(notes, "utf8")).toBe("the new notes\n");
    expect(existsSync(added)).toBe(true);

    terminal.send("/undo\r");
    await terminal.waitForText("/undo puts the files back as they were before turn 1, changing 2 files:");
    await terminal.waitForText("  rewrite notes.md");
    await terminal.waitForText("  delete new.txt");
    await terminal.waitForText("Undo these changes? (y/n)");
    terminal.send("n");
    await terminal.waitForText("nothing undone");
    expect(readFileSync(notes, "utf8")).toBe("the new notes\n");
    expect(existsSync(added)).toBe(true);

    terminal.send("/undo\r");
    await terminal.waitForScreen((s) => s.split("Undo these changes? (y/n)").length === 3, "the second question");
    terminal.send("y");
    await terminal.waitForText("undone: the files are as they were before turn 1:");
    await terminal.waitForText("(mini-agent undo --checkpoint 2 brings it back)");
    expect(readFileSync(notes, "utf8")).toBe("the old notes\n");
    expect(existsSync(added)).toBe(false);
  });

  it("one file is counted in the singular", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "notes.md"), "the old notes\n");
    const write = { name: "write_file", arguments: { path: "notes.md", content: "the new notes\n" } };
    running = startApp({ box, script: { turns: [{ text: "Changing one.", tool_calls: [write] }, { text: "Written." }] } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("change it\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("Written.");
    terminal.send("/undo\r");
    await terminal.waitForText("/undo puts the files back as they were before turn 1, changing 1 file:");
  });

  it("a session whose turns changed nothing: /undo says so and touches nothing", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "keep.txt"), "kept\n");
    running = startApp({ box, script: { turns: [{ text: "just talking." }] } });
    const { terminal } = running;
    await waitFor(() => running!.app.footer.info.model === "fake-scripted");
    terminal.send("hello\r");
    await terminal.waitForText("just talking.");
    terminal.send("/undo\r");
    await terminal.waitForText("/undo failed: this session has no checkpoint yet: no turn has changed anything");
    expect(terminal.allLines().join("\n")).not.toContain("Undo these changes?");
    expect(readFileSync(path.join(box.workspace, "keep.txt"), "utf8")).toBe("kept\n");
  });
});
