// Repository metadata that leads git somewhere the top config check did not look: a submodule
// (git enters it for status and diff, and runs its filters and fsmonitor), a `.git` pointer
// read differently from git (`gitdir: store ` names "store "), and pointers that lead outside
// the workspace (`.git` naming another repository, `core.worktree`, `commondir`, alternates).
// Each arrives with the workspace (a tarball, a zip, a copied folder) or is planted by a
// command. Real git, real scripts that leave a marker if they run, real files outside.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, realpathSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDirtyCheck } from "../../src/engine/approval/gate/git-dirty.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { readGitPointer } from "../../src/engine/git/repo-location.js";
import { createCommandTools } from "../../src/engine/tools/command/command-tools.js";
import { createGitTools } from "../../src/engine/tools/git-tools.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolError } from "../../src/engine/tools/tool.js";

const IDENTITY = ["-c", "user.email=t@example.com", "-c", "user.name=T"];

function scratch() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-repometa-")));
  const marker = path.join(base, "ran");
  const script = path.join(base, "evil.sh");
  writeFileSync(script, `#!/bin/sh\necho ran >> "${marker}"\ncat\n`);
  chmodSync(script, 0o755);
  return { base, marker, script };
}

const git = (cwd: string, ...args: string[]) => execFileSync("git", args, { cwd, encoding: "utf8" });

function tools(root: string) {
  const [status, diff, log] = createGitTools({ jail: createJail(root, { home: mkdtempSync(path.join(os.tmpdir(), "h-")) }) });
  const run = (tool: typeof status) => tool!.execute({} as never, { callId: "c", signal: new AbortController().signal } as never);
  return { status: () => run(status), diff: () => run(diff), log: () => run(log) };
}

/** The model's own command, run as the executor runs an unasked one (no question, no sandbox). */
async function unasked(root: string, command: string): Promise<string> {
  const session = createCommandTools({ root, tasksDir: path.join(root, "..", "tasks"), sandbox: "off" });
  try {
    const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
    return (await tool.execute({ command }, { signal: new AbortController().signal })).content;
  } finally {
    await session.closeAll();
  }
}

/** A repository with a nested repository `sub` recorded as a gitlink, whose own config names a filter and an fsmonitor. */
function withSubmodule(layout: "nested" | "modules") {
  const { base, marker, script } = scratch();
  const root = path.join(base, "ws");
  const sub = path.join(root, "sub");
  mkdirSync(sub, { recursive: true });
  git(sub, "init", "-q", "-b", "main");
  writeFileSync(path.join(sub, "f.txt"), "data\n");
  writeFileSync(path.join(sub, ".gitattributes"), "* filter=evil\n");
  git(sub, ...IDENTITY, "add", ".");
  git(sub, ...IDENTITY, "commit", "-q", "-m", "s");
  git(root, "init", "-q", "-b", "main");
  writeFileSync(path.join(root, "README.md"), "hi\n");
  git(root, "add", "README.md");
  git(root, "update-index", "--add", "--cacheinfo", `160000,${git(sub, "rev-parse", "HEAD").trim()},sub`);
  git(root, ...IDENTITY, "commit", "-q", "-m", "init");
  if (layout === "modules") {
    // The standard layout: the submodule's git dir lives in the superproject's .git/modules.
    mkdirSync(path.join(root, ".git", "modules"), { recursive: true });
    execFileSync("mv", [path.join(sub, ".git"), path.join(root, ".git", "modules", "sub")]);
    writeFileSync(path.join(sub, ".git"), "gitdir: ../.git/modules/sub\n");
    git(root, "config", "-f", ".git/modules/sub/config", "core.worktree", "../../../sub");
  }
  git(sub, "config", "filter.evil.clean", script);
  git(sub, "config", "core.fsmonitor", script);
  // What an archive's extraction gives: stat data git must refresh, by running the clean filter.
  utimesSync(path.join(sub, "f.txt"), new Date("2002-01-01"), new Date("2002-01-01"));
  writeFileSync(path.join(root, "README.md"), "hi\nchanged\n");
  return { root, marker };
}

describe.skipIf(process.platform === "win32")("submodules: git never enters one for mini-agent, nor for the model's unasked git", () => {
  it("a nested repository's filter and fsmonitor never run: the tools, the dirty check and an unasked git status", async () => {
    const { root, marker } = withSubmodule("nested");
    const { status, diff } = tools(root);
    expect((await status()).content).toContain(" M README.md");
    expect((await diff()).content).toContain("+changed");
    expect(await createDirtyCheck(root)("README.md")).toBe(true);
    expect(await unasked(root, "git status && git diff && git diff HEAD --stat")).toContain("README.md");
    expect(existsSync(marker)).toBe(false);
  });

  it("a submodule under .git/modules whose config names a filter: the tools refuse, naming it; an unasked git status runs none of it", async () => {
    const { root, marker } = withSubmodule("modules");
    const refused = await tools(root).status().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as Error).message).toMatch(/modules\/sub\/config\) has (filter\.evil\.clean|core\.fsmonitor)/);
    expect(await createDirtyCheck(root)("README.md")).toBeUndefined();
    expect(await unasked(root, "git status && git diff")).toContain("README.md");
    expect(existsSync(marker)).toBe(false);
  });

  it("a submodule's config under .git/modules makes the model's git ask, as the top config does", () => {
    const { root } = withSubmodule("modules");
    expect(classifyCommand("git status", { root }).decision).toBe("confirm");
  });

  it("git status --ignore-submodules=none, which would undo the environment's setting, asks", () => {
    const { root } = withSubmodule("nested");
    expect(classifyCommand("git status --ignore-submodules=none", { root }).decision).toBe("confirm");
    expect(classifyCommand("git diff --ignore-submodules=dirty", { root }).decision).toBe("confirm");
  });
});

describe("a .git pointer is read as git reads it", () => {
  it.each([
    ["gitdir: store\n", "store"],
    ["gitdir: store \n", "store "],
    ["gitdir:  store\r\n", " store"],
    ["gitdir:store\n", undefined],
    ["GITDIR: store\n", undefined],
    ["gitdir: \n", undefined],
    ["  gitdir: store\n", undefined],
  ])("%j names %j", (text, expected) => {
    expect(readGitPointer(text)).toBe(expected);
  });

  it.skipIf(process.platform === "win32")("`gitdir: store ` (git uses `store `, with its filter) is judged by `store `'s config: refused, nothing ran", async () => {
    const { base, marker, script } = scratch();
    const root = path.join(base, "ws");
    mkdirSync(root);
    git(root, "init", "-q", "--bare", "store ");
    git(root, "init", "-q", "--bare", "store");
    writeFileSync(path.join(root, ".git"), "gitdir: store \n");
    git(root, "--git-dir=store ", "config", "core.bare", "false");
    writeFileSync(path.join(root, ".gitattributes"), "* filter=evil\n");
    writeFileSync(path.join(root, "f.txt"), "data\n");
    git(root, "--git-dir=store ", "--work-tree=.", "add", "f.txt", ".gitattributes");
    git(root, "--git-dir=store ", "config", "filter.evil.clean", script);
    utimesSync(path.join(root, "f.txt"), new Date("2002-01-01"), new Date("2002-01-01"));
    const refused = await tools(root).status().catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as Error).message).toContain("filter.evil.clean");
    expect(classifyCommand("git status", { root }).decision).toBe("confirm");
    expect(existsSync(marker)).toBe(false);
  });
});

describe.skipIf(process.platform === "win32")("metadata that leads git outside the workspace", () => {
  /** A private repository outside the workspace, with a committed secret. */
  function privateRepo(base: string): string {
    const repo = path.join(base, "private");
    mkdirSync(repo);
    git(repo, "init", "-q", "-b", "main");
    writeFileSync(path.join(repo, "secret.txt"), "PRIVATE-REPO-SECRET\n");
    git(repo, "add", ".");
    git(repo, ...IDENTITY, "commit", "-q", "-m", "private history");
    return repo;
  }

  async function expectRefused(root: string, why: RegExp) {
    const { status, diff, log } = tools(root);
    for (const call of [status, diff, log]) {
      const refused = await call().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ToolError);
      expect((refused as Error).message).toMatch(why);
    }
    expect(await createDirtyCheck(root)("a.txt")).toBeUndefined();
    expect(classifyCommand("git log -p", { root }).decision).toBe("confirm");
  }

  it("a .git file naming a repository outside that does not name this folder back: refused, nothing of it shown", async () => {
    const { base } = scratch();
    const repo = privateRepo(base);
    const root = path.join(base, "ws");
    mkdirSync(root);
    writeFileSync(path.join(root, ".git"), `gitdir: ../private/.git\n`);
    await expectRefused(root, /outside the workspace that does not name this folder back/);
    expect(repo).toBeTruthy();
  });

  it("a .git link to a repository outside: refused", async () => {
    const { base } = scratch();
    privateRepo(base);
    const root = path.join(base, "ws");
    mkdirSync(root);
    execFileSync("ln", ["-s", path.join(base, "private", ".git"), path.join(root, ".git")]);
    await expectRefused(root, /leads to .*outside the workspace/);
  });

  it("core.worktree naming a folder outside: refused", async () => {
    const { base } = scratch();
    const outside = path.join(base, "outside");
    mkdirSync(outside);
    writeFileSync(path.join(outside, "secret.txt"), "TOP-SECRET\n");
    const root = path.join(base, "ws");
    mkdirSync(root);
    git(root, "init", "-q", "-b", "main");
    git(root, "config", "core.worktree", "../../outside");
    await expectRefused(root, /core\.worktree names .*outside/);
  });

  it("core.worktree naming a folder that holds the workspace: refused, its files never shown", async () => {
    const { base } = scratch();
    writeFileSync(path.join(base, "beside.txt"), "BESIDE-THE-WORKSPACE\n");
    const root = path.join(base, "ws");
    mkdirSync(root);
    git(root, "init", "-q", "-b", "main");
    // As a tarball would bring it: the parent as the worktree, and an index that tracks a file
    // there as empty, so a diff would print the file whole.
    git(root, "config", "core.worktree", "../..");
    git(root, "hash-object", "-w", "--stdin");
    git(root, "update-index", "--add", "--cacheinfo", "100644,e69de29bb2d1d6434b8b29ae775ad8c2e48c5391,beside.txt");
    await expectRefused(root, /core\.worktree names .*outside the workspace/);
    const { diff } = tools(root);
    expect(String(await diff().catch((error: unknown) => error))).not.toContain("BESIDE-THE-WORKSPACE");
  });

  it("commondir and objects/info/alternates naming another repository's objects: refused", async () => {
    for (const plant of ["commondir", "alternates"] as const) {
      const { base } = scratch();
      privateRepo(base);
      const root = path.join(base, "ws");
      mkdirSync(root);
      git(root, "init", "-q", "-b", "main");
      if (plant === "commondir") writeFileSync(path.join(root, ".git", "commondir"), "../../private/.git\n");
      else writeFileSync(path.join(root, ".git", "objects", "info", "alternates"), `${path.join(base, "private", ".git", "objects")}\n`);
      await expectRefused(root, plant === "commondir" ? /commondir names .*outside/ : /alternates borrows objects from .*outside/);
    }
  });

  it("what git itself makes is honoured: a linked worktree and a submodule opened as the workspace", async () => {
    const { base } = scratch();
    const main = privateRepo(base);
    const worktree = path.join(base, "wt");
    git(main, "worktree", "add", "-q", worktree, "-b", "feature");
    writeFileSync(path.join(worktree, "secret.txt"), "changed in the worktree\n");
    expect((await tools(worktree).status()).content).toContain(" M secret.txt");
    expect(await createDirtyCheck(worktree)("secret.txt")).toBe(true);
    expect(classifyCommand("git status", { root: worktree }).decision).toBe("allow");

    const { root } = withSubmodule("modules");
    execFileSync("sh", ["-c", "git config -f .git/modules/sub/config --unset filter.evil.clean && git config -f .git/modules/sub/config --unset core.fsmonitor"], { cwd: root });
    writeFileSync(path.join(root, "sub", "g.txt"), "new\n");
    expect((await tools(path.join(root, "sub")).status()).content).toContain("?? g.txt");
  });
});
