import { existsSync, readFileSync, statSync, symlinkSync, utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createWriteFileTool } from "../../src/engine/tools/fs/write-file.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

function setup(files: Record<string, string | Uint8Array> = {}) {
  const root = makeTree(files);
  return { root, tool: createWriteFileTool({ jail: createJail(root, { home: tempDir() }) }) };
}

describe("write_file", () => {
  it("creates a file and its parent directories and returns a creation diff", async () => {
    const { root, tool } = setup();
    const { content } = await run(tool, { path: "a/b/c.txt", content: "hello\nworld\n" });
    expect(readFileSync(path.join(root, "a/b/c.txt"), "utf8")).toBe("hello\nworld\n");
    expect(content).toContain("Created a/b/c.txt");
    expect(content).toContain("--- /dev/null");
    expect(content).toContain("+++ b/a/b/c.txt");
    expect(content).toContain("+hello");
  });

  it("replaces an existing file and diffs against the old content", async () => {
    const { root, tool } = setup({ "x.txt": "old\nsame\n" });
    const { content } = await run(tool, { path: "x.txt", content: "new\nsame\n" });
    expect(readFileSync(path.join(root, "x.txt"), "utf8")).toBe("new\nsame\n");
    expect(content).toContain("--- a/x.txt");
    expect(content).toContain("-old");
    expect(content).toContain("+new");
  });

  it("the same text again is no change: said by unchanged() before any question, and never written", async () => {
    const { root, tool } = setup({ "x.txt": "same\n" });
    const file = path.join(root, "x.txt");
    utimesSync(file, new Date(2000, 0, 1), new Date(2000, 0, 1));
    const before = statSync(file).mtimeMs;
    expect(await tool.unchanged!({ path: "x.txt", content: "same\n" })).toBe("No changes: x.txt already has exactly this content, so nothing was written.");
    expect(await tool.unchanged!({ path: "x.txt", content: "other\n" })).toBeUndefined();
    expect(await tool.unchanged!({ path: "new.txt", content: "" })).toBeUndefined();
    // Allowed without a question (a rule, "always", --yes), it still writes nothing.
    const { content } = await run(tool, { path: "x.txt", content: "same\n" });
    expect(content).toBe("No changes: x.txt already has exactly this content, so nothing was written.");
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it("previews the same diff without writing", async () => {
    const { root, tool } = setup({ "x.txt": "old\n" });
    const preview = await tool.preview!({ path: "x.txt", content: "new\n" });
    expect(preview).toMatchObject({ text: expect.stringContaining("-old") });
    expect(readFileSync(path.join(root, "x.txt"), "utf8")).toBe("old\n");
    expect(await tool.preview!({ path: "fresh.txt", content: "n\n" })).toMatchObject({ text: expect.stringContaining("--- /dev/null"), basis: "absent" });
    expect(existsSync(path.join(root, "fresh.txt"))).toBe(false);
  });

  it("creates a new file with the umask's mode (0644 under 022), never 0666", async () => {
    const { root, tool } = setup();
    const previous = process.umask(0o022);
    try {
      await run(tool, { path: "new.txt", content: "new\n" });
      await run(tool, { path: "sub/deep/n.txt", content: "n\n" });
    } finally {
      process.umask(previous);
    }
    expect(statSync(path.join(root, "new.txt")).mode & 0o7777).toBe(0o644);
    expect(statSync(path.join(root, "sub/deep/n.txt")).mode & 0o7777).toBe(0o644);
  });

  it("a path ending in a slash is an error naming it: no file of that name is made", async () => {
    const { root, tool } = setup({ "f.txt": "keep\n" });
    expect(await runError(tool, { path: "newdir/", content: "x" })).toBe('"newdir/" ends in a slash, so it names a folder; give the path of a file');
    expect(await runError(tool, { path: "f.txt/", content: "x" })).toMatch(/^"f\.txt\/" ends in a slash/);
    expect(existsSync(path.join(root, "newdir"))).toBe(false);
    expect(readFileSync(path.join(root, "f.txt"), "utf8")).toBe("keep\n");
  });

  it("compares a file that is not UTF-8 by its bytes: what looks the same is no 'no change'", async () => {
    const { root, tool } = setup({ "l.txt": Buffer.from("caf\xe9\n", "latin1") });
    // read_file shows the byte as U+FFFD; writing that back is a change, and the diff says which.
    expect(await tool.unchanged!({ path: "l.txt", content: "caf\uFFFD\n" })).toBeUndefined();
    const { content } = await run(tool, { path: "l.txt", content: "caf\uFFFD\n" });
    expect(content).toContain("-caf\\xE9");
    expect(content).toContain("l.txt is not valid UTF-8");
    expect(readFileSync(path.join(root, "l.txt"), "utf8")).toBe("caf\uFFFD\n");
    expect(await runError(tool, { path: "s.txt", content: "lone \uDCE9" })).toMatch(/lone UTF-16 surrogate/);
    expect(existsSync(path.join(root, "s.txt"))).toBe(false);
  });

  it("refuses .git, escapes, symlinks out, directories and binaries", async () => {
    const outside = makeTree({ "target.txt": "keep" });
    const { root, tool } = setup({ ".git/HEAD": "ref", "dir/x": "x", "bin.dat": Buffer.from([1, 0, 2]) });
    symlinkSync(path.join(outside, "target.txt"), path.join(root, "out-link"));
    symlinkSync(outside, path.join(root, "out-dir"));
    expect(await runError(tool, { path: ".git/HEAD", content: "x" })).toMatch(/\.git/);
    expect(await runError(tool, { path: "../escape.txt", content: "x" })).toMatch(/outside/);
    expect(await runError(tool, { path: "out-link", content: "x" })).toMatch(/symlink/);
    expect(await runError(tool, { path: "out-dir/new.txt", content: "x" })).toMatch(/symlink/);
    expect(await runError(tool, { path: "dir", content: "x" })).toMatch(/is a directory/);
    expect(await runError(tool, { path: "bin.dat", content: "x" })).toMatch(/binary/);
    expect(await runError(tool, { path: "t.txt", content: "a\0b" })).toMatch(/NUL/);
    expect(await runError(tool, { path: "dir/x/under-a-file.txt", content: "x" })).toMatch(/a parent path is a file/);
    expect(readFileSync(path.join(outside, "target.txt"), "utf8")).toBe("keep");
    expect(existsSync(path.join(outside, "new.txt"))).toBe(false);
    expect(readFileSync(path.join(root, ".git/HEAD"), "utf8")).toBe("ref");
  });
});
