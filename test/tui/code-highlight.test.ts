// Fenced code blocks are coloured by token (keywords, strings, comments, numbers), read back
// from the virtual terminal's cells; without colour, or for an unknown language, they stay plain.
import { describe, expect, it } from "vitest";
import { AssistantMessage } from "../../src/tui/components/messages/assistant-message.js";
import { highlightCode } from "../../src/tui/theme/code-highlight.js";
import { createTheme } from "../../src/tui/theme/theme.js";
import { DARK, type Token } from "../../src/tui/theme/tokens.js";
import { mount, plainTheme } from "./harness.js";

/** The 256-colour index of a palette entry ("38;5;176" → 176). */
const colour = (token: Token) => Number(DARK[token].split(";")[2]);

/** The foreground of the first cell of `text` on screen. */
function fgOf(terminal: ReturnType<typeof mount>["terminal"], text: string): number | undefined {
  const buffer = terminal.xterm.buffer.active;
  for (let y = 0; y < buffer.length; y++) {
    const line = buffer.getLine(y)!;
    const x = line.translateToString(false).indexOf(text);
    if (x >= 0) {
      const cell = line.getCell(x)!;
      return cell.isFgPalette() ? cell.getFgColor() : undefined;
    }
  }
  return undefined;
}

const ANSWER = [
  "Here is the fix:",
  "",
  "```ts",
  "const limit = 42; // the cap",
  'return fetchAll("items", limit);',
  "/* a block",
  "   comment */ export { limit };",
  "```",
  "",
  "```python",
  "def main(): return None  # done",
  "```",
  "",
].join("\n");

describe("code blocks", () => {
  it("are coloured by token on the terminal", async () => {
    const message = new AssistantMessage(createTheme({ color: true, background: "dark" }), ANSWER);
    const { terminal, tui } = mount([message], 80, 30);
    tui.requestRender();
    await terminal.waitForText("comment */ export");
    await terminal.flush();
    expect(fgOf(terminal, "const limit")).toBe(colour("codeKeyword"));
    expect(fgOf(terminal, "limit = 42")).toBe(colour("mdCode"));
    expect(fgOf(terminal, "42;")).toBe(colour("codeNumber"));
    expect(fgOf(terminal, "// the cap")).toBe(colour("codeComment"));
    expect(fgOf(terminal, '"items"')).toBe(colour("codeString"));
    expect(fgOf(terminal, "/* a block")).toBe(colour("codeComment"));
    expect(fgOf(terminal, "comment */")).toBe(colour("codeComment"));
    expect(fgOf(terminal, "export {")).toBe(colour("codeKeyword"));
    expect(fgOf(terminal, "def main")).toBe(colour("codeKeyword"));
    expect(fgOf(terminal, "None")).toBe(colour("codeKeyword"));
    expect(fgOf(terminal, "# done")).toBe(colour("codeComment"));
    tui.stop();
  });

  it("stay plain without colour, and in the code colour for a language it does not know", async () => {
    const message = new AssistantMessage(plainTheme(), ANSWER);
    const { terminal, tui } = mount([message], 80, 30);
    tui.requestRender();
    await terminal.waitForText("const limit = 42; // the cap");
    expect(terminal.written).not.toContain("\x1b[38;5;");
    tui.stop();
    const paint = (token: Token, text: string) => `<${token}>${text}`;
    expect(highlightCode("const x = 1", "brainfuck", paint)).toEqual(["<mdCode>const x = 1"]);
    expect(highlightCode("echo 'it''s' # note", "bash", paint)).toEqual(["<codeKeyword>echo<mdCode> <codeString>'it'<codeString>'s'<mdCode> <codeComment># note"]);
    expect(highlightCode("const s = `a\nb` + 1", "ts", paint)).toEqual(["<codeKeyword>const<mdCode> s = <codeString>`a", "<codeString>b`<mdCode> + <codeNumber>1"]);
  });
});
