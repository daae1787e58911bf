// A new file's diff is written without jsdiff; it must be the very text jsdiff gives, for
// any content: empty, blank lines, CRLF, a lone CR, no final newline, trailing spaces.
import { createTwoFilesPatch } from "diff";
import { describe, expect, it } from "vitest";
import { unifiedDiff } from "../../src/engine/tools/fs/diff-preview.js";
import { seededRandom } from "../helpers/seeded-random.js";

/** What unifiedDiff gave for a new file when it always asked jsdiff. */
function viaJsdiff(displayPath: string, after: string): string {
  return createTwoFilesPatch("/dev/null", `b/${displayPath}`, "", after, undefined, undefined, { context: 3 })
    .split("\n")
    .filter((line, i) => !(i < 2 && (line.startsWith("Index:") || /^=+$/.test(line))))
    .join("\n")
    .replace(/\n+$/, "");
}

describe("a new file's diff", () => {
  it("is jsdiff's text for hand-picked and random contents", () => {
    const picked = ["", "\n", "\n\n", "a", "a\n", "a\nb", "a\nb\n", "x\r\ny\r\n", "x\ry", "trailing  \n  ", "\\ No newline\n", "+++\n---\n@@\n"];
    const random = seededRandom(22);
    const alphabet = ["a", "b", " ", "\n", "\n", "\r", "\r\n", "\t", "é", "+", "-", "\\"];
    const generated = Array.from({ length: 400 }, () =>
      Array.from({ length: Math.floor(random() * 40) }, () => alphabet[Math.floor(random() * alphabet.length)]).join(""),
    );
    for (const content of [...picked, ...generated]) {
      expect(unifiedDiff("dir/new file.txt", undefined, content), JSON.stringify(content)).toBe(viaJsdiff("dir/new file.txt", content));
    }
  });

  // The diff is what the person approves: the file's last line keeps its CR and spaces.
  it("keeps the end of the last line: a CR, a space", () => {
    expect(unifiedDiff("a.txt", undefined, "x\r\n")).toMatch(/\n\+x\r$/);
    expect(unifiedDiff("a.txt", "x\n", "x \r\n")).toMatch(/\n\+x \r$/);
  });
});
