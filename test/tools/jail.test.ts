import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolError } from "../../src/engine/tools/tool.js";
import { makeTree, tempDir } from "./tree.js";

function setup() {
  const outside = makeTree({ "secret.txt": "top secret", "dir/inner.txt": "inner" });
  const home = makeTree({ ".ssh/id_rsa": "KEY", ".mini-agent/config.json": "{}", ".aws/credentials": "x", "notes.txt": "n" });
  const root = makeTree({ "src/a.ts": "a", ".git/config": "[core]", ".env": "TOKEN=1", ".env.example": "TOKEN=" });
  return { root, outside, home, jail: createJail(root, { home }) };
}

const refused = (fn: () => unknown, pattern: RegExp) => {
  expect(fn).toThrow(ToolError);
  expect(fn).toThrow(pattern);
};

describe("path jail", () => {
  it("resolves relative and absolute paths inside the workspace", () => {
    const { root, jail } = setup();
    expect(jail.resolveRead("src/a.ts")).toBe(path.join(root, "src/a.ts"));
    expect(jail.resolveRead(path.join(root, "src/a.ts"))).toBe(path.join(root, "src/a.ts"));
    expect(jail.resolveRead("./src/../src/a.ts")).toBe(path.join(root, "src/a.ts"));
    expect(jail.resolveWrite("new/deeper/file.ts")).toBe(path.join(root, "new/deeper/file.ts"));
    expect(jail.resolveRead(".")).toBe(root);
    expect(jail.display(path.join(root, "src/a.ts"))).toBe("src/a.ts");
    expect(jail.display(root)).toBe(".");
  });

  it("refuses .. escapes, however they are spelled", () => {
    const { jail } = setup();
    for (const bad of ["..", "../x", "src/../../x", "src/../../../etc/passwd", "./.."]) {
      refused(() => jail.resolveRead(bad), /outside the workspace/);
      refused(() => jail.resolveWrite(bad), /outside the workspace/);
    }
  });

  it("refuses absolute paths outside the workspace, including a sibling sharing the prefix", () => {
    const { root, outside, jail } = setup();
    refused(() => jail.resolveRead(path.join(outside, "secret.txt")), /outside the workspace/);
    refused(() => jail.resolveRead("/etc/passwd"), /outside the workspace/);
    const sibling = `${root}-sibling`;
    refused(() => jail.resolveWrite(path.join(sibling, "x")), /outside the workspace/);
  });

  it("refuses a symlinked file that points outside, for reads and writes", () => {
    const { root, outside, jail } = setup();
    symlinkSync(path.join(outside, "secret.txt"), path.join(root, "link.txt"));
    refused(() => jail.resolveRead("link.txt"), /symlink to .*secret\.txt, outside the workspace/);
    refused(() => jail.resolveWrite("link.txt"), /symlink/);
  });

  it("refuses paths through a symlinked directory that points outside", () => {
    const { root, outside, jail } = setup();
    symlinkSync(path.join(outside, "dir"), path.join(root, "src", "linked"));
    refused(() => jail.resolveRead("src/linked/inner.txt"), /symlink/);
    refused(() => jail.resolveRead("src/linked"), /symlink/);
    refused(() => jail.resolveWrite("src/linked/new-file.txt"), /symlink/);
    refused(() => jail.resolveWrite("src/linked/missing/deeper.txt"), /symlink/);
  });

  it("refuses a dangling symlink whose target would be created outside", () => {
    const { root, outside, jail } = setup();
    symlinkSync(path.join(outside, "not-yet.txt"), path.join(root, "dangling.txt"));
    refused(() => jail.resolveWrite("dangling.txt"), /symlink to .*not-yet\.txt/);
    symlinkSync("../../../../../../../../tmp/also-not", path.join(root, "relative-dangling"));
    refused(() => jail.resolveWrite("relative-dangling"), /symlink/);
  });

  it("follows symlinks that stay inside the workspace", () => {
    const { root, jail } = setup();
    symlinkSync("src", path.join(root, "alias"));
    symlinkSync("a.ts", path.join(root, "src", "b.ts"));
    expect(jail.resolveRead("alias/a.ts")).toBe(path.join(root, "src/a.ts"));
    expect(jail.resolveWrite("src/b.ts")).toBe(path.join(root, "src/a.ts"));
  });

  it("reports a symlink loop as a tool error", () => {
    const { root, jail } = setup();
    symlinkSync("loop-b", path.join(root, "loop-a"));
    symlinkSync("loop-a", path.join(root, "loop-b"));
    refused(() => jail.resolveRead("loop-a/x"), /too many levels of symbolic links/);
  });

  it("refuses NUL bytes and empty paths", () => {
    const { jail } = setup();
    refused(() => jail.resolveRead("src/a.ts\0.png"), /NUL byte/);
    refused(() => jail.resolveWrite("\0"), /NUL byte/);
    refused(() => jail.resolveRead(""), /non-empty/);
  });

  it("allows reading .git but refuses writes into any .git directory", () => {
    const { root, jail } = setup();
    expect(jail.resolveRead(".git/config")).toBe(path.join(root, ".git/config"));
    refused(() => jail.resolveWrite(".git/config"), /inside \.git/);
    refused(() => jail.resolveWrite(".git/hooks/pre-commit"), /inside \.git/);
    refused(() => jail.resolveWrite("vendor/lib/.git/HEAD"), /inside \.git/);
    refused(() => jail.resolveWrite(".GIT/config"), /inside \.git/);
    symlinkSync(".git", path.join(root, "innocent"));
    refused(() => jail.resolveWrite("innocent/config"), /inside \.git/);
    expect(jail.resolveWrite(".gitignore")).toBe(path.join(root, ".gitignore"));
  });

  it("refuses writes into a git dir under another name: a bare repository, a linked worktree's, a pointer's target, the workspace itself", () => {
    const { root, jail } = setup();
    execFileSync("git", ["init", "-q", "--bare", "store.git"], { cwd: root });
    refused(() => jail.resolveWrite("store.git/hooks/pre-commit"), /inside a git directory.*store\.git is a git directory/);
    refused(() => jail.resolveWrite("store.git/config"), /inside a git directory/);
    refused(() => jail.resolveWrite("store.git/new/deep/file"), /inside a git directory/);
    symlinkSync("store.git", path.join(root, "alias"));
    refused(() => jail.resolveWrite("alias/config"), /inside a git directory/);
    mkdirSync(path.join(root, "admin"));
    writeFileSync(path.join(root, "admin/HEAD"), "ref: refs/heads/x\n");
    writeFileSync(path.join(root, "admin/commondir"), "../store.git\n");
    refused(() => jail.resolveWrite("admin/config.worktree"), /inside a git directory/);
    // Not a git dir: a folder with only some of the parts, or beside one.
    mkdirSync(path.join(root, "half/refs"), { recursive: true });
    writeFileSync(path.join(root, "half/HEAD"), "x");
    expect(jail.resolveWrite("half/config")).toBe(path.join(root, "half/config"));
    expect(jail.resolveWrite("store.git.txt")).toBe(path.join(root, "store.git.txt"));

    const worktree = makeTree({ "a.txt": "a" });
    mkdirSync(path.join(worktree, "meta"));
    writeFileSync(path.join(worktree, ".git"), "gitdir: meta\n");
    refused(() => createJail(worktree).resolveWrite("meta/hooks/post-checkout"), /the workspace's \.git file names/);

    const bare = makeTree({ "README": "r" });
    execFileSync("git", ["init", "-q", "--bare", "."], { cwd: bare });
    refused(() => createJail(bare).resolveWrite("hooks/pre-commit"), /workspace folder is itself a git directory/);
    expect(createJail(bare).resolveWrite("README")).toBe(path.join(bare, "README"));
  });

  it("never gives access to secret files or the home credential stores", () => {
    const { root, home, jail } = setup();
    refused(() => jail.resolveRead(".env"), /\.env files hold secrets/);
    refused(() => jail.resolveWrite(".env"), /\.env files hold secrets/);
    refused(() => jail.resolveRead("config/.env.production"), /secrets/);
    expect(jail.resolveRead(".env.example")).toBe(path.join(root, ".env.example"));
    symlinkSync(".env", path.join(root, "harmless.txt"));
    refused(() => jail.resolveRead("harmless.txt"), /secrets/);
    // Even a workspace in the home directory, or home listed as a read root.
    const atHome = createJail(home, { home });
    refused(() => atHome.resolveRead(".ssh/id_rsa"), /never accessible/);
    refused(() => atHome.resolveRead(".mini-agent/config.json"), /never accessible/);
    refused(() => atHome.resolveWrite(".aws/credentials"), /never accessible/);
    refused(() => atHome.resolveRead(".ssh"), /never accessible/);
    expect(atHome.resolveRead("notes.txt")).toBe(path.join(home, "notes.txt"));
    const withHomeRoot = createJail(root, { home, readRoots: [home] });
    refused(() => withHomeRoot.resolveRead(path.join(home, ".ssh/id_rsa")), /never accessible/);
  });

  it("reads (never writes) the extra read roots from config", () => {
    const { root, outside, home } = setup();
    const jail = createJail(root, { home, readRoots: [path.join(outside, "dir"), path.join(outside, "missing")] });
    expect(jail.readRoots).toEqual([path.join(outside, "dir")]);
    expect(jail.resolveRead(path.join(outside, "dir/inner.txt"))).toBe(path.join(outside, "dir/inner.txt"));
    refused(() => jail.resolveWrite(path.join(outside, "dir/inner.txt")), /outside the workspace/);
    refused(() => jail.resolveRead(path.join(outside, "secret.txt")), /outside the workspace and the read roots/);
    refused(() => jail.resolveRead(path.join(outside, "dir/../secret.txt")), /outside/);
    symlinkSync(path.join(outside, "dir"), path.join(root, "docs-link"));
    expect(jail.resolveRead("docs-link/inner.txt")).toBe(path.join(outside, "dir/inner.txt"));
    // A symlink inside a read root that leads elsewhere is still refused.
    symlinkSync(path.join(outside, "secret.txt"), path.join(outside, "dir", "sneaky"));
    refused(() => jail.resolveRead(path.join(outside, "dir/sneaky")), /symlink/);
    // "~/" in a read root means the home directory.
    mkdirSync(path.join(home, "shared"));
    writeFileSync(path.join(home, "shared/x.md"), "x");
    const tilde = createJail(root, { home, readRoots: ["~/shared"] });
    expect(tilde.resolveRead(path.join(home, "shared/x.md"))).toBe(path.join(home, "shared/x.md"));
  });

  it("takes an absolute path under the workspace's symlinked spelling (the shell's $PWD) as inside", () => {
    const { root, outside, home } = setup();
    const base = tempDir();
    symlinkSync(root, path.join(base, "wslink"));
    symlinkSync(outside, path.join(base, "elsewhere"));
    const viaLink = createJail(path.join(base, "wslink"), { home });
    expect(viaLink.resolveRead(path.join(base, "wslink/src/a.ts"))).toBe(path.join(root, "src/a.ts"));
    const viaPwd = createJail(root, { home, rootSpellings: [path.join(base, "wslink"), path.join(base, "elsewhere")] });
    expect(viaPwd.resolveWrite(path.join(base, "wslink/src/new.ts"))).toBe(path.join(root, "src/new.ts"));
    // A spelling that does not lead to the root, and `..` out of one, stay outside.
    refused(() => viaPwd.resolveRead(path.join(base, "elsewhere/secret.txt")), /outside/);
    refused(() => viaPwd.resolveRead(`${path.join(base, "wslink")}/../elsewhere/secret.txt`), /outside/);
    refused(() => viaPwd.resolveRead(path.join(base, "wslink/.env")), /secrets/);
  });

  it("resolves the workspace root itself through symlinks", () => {
    const real = tempDir();
    const parent = tempDir();
    symlinkSync(real, path.join(parent, "ws"));
    const jail = createJail(path.join(parent, "ws"));
    expect(jail.root).toBe(real);
    expect(jail.resolveWrite("x.txt")).toBe(path.join(real, "x.txt"));
  });
});
