// The theme a TUI is built with: role → styling function, plus the theme objects pi-tui's
// components take. Built once from tokens.ts and a ColorChoice; NO_COLOR gives plain text.
import type { EditorTheme, MarkdownTheme, SelectListTheme } from "@mariozechner/pi-tui";
import { highlightCode } from "./code-highlight.js";
import type { ColorChoice } from "./detect.js";
import { DARK, LIGHT, type Token } from "./tokens.js";

export type Style = (text: string) => string;

export interface Theme {
  readonly color: boolean;
  fg(token: Token, text: string): string;
  bold: Style;
  italic: Style;
  inverse: Style;
  markdown: MarkdownTheme;
  selectList: SelectListTheme;
  editor: EditorTheme;
}

const sgr = (open: string, close: string): Style => (text) => `\x1b[${open}m${text}\x1b[${close}m`;
const plain: Style = (text) => text;

export function createTheme(choice: ColorChoice): Theme {
  const palette = choice.background === "light" ? LIGHT : DARK;
  const on = choice.color;
  // Dim is an intensity, not a colour: it closes with 22, colours with 39.
  const fg = (token: Token, text: string) =>
    on ? `\x1b[${palette[token]}m${text}\x1b[${palette[token] === "2" ? "22" : "39"}m` : text;
  const role = (token: Token): Style => (text) => fg(token, text);
  const bold = on ? sgr("1", "22") : plain;
  const italic = on ? sgr("3", "23") : plain;
  const inverse = on ? sgr("7", "27") : plain;
  const underline = on ? sgr("4", "24") : plain;
  const strike = on ? sgr("9", "29") : plain;

  const selectList: SelectListTheme = {
    selectedPrefix: role("accent"),
    selectedText: (text) => bold(fg("accent", text)),
    description: role("muted"),
    scrollInfo: role("muted"),
    noMatch: role("muted"),
  };
  return {
    color: on,
    fg,
    bold,
    italic,
    inverse,
    selectList,
    editor: { borderColor: role("border"), selectList },
    markdown: {
      heading: (text) => bold(fg("mdHeading", text)),
      link: role("mdLink"),
      linkUrl: role("muted"),
      code: role("mdCode"),
      codeBlock: role("mdCode"),
      codeBlockBorder: role("mdCodeBorder"),
      // Without colour there is nothing to highlight: pi-tui then prints the lines as they are.
      ...(on ? { highlightCode: (code: string, lang?: string) => highlightCode(code, lang, fg) } : {}),
      quote: role("mdQuote"),
      quoteBorder: role("mdQuote"),
      hr: role("border"),
      listBullet: role("mdBullet"),
      bold,
      italic,
      strikethrough: strike,
      underline,
    },
  };
}
