// ripgrep reads every .gitignore (and .git/info/exclude) itself, following links and opening
// FIFOs, and a repository ships those files: `sub/.gitignore -> /dev/zero` grew rg by a
// gigabyte a second, a FIFO made it wait forever. rg now runs with a capped heap and a time
// limit, and the root .agentignore reaches it only as a small regular file; when rg stops, the
// built-in search (which reads ignore files bounded) answers. Real rg, real FIFOs and links.
import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findRipgrep } from "../../src/engine/tools/search/grep-rg.js";
import { createGrepTool } from "../../src/engine/tools/search/grep.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeTree, run, tempDir } from "./tree.js";

const rg = findRipgrep();

function grep(root: string) {
  return createGrepTool({ jail: createJail(root, { home: tempDir() }), ...(rg ? { ripgrep: rg } : {}), ripgrepTimeoutMs: 3_000 });
}

describe.skipIf(!rg || process.platform === "win32")("grep in a workspace whose ignore files are planted", () => {
  // Linux only: macOS does not enforce the heap cap, and the time limit alone would let rg grow for seconds.
  it.skipIf(process.platform !== "linux")("a .gitignore linked to /dev/zero: the search answers, and rg's memory stayed capped", async () => {
    const root = makeTree({ "a.txt": "needle one\n", "sub/b.txt": "needle two\n" });
    symlinkSync("/dev/zero", path.join(root, "sub", ".gitignore"));
    const { content } = await run(grep(root), { pattern: "needle" });
    expect(content).toBe("a.txt:1: needle one\nsub/b.txt:1: needle two");
  });

  it.each([["sub/.gitignore"], [".agentignore"], [".gitignore"]])("%s a FIFO: the search answers after rg's time limit", async (fifo) => {
    const root = makeTree({ "a.txt": "needle one\n", "sub/b.txt": "needle two\n" });
    mkdirSync(path.dirname(path.join(root, fifo)), { recursive: true });
    execFileSync("mkfifo", [path.join(root, fifo)]);
    const { content } = await run(grep(root), { pattern: "needle" });
    expect(content).toBe("a.txt:1: needle one\nsub/b.txt:1: needle two");
  });

  it("a root .agentignore linked to /dev/zero is not handed to rg", async () => {
    const root = makeTree({ "a.txt": "needle one\n" });
    symlinkSync("/dev/zero", path.join(root, ".agentignore"));
    expect((await run(grep(root), { pattern: "needle" })).content).toBe("a.txt:1: needle one");
  });
});
