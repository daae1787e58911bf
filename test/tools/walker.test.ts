import { execFileSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { walkFiles } from "../../src/engine/tools/search/walker.js";
import { gitVisibleFiles, makeSearchTree } from "./search-tree.js";
import { makeTree, tempDir } from "./tree.js";

async function walked(root: string, start = root, includeIgnored = false): Promise<string[]> {
  const jail = createJail(root, { home: tempDir() });
  const out: string[] = [];
  for await (const file of walkFiles({ jail, start, includeIgnored })) out.push(file.relative);
  return out.sort();
}

describe("walker", () => {
  it("applies nested .gitignore, info/exclude and .agentignore like git", async () => {
    const root = makeSearchTree();
    const files = await walked(root);
    expect(files).toEqual([
      ".agentignore",
      ".gitignore",
      ".hidden/h.txt",
      "bin.dat",
      "bom.txt",
      "crlf.txt", // .env and config/.env.local are denied, so never walked
      "keep.log",
      "late-nul.txt",
      "many.txt",
      "src/a.ts",
      "src/b.tsx",
      "src/c.md",
      "sub/.gitignore",
      "sub/deeper/.gitignore",
      "sub/deeper/kept.txt",
      "sub/important.log",
      "sub/top-only.txt",
      "unicode.txt",
      "vendor/lib/.gitignore",
      "vendor/lib/x.log",
    ]);
  });

  it("agrees with git ls-files on what is ignored", async () => {
    const root = makeSearchTree();
    // git lists the nested repository as a directory and knows nothing of .agentignore,
    // denied names or symlink skipping; compare on the rest.
    const git = gitVisibleFiles(root).filter(
      (f) => !f.startsWith("vendor/") && !f.startsWith("secret-docs/") && !/(^|\/)\.env/.test(f) && !f.startsWith("link-") && !f.startsWith("node_modules/"),
    );
    const ours = (await walked(root)).filter((f) => !f.startsWith("vendor/"));
    expect(ours).toEqual(git);
  });

  it("includes ignored files on request but still skips .git and node_modules", async () => {
    const root = makeSearchTree();
    const files = await walked(root, root, true);
    expect(files).toContain("debug.log");
    expect(files).toContain("build/dist/deep.js");
    expect(files).toContain("secret-docs/a.md");
    expect(files).toContain("sub/deeper/local.txt");
    expect(files.some((f) => f.startsWith(".git/") || f.includes("node_modules"))).toBe(false);
    expect(files).not.toContain(".env");
  });

  it("walks an explicitly named ignored directory, still applying the other rules inside it", async () => {
    const root = makeSearchTree();
    expect(await walked(root, path.join(root, "build"))).toEqual(["dist/deep.js", "out.js"]);
    // The rules that do not ignore the directory itself still apply inside it.
    execFileSync("sh", ["-c", "printf 'x' > build/dist/drop.log"], { cwd: root });
    expect(await walked(root, path.join(root, "build"))).toEqual(["dist/deep.js", "out.js"]);
    const modules = await walked(root, path.join(root, "node_modules"));
    expect(modules).toEqual(["p/index.js"]); // nested node_modules skipped
  });

  it("applies .gitignore outside a git repository too, as ripgrep's --no-require-git does", async () => {
    const root = makeTree({ ".gitignore": "*.log\n", "a.log": "x", ".agentignore": "b.txt\n", "b.txt": "b", "c.txt": "c", "sub/.gitignore": "*.tmp\n", "sub/d.tmp": "d", "sub/e.txt": "e" });
    expect(await walked(root)).toEqual([".agentignore", ".gitignore", "c.txt", "sub/.gitignore", "sub/e.txt"]);
    execFileSync("git", ["init", "-q"], { cwd: root });
    expect(await walked(root)).toEqual([".agentignore", ".gitignore", "c.txt", "sub/.gitignore", "sub/e.txt"]);
  });

  it("applies a parent repository's rules to a workspace inside it", async () => {
    const repo = makeTree({ ".gitignore": "*.tmp\n", "ws/a.tmp": "x", "ws/b.txt": "y" });
    execFileSync("git", ["init", "-q"], { cwd: repo });
    expect(await walked(path.join(repo, "ws"))).toEqual(["b.txt"]);
  });
});
