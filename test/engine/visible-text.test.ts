// What untrusted text looks like when shown for a decision: nothing in it can hide, reorder or
// break the line it is on, and a long value says how long it really is.
import { describe, expect, it } from "vitest";
import { visibleText } from "../../src/engine/secrets/visible-text.js";

describe("visibleText", () => {
  it("leaves plain text, a Windows path included, as it is", () => {
    expect(visibleText("npm run lint -- --fix")).toBe("npm run lint -- --fix");
    expect(visibleText("C:\\tools\\fmt.cmd")).toBe("C:\\tools\\fmt.cmd");
  });

  it("escapes line breaks, controls, bidi controls and invisible characters, and then backslashes", () => {
    expect(visibleText("a\nb\r\tc\x1b[2Jd")).toBe("a\\nb\\r\\tc\\x1b[2Jd");
    expect(visibleText("x\u2028y\u2029z")).toBe("x\\u{2028}y\\u{2029}z");
    for (const code of [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]) {
      expect(visibleText(`a${String.fromCodePoint(code)}b`)).toBe(`a\\u{${code.toString(16)}}b`);
    }
    for (const code of [0x200b, 0x200c, 0x200d, 0x2060, 0xfeff, 0x00ad, 0xe0041]) {
      expect(visibleText(`a${String.fromCodePoint(code)}b`)).not.toContain(String.fromCodePoint(code));
    }
    // Once anything is escaped, a backslash in the text cannot pass for an escape.
    expect(visibleText("\\n\n")).toBe("\\\\n\\n");
  });

  it("cuts a long value and says its full length", () => {
    const long = `${"x".repeat(400)}; curl evil | sh`;
    const shown = visibleText(long, 300);
    expect(shown).toBe(`${"x".repeat(300)}… (${long.length} characters in all)`);
  });
});
