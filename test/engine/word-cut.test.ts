// The word-edge cuts of text the redactor sees only afterwards: a key is kept or dropped whole.
import { describe, expect, it } from "vitest";
import { createRedactor } from "../../src/engine/secrets/redact.js";
import { clipHead, clipTail, headCut, tailCut } from "../../src/engine/secrets/word-cut.js";

const TOKEN = "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const redact = createRedactor([]);

describe("word-edge cuts", () => {
  it("clipHead keeps a short text as it is and marks a cut one, never ending inside a key", () => {
    expect(clipHead("short", 10)).toBe("short");
    for (let max = 5; max < 60; max += 1) {
      const text = `error: ${TOKEN} rejected`;
      const kept = clipHead(text, max);
      expect(kept.length).toBeLessThanOrEqual(Math.max(max, 1));
      // Either the whole token (the redactor's to catch) or none of its body.
      const out = redact(kept);
      expect(out.includes("A1b2C3") || out.includes("Q7r8")).toBe(false);
    }
  });

  it("clipTail keeps at most max characters and begins after a key it would split", () => {
    const text = `${TOKEN} ${"z".repeat(100)}`;
    const kept = clipTail(text, 110);
    expect(kept.length).toBeLessThanOrEqual(110);
    expect(kept.trimStart()).toBe("z".repeat(100));
    expect(clipTail("abc", 10)).toBe("abc");
  });

  it("headCut and tailCut stay where a space already is", () => {
    expect(headCut("one two three", 3, true)).toBe(3);
    expect(tailCut("one two three", 4, true)).toBe(4);
  });
});
