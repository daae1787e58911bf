// A line cut to the window holds an emoji of several code points (👍🏽, 👨‍👩‍👧, 🇫🇷, 1️⃣, ❤️) at
// any place: it must still fit the width the renderer measures (worstWidth, what FitTUI lays
// out by), or FitTUI wraps it and the "..." lands on a row of its own. pi-tui's own cut counted
// 👍🏽 as two columns, two fewer than the renderer. Wrapped text must lose nothing either.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ApprovalFrame } from "../../src/tui/components/messages/approval-frame.js";
import { NoteLine } from "../../src/tui/components/messages/note-line.js";
import { ToolFrame } from "../../src/tui/components/messages/tool-frame.js";
import { fitLine } from "../../src/tui/fit-width.js";
import { worstWidth } from "../../src/tui/graphemes.js";
import { plainTheme } from "./harness.js";

const CLUSTERS = ["👍🏽", "👨‍👩‍👧", "👨‍👩‍👧‍👦", "🇫🇷", "1️⃣", "❤️", "你", "e\u0301", "👍"];
const theme = plainTheme();

function expectFits(lines: string[], width: number, what: string) {
  for (const line of lines) {
    expect(worstWidth(line), `${what}: ${JSON.stringify(line)}`).toBeLessThanOrEqual(width);
    expect(fitLine(line, width), what).toEqual([line]);
  }
}

describe("lines cut to the width", () => {
  it("fit the renderer's measure with a multi-code-point emoji at every cut position", () => {
    for (const cluster of CLUSTERS) {
      for (const width of [12, 31]) {
        for (let at = 0; at <= width + 2; at++) {
          const text = `${"x".repeat(at)}${cluster}${"y".repeat(width)}`;
          const what = `${cluster} at ${at}, width ${width}`;
          const frame = new ToolFrame(theme, "c1", "run_command", JSON.stringify({ command: `echo ${text}` }));
          frame.appendOutput(`${text}\n${cluster.repeat(width)}\n`);
          const running = frame.render(width);
          expectFits(running, width, what);
          // The header is cut on its own row, its "..." included.
          expect(running[1]?.replace(/\x1b\[[0-9;]*m/g, ""), what).toMatch(/\.\.\.$/);
          frame.finish("ok", `${text}\n`);
          expectFits(frame.render(width), width, what);
          const approval = new ApprovalFrame(theme, { id: "a", callId: "c1", name: "write_file", argumentsJson: JSON.stringify({ path: text }), reason: "r", preview: `+${text}` }, () => {});
          expectFits(approval.render(width), width, what);
        }
      }
    }
  });

  it("wrapped text keeps every character and fits", () => {
    const text = `${"word 👍🏽 ".repeat(12)}end 👨‍👩‍👧‍👦`;
    for (const width of [9, 15, 31]) {
      const lines = new NoteLine(theme, text).render(width);
      expectFits(lines, width, `width ${width}`);
      expect(lines.join("").replace(/\s/g, "")).toBe(text.replace(/\s/g, ""));
    }
  });

  it("components cut and wrap through text-width.ts, not pi-tui's own measure", () => {
    const root = path.join(import.meta.dirname, "../../src/tui");
    const offenders: string[] = [];
    for (const file of readdirSync(root, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file === "text-width.ts" || file === "graphemes.ts") continue;
      const source = readFileSync(path.join(root, file), "utf8");
      for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*"@mariozechner\/pi-tui"/g)) {
        if (/\b(truncateToWidth|wrapTextWithAnsi|visibleWidth)\b/.test(match[1]!)) offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });
});
