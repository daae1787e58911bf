import { symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { makeTree, parseInput, run, runError, tempDir } from "./tree.js";

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

function setup(files: Record<string, string | Uint8Array>) {
  const root = makeTree(files);
  return { root, tool: createReadFileTool({ jail: createJail(root, { home: tempDir() }) }) };
}

describe("read_file", () => {
  it("returns numbered lines, 1-based", async () => {
    const { tool } = setup({ "a.txt": "one\ntwo\nthree\n" });
    const { content } = await run(tool, { path: "a.txt" });
    expect(content).toBe("1\tone\n2\ttwo\n3\tthree");
  });

  it("reads the same lines whether the file fits in its first 8 KB read or is streamed after it", async () => {
    // Sizes around the 8 KB first read, with "é" (2 bytes), "€" (3) and CRLF lines across the boundary.
    for (const size of [8190, 8191, 8192, 8193, 8200, 20_000]) {
      const words: string[] = [];
      let bytes = 0;
      for (let i = 0; ; i++) {
        const word = i % 7 === 0 ? `é€ line ${i}\r\n` : `line ${i} ${"ab".repeat(i % 13)}\n`;
        if (bytes + Buffer.byteLength(word) > size) break;
        words.push(word);
        bytes += Buffer.byteLength(word);
      }
      // Exactly `size` bytes: the rest is a last line without a newline.
      const text = words.join("") + "z".repeat(size - bytes);
      expect(Buffer.byteLength(text)).toBe(size);
      const { tool } = setup({ "t.txt": text });
      const expected = text
        .split("\n")
        .filter((line, i, all) => line !== "" || i < all.length - 1)
        .map((line) => line.replace(/\r$/, ""));
      const width = String(expected.length).length;
      const { content } = await run(tool, { path: "t.txt" });
      expect(content, `${size} bytes`).toBe(expected.map((line, i) => `${String(i + 1).padStart(width)}\t${line}`).join("\n"));
    }
  });

  it("pages with offset/limit and says where to continue", async () => {
    const lines = Array.from({ length: 25 }, (_, i) => `line ${i + 1}`).join("\n");
    const { tool } = setup({ "long.txt": lines });
    const first = (await run(tool, { path: "long.txt", limit: 10 })).content;
    expect(first.split("\n")[0]).toBe(" 1\tline 1");
    expect(first).toContain("continue with offset=11");
    const middle = (await run(tool, { path: "long.txt", offset: 11, limit: 10 })).content;
    expect(middle.split("\n")[0]).toBe("11\tline 11");
    expect(middle).toContain("continue with offset=21");
    const last = (await run(tool, { path: "long.txt", offset: 21, limit: 10 })).content;
    expect(last).toContain("25\tline 25");
    expect(last).toContain("end of file");
    expect(last).not.toContain("continue with");
    expect(await runError(tool, { path: "long.txt", offset: 26 })).toMatch(/past the end .*25 lines/);
  });

  it("defaults to 2000 lines and streams huge files", async () => {
    const root = tempDir();
    const line = "x".repeat(99);
    // ~20 MB: reading it whole would still work, but paging must not depend on that.
    writeFileSync(path.join(root, "huge.txt"), `${line}\n`.repeat(200_000));
    const tool = createReadFileTool({ jail: createJail(root, { home: tempDir() }) });
    const { content } = await run(tool, { path: "huge.txt" });
    const body = content.split("\n\n")[0]!.split("\n");
    expect(body).toHaveLength(2000);
    expect(content).toContain("continue with offset=2001");
    const deep = await run(tool, { path: "huge.txt", offset: 199_999 });
    expect(deep.content).toContain("199999\t");
    expect(deep.content).toContain("200000\t");
  });

  it("cuts very long lines", async () => {
    const { tool } = setup({ "min.js": `${"a".repeat(5000)}\nshort` });
    const { content } = await run(tool, { path: "min.js" });
    expect(content).toContain("[line cut: 3000 more characters]");
    expect(content).toContain("2\tshort");
    expect(content.length).toBeLessThan(2200);
  });

  it("shows CRLF files without carriage returns and drops the BOM", async () => {
    const { tool } = setup({ "win.txt": "\uFEFFfirst\r\nsecond\r\n" });
    expect((await run(tool, { path: "win.txt" })).content).toBe("1\tfirst\n2\tsecond");
  });

  it("refuses binary files", async () => {
    const { tool } = setup({ "blob.bin": Buffer.from([0x41, 0x00, 0x42]) });
    expect(await runError(tool, { path: "blob.bin" })).toMatch(/binary file/);
  });

  it("decides image or text by the bytes, not the name", async () => {
    const GIF = Buffer.from("GIF89a\x01\x00\x01\x00", "latin1");
    const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
    const WEBP = Buffer.concat([Buffer.from("RIFF"), Buffer.from([4, 0, 0, 0]), Buffer.from("WEBPVP8 ")]);
    const { tool } = setup({ "key.png": "aws_session_token = abc\n", "notes.txt": PNG, "a.jpg.bak": JPEG, "x": GIF, "y.dat": WEBP, "fake.gif": "GIF" });
    // A text file named .png is text: its lines reach the event redactor like any text.
    const text = await run(tool, { path: "key.png" });
    expect(text.images).toBeUndefined();
    expect(text.content).toBe("1\taws_session_token = abc");
    expect((await run(tool, { path: "notes.txt" })).images?.[0]?.mediaType).toBe("image/png");
    expect((await run(tool, { path: "a.jpg.bak" })).images?.[0]?.mediaType).toBe("image/jpeg");
    expect((await run(tool, { path: "x" })).images?.[0]?.mediaType).toBe("image/gif");
    expect((await run(tool, { path: "y.dat" })).images?.[0]?.mediaType).toBe("image/webp");
    expect((await run(tool, { path: "fake.gif" })).content).toBe("1\tGIF");
  });

  it("returns images as image content", async () => {
    const { tool } = setup({ "pic.png": PNG });
    const result = await run(tool, { path: "pic.png" });
    expect(result.images).toEqual([{ mediaType: "image/png", base64: PNG.toString("base64") }]);
    expect(result.content).toMatch(/image pic\.png: image\/png/);
  });

  it("explains missing files, directories and empty files", async () => {
    const { tool } = setup({ "dir/x.txt": "x", "empty.txt": "" });
    expect(await runError(tool, { path: "nope.txt" })).toMatch(/does not exist/);
    expect(await runError(tool, { path: "dir" })).toMatch(/is a directory; use list_files/);
    expect((await run(tool, { path: "empty.txt" })).content).toMatch(/empty/);
  });

  it("refuses escapes through the jail", async () => {
    const outside = makeTree({ "secret.txt": "s" });
    const { root, tool } = setup({ "a.txt": "a" });
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link"));
    expect(await runError(tool, { path: "link" })).toMatch(/symlink/);
    expect(await runError(tool, { path: "../x" })).toMatch(/outside/);
    expect(await runError(tool, { path: path.join(outside, "secret.txt") })).toMatch(/outside/);
  });

  it("rejects bad input in the schema, naming the field", async () => {
    const { tool } = setup({});
    await expect(parseInput(tool, { path: "a", offset: 0 })).rejects.toThrow(/^offset: Too small/);
    await expect(parseInput(tool, { path: "a", limit: -1 })).rejects.toThrow(/^limit: Too small/);
    await expect(parseInput(tool, { offset: 1 })).rejects.toThrow(/^path: Invalid input: expected string, received undefined$/);
  });
});
