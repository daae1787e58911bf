// Reads of FIFOs and devices never block: read_file, grep (ripgrep and the fallback, the
// FIFO named or met while walking), list_files and edit_file on a FIFO or a character device
// in the workspace answer at once, with an error naming what the path is.
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { isBinaryFileSync } from "../../src/engine/tools/fs/file-text.js";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { createReadFileTool } from "../../src/engine/tools/fs/read-file.js";
import { readRegularFileSync } from "../../src/engine/tools/fs/regular-file.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

const posix = process.platform !== "win32";
const rg = findRipgrep();

/** A workspace with a text file, a FIFO nobody writes to, and (where we may make one) /dev/zero under another name. */
function workspace(): { root: string; device: boolean } {
  const root = makeTree({ "notes.txt": "needle one\n", "sub/more.txt": "needle two\n" });
  execFileSync("mkfifo", [path.join(root, "pipe")]);
  execFileSync("mkfifo", [path.join(root, "sub", "pipe.txt")]);
  let device = false;
  try {
    // Character device 1,5 is /dev/zero: a read of it never ends. Only root may make one.
    execFileSync("mknod", [path.join(root, "zero"), "c", "1", "5"], { stdio: "ignore" });
    device = true;
  } catch {
    // Not root: the FIFO cases still run.
  }
  return { root, device };
}

function tools(root: string) {
  const jail = createJail(root, { home: tempDir() });
  return {
    read: createReadFileTool({ jail }),
    list: createListFilesTool({ jail }),
    edit: createEditFileTool({ jail }),
    greps: [createGrepTool({ jail, ripgrep: null }), ...(rg ? [createGrepTool({ jail, ripgrep: rg })] : [])],
  };
}

describe.runIf(posix)("FIFOs and devices in the workspace", () => {
  it("read_file refuses them, naming what they are", async () => {
    const { root, device } = workspace();
    const { read } = tools(root);
    expect(await runError(read, { path: "pipe" })).toBe("pipe is a FIFO, not a regular file");
    expect(await runError(read, { path: "sub/pipe.txt" })).toBe("sub/pipe.txt is a FIFO, not a regular file");
    if (device) expect(await runError(read, { path: "zero" })).toBe("zero is a character device, not a regular file");
    expect((await run(read, { path: "notes.txt" })).content).toBe("1\tneedle one");
  });

  it("grep refuses one named as its path, and walks past one in a folder (ripgrep and the fallback)", async () => {
    const { root, device } = workspace();
    for (const grep of tools(root).greps) {
      expect(await runError(grep, { pattern: "needle", path: "pipe" })).toBe("pipe is a FIFO, not a regular file");
      if (device) expect(await runError(grep, { pattern: "needle", path: "zero" })).toBe("zero is a character device, not a regular file");
      expect((await run(grep, { pattern: "needle" })).content).toBe("notes.txt:1: needle one\nsub/more.txt:1: needle two");
      expect((await run(grep, { pattern: "needle", path: "sub", include: "*.txt" })).content).toBe("sub/more.txt:1: needle two");
    }
  });

  it("list_files and edit_file say what the path is instead of waiting on it", async () => {
    const { root, device } = workspace();
    const { list, edit } = tools(root);
    expect(await runError(list, { path: "pipe" })).toBe("pipe is a FIFO, not a directory");
    if (device) expect(await runError(list, { path: "zero" })).toBe("zero is a character device, not a directory");
    expect(await runError(edit, { path: "pipe", old_string: "a", new_string: "b" })).toBe("pipe is a FIFO, not a regular file");
    const listing = (await run(list, {})).content;
    expect(listing).toContain("pipe");
    expect(listing).toContain("notes.txt");
  });

  it("the low-level reads skip what took a file's place: no content, and no wait", () => {
    const { root } = workspace();
    mkdirSync(path.join(root, "dir"));
    expect(readRegularFileSync(path.join(root, "pipe"))).toBeUndefined();
    expect(readRegularFileSync(path.join(root, "dir"))).toBeUndefined();
    expect(readRegularFileSync(path.join(root, "notes.txt"))?.toString()).toBe("needle one\n");
    // ripgrep's hits are filtered by this check: a FIFO counts as binary, never opened for reading.
    expect(isBinaryFileSync(path.join(root, "pipe"))).toBe(true);
    expect(isBinaryFileSync(path.join(root, "notes.txt"))).toBe(false);
  });
});
