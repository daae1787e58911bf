import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/tui/commands/declarations.js";
import { parseInput } from "../../src/tui/commands/parse.js";
import { describeUnknown, editDistance } from "../../src/tui/commands/suggest.js";
import { splitStableBlocks } from "../../src/tui/components/messages/markdown-blocks.js";
import { exactForConsent, sanitizeForTerminal } from "../../src/tui/components/messages/sanitize.js";
import { keyArgument, extractDiff } from "../../src/tui/components/messages/tool-summary.js";
import { formatAge, sessionLabel } from "../../src/tui/components/chrome/session-item.js";
import { fitPath } from "../../src/tui/components/chrome/footer.js";
import { describeDropped } from "../../src/tui/coordinator.js";
import { fitLine } from "../../src/tui/fit-width.js";
import { clipGraphemes, worstWidth } from "../../src/tui/graphemes.js";
import { HistoryStore, MAX_FILE_BYTES } from "../../src/tui/input/history-store.js";
import { PastePlaceholders } from "../../src/tui/input/paste-placeholders.js";
import { rankPaths } from "../../src/tui/input/path-rank.js";
import { backgroundFromColorFgBg, backgroundFromOsc11, detectColors } from "../../src/tui/theme/detect.js";
import { createTheme } from "../../src/tui/theme/theme.js";

describe("markdown blocks", () => {
  it("splits at blank lines outside fences and keeps the growing tail", () => {
    expect(splitStableBlocks("# Title\n\npara one\nstill one\n\npara tw")).toEqual({ stable: ["# Title", "para one\nstill one"], tail: "para tw" });
  });
  it("never splits inside a code fence, closed or not", () => {
    const open = "intro\n\n```js\nconst a = 1;\n\nconst b = 2;\n";
    expect(splitStableBlocks(open)).toEqual({ stable: ["intro"], tail: "```js\nconst a = 1;\n\nconst b = 2;\n" });
    const closed = `${open}\`\`\`\n\nafter`;
    expect(splitStableBlocks(closed).stable).toEqual(["intro", "```js\nconst a = 1;\n\nconst b = 2;\n```"]);
    expect(splitStableBlocks(closed).tail).toBe("after");
  });
  it("a ~~~ fence is not closed by ```", () => {
    expect(splitStableBlocks("~~~\n```\n\nx\n").stable).toEqual([]);
  });
});

describe("slash command parsing", () => {
  it("known commands with arguments", () => {
    const parsed = parseInput("/thinking  high ");
    expect(parsed.kind === "command" && parsed.command.name === "thinking" && parsed.args === "high").toBe(true);
  });
  it("an unknown lone word is a mistyped command; a path-like sentence is a prompt", () => {
    expect(parseInput("/frob")).toEqual({ kind: "unknown-command", name: "frob" });
    expect(parseInput("/usr/bin is odd")).toEqual({ kind: "prompt", text: "/usr/bin is odd" });
    expect(parseInput("/frob the widget").kind).toBe("prompt");
    expect(parseInput("hello /help").kind).toBe("prompt");
  });
  it("/resume is /sessions, as Claude Code users type it", () => {
    const parsed = parseInput("/resume");
    expect(parsed.kind === "command" && parsed.command.name).toBe("sessions");
  });
  it("an unknown word gets the command it begins or is a slip away from, or none", () => {
    expect(describeUnknown("hlep", COMMANDS)).toBe("unknown command /hlep; did you mean /help?");
    expect(describeUnknown("claer", COMMANDS)).toBe("unknown command /claer; did you mean /clear?");
    expect(describeUnknown("sess", COMMANDS)).toBe("unknown command /sess; did you mean /sessions?");
    expect(describeUnknown("mo", COMMANDS)).toBe("unknown command /mo; did you mean /model or /models?");
    expect(describeUnknown("resum", COMMANDS)).toBe("unknown command /resum; did you mean /resume?");
    expect(describeUnknown("frob", COMMANDS)).toBe("unknown command /frob; /help lists the commands");
    expect(editDistance("hlep", "help")).toBe(1);
  });
});

describe("graphemes", () => {
  const FAMILY = "👨‍👩‍👧‍👦";
  it("cutting keeps a cluster whole: a title, a dropped prompt, a path", () => {
    const title = `${"x".repeat(58)}${FAMILY}${FAMILY} and more`;
    expect(sessionLabel({ id: "s", mtimeMs: 0, title })).toBe(`${"x".repeat(58)}${FAMILY}…`);
    expect(describeDropped([`${"y".repeat(59)}${FAMILY} tail`])).toContain(`“${"y".repeat(59)}…”`);
    expect(fitPath(`/home/me/${FAMILY}${FAMILY}-project/src`, 21)).toBe(`…${FAMILY}-project/src`);
    expect(fitPath(`/home/me/${FAMILY}${FAMILY}-project/src`, 20)).toBe("…-project/src");
  });
  it("a cluster is counted as wide as a terminal drawing its parts apart would draw it", () => {
    expect(worstWidth("ok")).toBe(2);
    expect(worstWidth("👍🏽")).toBe(4);
    expect(worstWidth(FAMILY)).toBe(8);
    expect(worstWidth("🇩🇪")).toBe(2);
    expect(worstWidth(`\x1b[1m${FAMILY}\x1b[22m`)).toBe(8);
    expect(clipGraphemes(`${FAMILY}${FAMILY}${FAMILY}`, 2)).toBe(`${FAMILY}…`);
  });
  it("a line too wide for such a terminal loses its padding, then wraps at a space, keeping its styles and indent", () => {
    expect(fitLine(" short", 10)).toEqual([" short"]);
    expect(fitLine(` ${FAMILY}        `, 10)).toEqual([` ${FAMILY}`]);
    const rows = fitLine(` \x1b[1mbold ${FAMILY} words ${FAMILY} end\x1b[22m`, 16);
    expect(rows).toEqual([` \x1b[1mbold ${FAMILY}`, `\x1b[1m words ${FAMILY}`, `\x1b[1m end\x1b[22m`]);
    for (const row of rows) expect(worstWidth(row)).toBeLessThanOrEqual(16);
  });
});

describe("paste placeholders", () => {
  it("small pastes go in verbatim; large ones fold and expand on submit", () => {
    const pastes = new PastePlaceholders();
    expect(pastes.add("one\ntwo")).toBe("one\ntwo");
    const big = Array.from({ length: 120 }, (_, i) => `line ${i}`).join("\r\n");
    const marker = pastes.add(big);
    expect(marker).toBe("[pasted 120 lines]");
    expect(pastes.add(big)).toBe("[pasted 120 lines #2]");
    expect(pastes.add("x".repeat(1500))).toBe("[pasted 1500 chars]");
    expect(pastes.add(`${"y\n".repeat(11)}`)).toBe("[pasted 11 lines]");
    const expanded = pastes.expand(`look: ${marker} and [pasted 120 lines #2]`);
    expect(expanded.split("\n")).toHaveLength(239);
    expect(expanded).not.toContain("\r");
    expect(expanded.startsWith("look: line 0\nline 1")).toBe(true);
  });
});

describe("file ranking", () => {
  it("prefix of the name first, then path prefix, substring, fuzzy", () => {
    const files = ["src/app/main.ts", "docs/main-notes.md", "src/domain.ts", "main.ts", "lib/m-a-i-n.txt", "other.ts"];
    expect(rankPaths(files, "main")).toEqual(["main.ts", "src/app/main.ts", "docs/main-notes.md", "src/domain.ts", "lib/m-a-i-n.txt"]);
    expect(rankPaths(files, "src/")).toEqual(["src/domain.ts", "src/app/main.ts"]);
    expect(rankPaths(files, "zzz")).toEqual([]);
  });
});

describe("history store", () => {
  it("persists, de-duplicates and survives a damaged file", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "tui-history-"));
    const store = HistoryStore.forWorkspace(dir, "ws-123");
    store.add("first");
    store.add("second");
    store.add("first");
    expect(new HistoryStore(store.file).load()).toEqual(["second", "first"]);
    writeFileSync(store.file, "{not json");
    expect(store.load()).toEqual([]);
    store.add("again");
    expect(JSON.parse(readFileSync(store.file, "utf8"))).toEqual(["again"]);
    // Read and written on every submit: a huge paste is cut, a file grown huge before is not read.
    store.add(`${"p".repeat(10 * 1024 * 1024)}`);
    expect(statSync(store.file).size).toBeLessThan(128 * 1024);
    expect(new HistoryStore(store.file).load()[1]).toMatch(/^p+\n\[prompt history: cut here; the prompt was 10485760 characters/);
    writeFileSync(store.file, JSON.stringify(["old", "q".repeat(MAX_FILE_BYTES)]));
    expect(store.load()).toEqual([]);
    store.add("fresh");
    expect(JSON.parse(readFileSync(store.file, "utf8"))).toEqual(["fresh"]);
  });
});

describe("theme", () => {
  it("NO_COLOR gives plain text; otherwise SGR colours", () => {
    const off = createTheme(detectColors({ NO_COLOR: "1" }));
    expect(off.fg("error", "x") + off.bold("y") + off.markdown.heading("h")).toBe("xyh");
    const on = createTheme(detectColors({}));
    expect(on.fg("error", "x")).toMatch(/^\x1b\[38;5;\d+mx\x1b\[39m$/);
  });
  it("detects a light background from COLORFGBG, OSC 11 or the override", () => {
    expect(backgroundFromColorFgBg("0;15")).toBe("light");
    expect(backgroundFromColorFgBg("15;0")).toBe("dark");
    expect(backgroundFromColorFgBg(undefined)).toBe("dark");
    expect(detectColors({ COLORFGBG: "15;0", MINI_AGENT_THEME: "light" }).background).toBe("light");
    expect(backgroundFromOsc11("\x1b]11;rgb:ffff/ffff/ffff\x07")).toBe("light");
    expect(backgroundFromOsc11("\x1b]11;rgb:1e1e/1e1e/1e1e\x1b\\")).toBe("dark");
    expect(backgroundFromOsc11("garbage")).toBeUndefined();
    expect(createTheme({ color: true, background: "light" }).fg("error", "x")).not.toBe(createTheme({ color: true, background: "dark" }).fg("error", "x"));
  });
});

describe("small helpers", () => {
  it("key arguments, diffs, escapes, ages", () => {
    expect(keyArgument('{"command":"npm test\\nmore","x":1}')).toBe("npm test");
    expect(keyArgument('{"path":"a.ts"}')).toBe("a.ts");
    expect(keyArgument("{broken")).toBe("");
    expect(extractDiff("wrote a.ts (+1 -0)\n--- /dev/null\n+++ b/a.ts\n@@ -0,0 +1 @@\n+hi")).toBe("--- /dev/null\n+++ b/a.ts\n@@ -0,0 +1 @@\n+hi");
    // Styling goes; a sequence that carries text keeps it, drawn visibly; nothing acts.
    expect(sanitizeForTerminal("a\x1b[2Jb\x1b]0;title\x07c\td\x07")).toBe("ab␛]0;title␇c    d");
    expect(sanitizeForTerminal("x\x1bP1$r hidden\x1b\\y\x1b]52;c;aGk=")).toBe("x␛P1$r hidden␛\\y␛]52;c;aGk=");
    // What a person approves: every control and invisible format character shown, none dropped.
    expect(exactForConsent("a\x1b[8mb\r\n\tc\x00\x7f\x9b\u202ed\u200de")).toBe("a␛[8mb␍\n␉   c␀␡\\x9b\\u202ed\u200de");
    expect(formatAge(30_000)).toBe("just now");
    expect(formatAge(3 * 3600_000)).toBe("3 h ago");
  });
});
