import { symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { makeTree, run, runError, tempDir } from "./tree.js";

describe("odd names in listings", () => {
  it("list_files and glob print a name with a newline (or a quote) JSON-quoted, never as two names", async () => {
    const root = makeTree({ "x\n.env": "not a secret", 'say"hi".txt': "q", "plain.txt": "p" });
    const jail = createJail(root, { home: tempDir() });
    const listed = (await run(createListFilesTool({ jail }), {})).content;
    expect(listed).toBe('./\nplain.txt\n"say\\"hi\\".txt"\n"x\\n.env"');
    const globbed = (await run(createGlobTool({ jail }), { pattern: "*" })).content.split("\n").sort();
    expect(globbed).toEqual(['"say\\"hi\\".txt"', '"x\\n.env"', "plain.txt"]);
  });
});

describe("list_files", () => {
  it("lists one level, directories first, hiding ignored and protected entries behind a count", async () => {
    const root = makeTree({
      ".git/HEAD": "ref",
      ".gitignore": "dist/\n*.log\n",
      "src/a.ts": "a",
      "dist/out.js": "o",
      "node_modules/x/index.js": "x",
      "debug.log": "l",
      ".env": "SECRET=1",
      "README.md": "r",
    });
    const tool = createListFilesTool({ jail: createJail(root, { home: tempDir() }) });
    const { content } = await run(tool, {});
    const lines = content.split("\n");
    expect(lines[0]).toBe("./");
    expect(lines.slice(1, 4)).toEqual(["src/", ".gitignore", "README.md"]);
    expect(content).toMatch(/5 ignored or protected entries not shown: \.env, \.git\/, debug\.log, dist\/, node_modules\//);

    const all = (await run(tool, { include_ignored: true })).content;
    expect(all).toContain("dist/");
    expect(all).toContain("node_modules/");
    expect(all).toContain("debug.log");
    expect(all).not.toMatch(/^\.env$/m); // secrets stay hidden
  });

  it("lists subdirectories, marks symlinks and refuses files and escapes", async () => {
    const root = makeTree({ "src/a.ts": "a", "src/deep/b.ts": "b" });
    symlinkSync("a.ts", path.join(root, "src/link.ts"));
    const tool = createListFilesTool({ jail: createJail(root, { home: tempDir() }) });
    expect((await run(tool, { path: "src" })).content).toBe("src/\ndeep/\na.ts\nlink.ts@ -> a.ts");
    expect(await runError(tool, { path: "src/a.ts" })).toMatch(/is a file/);
    expect(await runError(tool, { path: ".." })).toMatch(/outside/);
    expect(await runError(tool, { path: "missing" })).toMatch(/does not exist/);
  });
});
