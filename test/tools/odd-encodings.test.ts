// What the model is told about files that are not plain UTF-8: a UTF-16 file is named as
// UTF-16 text (not "binary"), and bytes that are not UTF-8 read as the `\xNN` the diffs show.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

const LE = Buffer.from([0xff, 0xfe, 0x68, 0x00, 0x69, 0x00, 0x0a, 0x00]);
const BE = Buffer.from([0xfe, 0xff, 0x00, 0x68, 0x00, 0x69, 0x00, 0x0a]);

function setup(files: Record<string, string | Uint8Array>) {
  const root = makeTree(files);
  const jail = createJail(root, { home: tempDir() });
  return { root, read: createReadFileTool({ jail }), edit: createEditFileTool({ jail }) };
}

describe("UTF-16 files", () => {
  it("read_file names the encoding instead of calling the file binary", async () => {
    const { read } = setup({ "le.txt": LE, "be.txt": BE });
    expect(await runError(read, { path: "le.txt" })).toBe(
      "le.txt is UTF-16 LE text (it starts with a byte order mark); the file tools read and edit UTF-8 only. " +
        "To work on it, convert it first: iconv -f UTF-16 -t UTF-8 (and back, if it must stay UTF-16 LE).",
    );
    expect(await runError(read, { path: "be.txt" })).toContain("be.txt is UTF-16 BE text");
  });

  it("edit_file says the same and leaves the bytes", async () => {
    const { root, edit } = setup({ "le.txt": LE });
    expect(await runError(edit, { path: "le.txt", old_string: "hi", new_string: "yo" })).toContain("le.txt is UTF-16 LE text");
    expect(readFileSync(path.join(root, "le.txt"))).toEqual(LE);
  });
});

describe("bytes that are not UTF-8", () => {
  it("read_file shows them as \\xNN, as edit_file's diff of the same line does", async () => {
    const { read, edit } = setup({ "latin.txt": Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]) });
    expect((await run(read, { path: "latin.txt" })).content).toBe("1\tcaf\\xE9");
    expect((await run(edit, { path: "latin.txt", old_string: "caf", new_string: "CAF" })).content).toContain("+CAF\\xE9");
  });

  it("in a file read in chunks, a character split between two chunks stays one character", async () => {
    // 655 lines of 100 bytes, then 35 bytes and "é" whose two bytes straddle the 64 KiB read.
    const head = Buffer.from(`${"x".repeat(99)}\n`.repeat(655) + "x".repeat(35));
    const bytes = Buffer.concat([head, Buffer.from("é\n"), Buffer.from([0x62, 0xff, 0x0a])]);
    expect(head.length).toBe(65535);
    const { read } = setup({ "big.txt": bytes });
    const { content } = await run(read, { path: "big.txt", offset: 656 });
    expect(content).toBe(`656\t${"x".repeat(35)}é\n657\tb\\xFF\n\n[lines 656-657 of big.txt; end of file]`);
  });
});
