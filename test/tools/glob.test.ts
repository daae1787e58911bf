import { utimesSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { makeSearchTree } from "./search-tree.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

function setup(root: string) {
  return createGlobTool({ jail: createJail(root, { home: tempDir() }) });
}

describe("glob", () => {
  it("returns root-relative posix paths, newest first, ties by path", async () => {
    const root = makeTree({ "src/old.ts": "", "src/new.ts": "", "src/mid.ts": "", "src/deep/tie-b.ts": "", "src/deep/tie-a.ts": "", "x.js": "" });
    const at = (p: string, seconds: number) => utimesSync(path.join(root, p), seconds, seconds);
    at("src/old.ts", 1_000);
    at("src/mid.ts", 2_000);
    at("src/new.ts", 3_000);
    at("src/deep/tie-a.ts", 500);
    at("src/deep/tie-b.ts", 500);
    const tool = setup(root);
    expect((await run(tool, { pattern: "**/*.ts" })).content).toBe("src/new.ts\nsrc/mid.ts\nsrc/old.ts\nsrc/deep/tie-a.ts\nsrc/deep/tie-b.ts");
    // Without "/" the pattern matches file names at any depth; with path, relative to it.
    expect((await run(tool, { pattern: "tie-*.ts" })).content).toBe("src/deep/tie-a.ts\nsrc/deep/tie-b.ts");
    expect((await run(tool, { pattern: "deep/*.ts", path: "src" })).content).toBe("src/deep/tie-a.ts\nsrc/deep/tie-b.ts");
    expect((await run(tool, { pattern: "*.ts", limit: 2 })).content).toBe("src/new.ts\nsrc/mid.ts\n\n[2 of 5 files shown, newest first — narrow the pattern or raise limit]");
  });

  it("honours ignore rules unless include_ignored, and never lists .git or secrets", async () => {
    const root = makeSearchTree();
    const tool = setup(root);
    const logs = (await run(tool, { pattern: "*.log" })).content.split("\n").sort();
    expect(logs).toEqual(["keep.log", "sub/important.log", "vendor/lib/x.log"]);
    const all = (await run(tool, { pattern: "*.log", include_ignored: true })).content.split("\n").sort();
    expect(all).toEqual(["debug.log", "keep.log", "sub/important.log", "vendor/lib/x.log"]);
    expect((await run(tool, { pattern: "**/HEAD", include_ignored: true })).content).toMatch(/^No files match/);
    expect((await run(tool, { pattern: ".env*", include_ignored: true })).content).toMatch(/^No files match/);
    expect((await run(tool, { pattern: "*.js", path: "node_modules" })).content).toBe("node_modules/p/index.js");
  });

  it("refuses escaping patterns and paths", async () => {
    const root = makeTree({ "a.txt": "" });
    const tool = setup(root);
    expect(await runError(tool, { pattern: "../*" })).toMatch(/may not be absolute or contain \.\./);
    expect(await runError(tool, { pattern: "/etc/*" })).toMatch(/may not be absolute/);
    expect(await runError(tool, { pattern: "*", path: ".." })).toMatch(/outside/);
    expect(await runError(tool, { pattern: "*", path: "a.txt" })).toMatch(/not a directory/);
  });
});
