import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, parseInput, run, runError, tempDir } from "./tree.js";

function setup(files: Record<string, string | Uint8Array>) {
  const root = makeTree(files);
  const read = (p: string) => readFileSync(path.join(root, p), "utf8");
  return { root, read, tool: createEditFileTool({ jail: createJail(root, { home: tempDir() }) }) };
}

const SOURCE = "function add(a, b) {\n  return a + b;\n}\n\nfunction sub(a, b) {\n  return a - b;\n}\n";

describe("edit_file", () => {
  it("replaces one exact match and returns a unified diff", async () => {
    const { read, tool } = setup({ "m.js": SOURCE });
    const { content } = await run(tool, { path: "m.js", old_string: "return a + b;", new_string: "return b + a;" });
    expect(read("m.js")).toBe(SOURCE.replace("a + b", "b + a"));
    expect(content).toContain("--- a/m.js");
    expect(content).toContain("-  return a + b;");
    expect(content).toContain("+  return b + a;");
    expect(content).toMatch(/@@ -1,\d+ \+1,\d+ @@/);
  });

  it("refuses zero matches, says so, and shows the closest candidate", async () => {
    const { read, tool } = setup({ "m.js": SOURCE });
    const miss = await runError(tool, { path: "m.js", old_string: "    return a  + b;", new_string: "x" });
    expect(miss).toContain("found 0 times");
    expect(miss).toContain("Closest candidate (lines 2-2");
    expect(miss).toContain("2\t  return a + b;");
    const indent = await runError(tool, { path: "m.js", old_string: "function sub(a, b) {\n    return a - b;", new_string: "x" });
    expect(indent).toContain("lines 5-6, differs only in whitespace/indentation");
    expect(read("m.js")).toBe(SOURCE);
  }, 10_000);

  it("refuses ambiguous matches with the count and lines, unless replace_all", async () => {
    const { read, tool } = setup({ "m.js": SOURCE });
    expect(await runError(tool, { path: "m.js", old_string: "(a, b)", new_string: "(x, y)" })).toMatch(/found 2 times \(lines 1, 5\); .*or set replace_all\. No change was made\.$/);
    expect(read("m.js")).toBe(SOURCE);
    await run(tool, { path: "m.js", old_string: "(a, b)", new_string: "(x, y)", replace_all: true });
    expect(read("m.js")).toBe(SOURCE.replaceAll("(a, b)", "(x, y)"));
  });

  it("applies several edits atomically: all or none", async () => {
    const { read, tool } = setup({ "m.js": SOURCE });
    const failing = await runError(tool, {
      path: "m.js",
      edits: [
        { old_string: "add", new_string: "plus" },
        { old_string: "no such text", new_string: "x" },
      ],
    });
    expect(failing).toMatch(/edit 2 of 2: old_string was found 0 times/);
    expect(failing).toContain("No change was made");
    expect(read("m.js")).toBe(SOURCE);
    await run(tool, {
      path: "m.js",
      edits: [
        { old_string: "add", new_string: "plus" },
        { old_string: "plus(a, b)", new_string: "plus(a, b, c)" }, // sees the first edit's result
        { old_string: "sub", new_string: "minus" },
      ],
    });
    expect(read("m.js")).toBe(SOURCE.replace("add(a, b)", "plus(a, b, c)").replace("sub", "minus"));
  });

  it("preserves CRLF line endings and the BOM", async () => {
    const crlf = "\uFEFFline one\r\nline two\r\nline three\r\n";
    const { root, tool } = setup({ "w.txt": crlf });
    await run(tool, { path: "w.txt", old_string: "line one\nline two", new_string: "first\nsecond\nextra" });
    const bytes = readFileSync(path.join(root, "w.txt"));
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(bytes.toString("utf8")).toBe("\uFEFFfirst\r\nsecond\r\nextra\r\nline three\r\n");
    // A single-line edit leaves every line ending alone.
    await run(tool, { path: "w.txt", old_string: "three", new_string: "3" });
    expect(readFileSync(path.join(root, "w.txt"), "utf8")).toBe("\uFEFFfirst\r\nsecond\r\nextra\r\nline 3\r\n");
  });

  it("gives lines new_string adds the file's CRLF endings, not bare LFs", async () => {
    const { root, tool } = setup({ "crlf.txt": "a\r\nb\r\nc\r\n" });
    await run(tool, { path: "crlf.txt", old_string: "b", new_string: "b\nb2\n\nb3" });
    expect(readFileSync(path.join(root, "crlf.txt"), "latin1")).toBe("a\r\nb\r\nb2\r\n\r\nb3\r\nc\r\n");
    await run(tool, { path: "crlf.txt", edits: [{ old_string: "c", new_string: "c\nd", replace_all: true }] });
    expect(readFileSync(path.join(root, "crlf.txt"), "latin1")).toBe("a\r\nb\r\nb2\r\n\r\nb3\r\nc\r\nd\r\n");
  });

  it("keeps every byte that is not UTF-8 outside the replaced text, and shows them in the diff", async () => {
    const latin1 = Buffer.from("caf\xe9 line1\nline2\n\xff\xfe tail \xc3\n", "latin1");
    const { root, tool } = setup({ "latin1.txt": latin1 });
    const { content } = await run(tool, { path: "latin1.txt", old_string: "line2", new_string: "LINE2" });
    expect(readFileSync(path.join(root, "latin1.txt"))).toEqual(Buffer.from("caf\xe9 line1\nLINE2\n\xff\xfe tail \xc3\n", "latin1"));
    expect(content).toContain(" caf\\xE9 line1");
    expect(content).toContain("latin1.txt is not valid UTF-8");
    // A miss shows the file's lines with the same escapes, never U+FFFD.
    const miss = await runError(tool, { path: "latin1.txt", old_string: "caf line1", new_string: "x" });
    expect(miss).toContain("caf\\xE9 line1");
    expect(miss).not.toContain("\uFFFD");
  });

  it("refuses to put non-ASCII text into a file that is not UTF-8, naming it, and changes nothing", async () => {
    const latin1 = Buffer.from("caf\xe9\nline2\n", "latin1");
    const { root, tool } = setup({ "l.txt": latin1 });
    const refused = await runError(tool, { path: "l.txt", old_string: "line2", new_string: "ligne \u00e9" });
    expect(refused).toMatch(/^l\.txt is not valid UTF-8 .*No change was made\.$/);
    expect(readFileSync(path.join(root, "l.txt"))).toEqual(latin1);
  });

  it("leaves the other lines of a mixed-ending file untouched", async () => {
    const { read, tool } = setup({ "mixed.txt": "a\r\nb\nc\r\n" });
    await run(tool, { path: "mixed.txt", old_string: "b", new_string: "B" });
    expect(read("mixed.txt")).toBe("a\r\nB\nc\r\n");
  });

  it("previews the diff without writing, and previews failures as text", async () => {
    const { read, tool } = setup({ "m.js": SOURCE });
    const preview = await tool.preview!(await parseInput(tool, { path: "m.js", old_string: "add", new_string: "plus" }));
    expect(preview).toMatchObject({ text: expect.stringContaining("+function plus(a, b) {") });
    expect(read("m.js")).toBe(SOURCE);
    const failed = await tool.preview!(await parseInput(tool, { path: "m.js", old_string: "zzz", new_string: "y" }));
    expect(failed).toMatchObject({ text: expect.stringMatching(/would fail: .*found 0 times/) });
  });

  it("validates input shape", async () => {
    const { tool } = setup({});
    await expect(parseInput(tool, { path: "m.js", old_string: "a" })).rejects.toThrow(/either old_string and new_string, or edits/);
    await expect(parseInput(tool, { path: "m.js", old_string: "a", new_string: "b", edits: [{ old_string: "a", new_string: "b" }] })).rejects.toThrow(/either old_string/);
    await expect(parseInput(tool, { path: "m.js", edits: [] })).rejects.toThrow(/^edits: Too small/);
  });

  it("refuses empty or identical strings, missing files, binaries, .git and escapes", async () => {
    const { root, tool } = setup({ "m.js": SOURCE, "b.bin": Buffer.from([0, 1]), ".git/config": "[core]" });
    expect(await runError(tool, { path: "m.js", old_string: "", new_string: "x" })).toMatch(/empty/);
    expect(await runError(tool, { path: "m.js", old_string: "add", new_string: "add" })).toMatch(/identical/);
    expect(await runError(tool, { path: "nope.js", old_string: "a", new_string: "b" })).toMatch(/does not exist; use write_file/);
    expect(await runError(tool, { path: "b.bin", old_string: "a", new_string: "b" })).toMatch(/binary/);
    expect(await runError(tool, { path: ".git/config", old_string: "core", new_string: "x" })).toMatch(/\.git/);
    expect(await runError(tool, { path: "../m.js", old_string: "a", new_string: "b" })).toMatch(/outside/);
    expect(await runError(tool, { path: "m.js/", old_string: "add", new_string: "plus" })).toBe('"m.js/" ends in a slash, so it names a folder; give the path of a file');
    writeFileSync(path.join(root, "m.js"), SOURCE);
  });

  it("keeps `$` patterns in new_string literal", async () => {
    const { read, tool } = setup({ "s.txt": "price\n" });
    await run(tool, { path: "s.txt", old_string: "price", new_string: "$& $1 $$" });
    expect(read("s.txt")).toBe("$& $1 $$\n");
  });
});
