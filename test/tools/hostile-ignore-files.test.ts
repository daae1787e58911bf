// A repository's ignore files are read as mini-agent reads every workspace file: a regular file,
// bounded, never blocking. `.gitignore -> /dev/zero` (git carries symlinks) or a FIFO under the
// name used to exhaust memory or hang list_files, glob, grep and the TUI's @ completion.
import { execFileSync } from "node:child_process";
import { symlinkSync, truncateSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { createGlobTool } from "../../src/engine/tools/search/glob.js";
import { createListFilesTool } from "../../src/engine/tools/search/list-files.js";
import { makeTree, run, tempDir } from "./tree.js";

describe.skipIf(process.platform === "win32")("hostile ignore files", () => {
  it("a .gitignore that is /dev/zero, a FIFO, a huge file or a directory is no rules, and the listing still comes", async () => {
    const plant: Record<string, (file: string) => void> = {
      "dev-zero": (file) => symlinkSync("/dev/zero", file),
      fifo: (file) => execFileSync("mkfifo", [file]),
      huge: (file) => (writeFileSync(file, ""), truncateSync(file, 200 * 1024 * 1024)),
      "link-loop": (file) => symlinkSync(file, file),
    };
    for (const [name, make] of Object.entries(plant)) {
      const root = makeTree({ ".git/HEAD": "ref", "src/a.ts": "a", "sub/b.ts": "b" });
      make(path.join(root, ".gitignore"));
      make(path.join(root, "sub", ".gitignore"));
      const jail = createJail(root, { home: tempDir() });
      expect((await run(createListFilesTool({ jail }), {})).content, name).toContain("src/");
      const { content } = await run(createGlobTool({ jail }), { pattern: "**/*.ts" });
      expect(content, name).toContain("src/a.ts");
      expect(content, name).toContain("sub/b.ts");
    }
  });
});
