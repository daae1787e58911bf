// The input editor with real key sequences: submit, newlines, paste, history, menus.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/tui/commands/declarations.js";
import { CompletionProvider } from "../../src/tui/input/completion-provider.js";
import { PromptEditor } from "../../src/tui/input/prompt-editor.js";
import { waitFor } from "../helpers/processes.js";
import { mount, plainTheme } from "./harness.js";

function setup(cwd = process.cwd()) {
  const { terminal, tui } = mount([], 80, 24);
  const editor = new PromptEditor(tui, plainTheme().editor);
  editor.setAutocompleteProvider(new CompletionProvider(cwd, () => COMMANDS));
  tui.addChild(editor);
  tui.setFocus(editor);
  const submitted: string[] = [];
  editor.onSubmitExpanded = (text, typed) => {
    submitted.push(text);
    editor.addToHistory(typed);
  };
  return { terminal, tui, editor, submitted };
}

const SHIFT_ENTER = "\x1b[13;2u";
const CTRL_J = "\n";
const UP = "\x1b[A";

describe("input editor", () => {
  it("enter submits; shift+enter and ctrl+j insert newlines", async () => {
    const { terminal, submitted } = setup();
    terminal.send("first line");
    terminal.send(SHIFT_ENTER);
    terminal.send("second");
    terminal.send(CTRL_J);
    terminal.send("third");
    await terminal.waitForText("third");
    expect(submitted).toEqual([]);
    terminal.send("\r");
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe("first line\nsecond\nthird");
  });

  it("a bracketed paste never submits early; a large one shows a placeholder and expands", async () => {
    const { terminal, editor, submitted } = setup();
    terminal.paste("small\npaste\n");
    await terminal.waitForText("paste");
    expect(submitted).toEqual([]);
    editor.clear();
    // Copied with its last newline, as terminals do: still 120 lines.
    const big = Array.from({ length: 120 }, (_, i) => `row ${i}\n`).join("");
    terminal.send("see ");
    terminal.paste(big);
    await terminal.waitForText("see [pasted 120 lines]");
    expect(terminal.allLines().join("\n")).not.toContain("row 5");
    expect(submitted).toEqual([]);
    terminal.send("\r");
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe(`see ${big}`);
    // Up recalls it as typed, placeholder and all, and sending it again sends the paste.
    terminal.send(UP);
    await waitFor(() => editor.getText() === "see [pasted 120 lines]");
    terminal.send("\r");
    await waitFor(() => submitted.length === 2);
    expect(submitted[1]).toBe(`see ${big}`);
  });

  it("up recalls earlier prompts", async () => {
    const { terminal, editor, submitted } = setup();
    editor.addToHistory("from last week");
    terminal.send("newer\r");
    await waitFor(() => submitted.length === 1);
    terminal.send(UP);
    await waitFor(() => editor.getText() === "newer");
    terminal.send(UP);
    await waitFor(() => editor.getText() === "from last week");
  });

  it("/ opens the command menu, filtered as you type; enter runs the pick", async () => {
    const { terminal, editor, submitted } = setup();
    terminal.send("/");
    await terminal.waitForText("/thinking");
    await terminal.waitForText("/sessions");
    terminal.send("th");
    await terminal.waitForScreen((s) => s.includes("/thinking") && !s.includes("/sessions"), "the menu to filter");
    terminal.send("\r");
    await waitFor(() => submitted.length === 1);
    expect(submitted[0]).toBe("/thinking");
    expect(editor.isShowingAutocomplete()).toBe(false);
  });

  it("emptying the input closes the menu, whatever empties it; enter on an empty input never runs a command", async () => {
    const CTRL_U = "\x15";
    const CTRL_W = "\x17";
    const BACKSPACE = "\x7f";
    for (const clear of [CTRL_U, CTRL_W, BACKSPACE]) {
      const { terminal, editor, submitted } = setup();
      terminal.send("/");
      await terminal.waitForText("start a fresh context in this session");
      // Enter at once, before any redraw: the menu must already be gone, not merely hidden later.
      terminal.send(clear);
      terminal.send("\r");
      expect(editor.isShowingAutocomplete()).toBe(false);
      await terminal.waitForScreen((s) => !s.includes("start a fresh context"), "the menu to close");
      expect(editor.getText()).toBe("");
      terminal.send("\r");
      terminal.send("x\r");
      await waitFor(() => submitted.length > 0);
      expect(submitted).toEqual(["x"]);
    }
  });

  it("an @ menu closes when the word it completes is deleted", async () => {
    const { terminal, editor } = setup();
    terminal.send("look at @");
    await waitFor(() => editor.isShowingAutocomplete(), 10_000, "the file menu");
    terminal.send("\x17");
    expect(editor.getText()).toBe("look at ");
    expect(editor.isShowingAutocomplete()).toBe(false);
  });

  it("@ opens a file picker that honours .gitignore and ranks prefix matches first", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tui-picker-"));
    mkdirSync(path.join(dir, "src"));
    mkdirSync(path.join(dir, ".git"));
    writeFileSync(path.join(dir, ".gitignore"), "secret-build/\n*.log\n");
    mkdirSync(path.join(dir, "secret-build"));
    writeFileSync(path.join(dir, "secret-build", "app.js"), "");
    writeFileSync(path.join(dir, "app.log"), "");
    writeFileSync(path.join(dir, "src", "app.ts"), "");
    writeFileSync(path.join(dir, "src", "mapper.ts"), "");
    const { terminal, editor } = setup(dir);
    terminal.send("look at @ap");
    await terminal.waitForText("src/app.ts");
    const screen = terminal.allLines().join("\n");
    expect(screen).not.toContain("secret-build");
    expect(screen).not.toContain("app.log");
    expect(screen.indexOf("src/app.ts")).toBeLessThan(screen.indexOf("src/mapper.ts"));
    terminal.send("\t");
    await waitFor(() => editor.getText() === "look at @src/app.ts ");
  });
});
