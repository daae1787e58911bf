// Git metadata under the real bubblewrap (ADR 0037): nothing a sandboxed command writes can
// make git on the host run a program. Every .git (the workspace's, nested ones, gitdir pointer
// files and where they lead) is read-only inside; a .git a command creates is moved out after
// it unless a person approved that command. The host's git is run after each, as a user would.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import { GIT_UNDONE_HEADER } from "../../src/engine/sandbox/git-guard.js";
import type { ToolContext } from "../../src/engine/tools/tool.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let marker: string;
let session: CommandTools;

async function run(command: string, answeredBy?: ToolContext["answeredBy"]): Promise<string> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal, ...(answeredBy ? { answeredBy } : {}) })).content;
}

/** What a user's git on the host does next in `dir`: status, which consults fsmonitor and the index. */
function hostGit(dir: string, ...args: string[]): void {
  spawnSync("git", ["-C", dir, ...(args.length ? args : ["status"])], { stdio: "ignore", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" } });
}

const plant = `git init -q && git config core.fsmonitor "touch MARKER" && git config core.hooksPath hooks`;

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "git-ro-"));
  root = path.join(base, "ws");
  marker = path.join(base, "fsmonitor-ran");
  mkdirSync(root);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write" });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("a .git a sandboxed command creates does not stay", () => {
  it("git init with a planted fsmonitor, unasked: moved out, and the host's git status runs nothing", async () => {
    const out = await run(plant.replace("MARKER", marker));
    expect(out).toContain(GIT_UNDONE_HEADER);
    expect(out).toContain("removed .git (kept in");
    expect(existsSync(path.join(root, ".git"))).toBe(false);
    hostGit(root);
    expect(existsSync(marker)).toBe(false);
  });

  it("the same under --yes, and a gitdir pointer file, and a nested git init", async () => {
    expect(await run(plant.replace("MARKER", marker), "flag")).toContain("removed .git");
    const evil = path.join(base, "evil-gitdir");
    mkdirSync(evil);
    const out = await run(`echo "gitdir: ${evil}" > .git; mkdir -p sub && cd sub && ${plant.replace("MARKER", marker)}`);
    expect(out).toContain("removed .git");
    expect(out).toContain("removed sub/.git");
    expect(existsSync(path.join(root, ".git"))).toBe(false);
    expect(existsSync(path.join(root, "sub", ".git"))).toBe(false);
    hostGit(path.join(root, "sub"));
    expect(existsSync(marker)).toBe(false);
  });

  it("approved by a person it stays, and the next command cannot change it", async () => {
    expect(await run("git init -q && echo made", "user")).not.toContain(GIT_UNDONE_HEADER);
    expect(existsSync(path.join(root, ".git", "config"))).toBe(true);
    const before = readFileSync(path.join(root, ".git", "config"), "utf8");
    const out = await run(`git config core.fsmonitor "touch ${marker}"; echo "[core]" >> .git/config; mkdir -p .git/hooks && echo evil > .git/hooks/pre-commit; echo done`);
    expect(out).toContain("done");
    expect(readFileSync(path.join(root, ".git", "config"), "utf8")).toBe(before);
    expect(existsSync(path.join(root, ".git", "hooks", "pre-commit"))).toBe(false);
    hostGit(root);
    expect(existsSync(marker)).toBe(false);
  });
});

describe.skipIf(!bwrapWorks)("an existing nested repository's .git is read-only", () => {
  beforeEach(() => {
    execFileSync("git", ["init", "-q", path.join(root, "vendor", "lib")]);
  });

  it("its config and hooks cannot be written, by git or by hand", async () => {
    const config = path.join(root, "vendor", "lib", ".git", "config");
    const before = readFileSync(config, "utf8");
    const out = await run(`git -C vendor/lib config core.fsmonitor "touch ${marker}"; echo "[core] fsmonitor = touch ${marker}" >> ${config}; echo evil > vendor/lib/.git/hooks/post-checkout; echo done`);
    expect(out).toContain("done");
    expect(readFileSync(config, "utf8")).toBe(before);
    expect(existsSync(path.join(root, "vendor", "lib", ".git", "hooks", "post-checkout"))).toBe(false);
    hostGit(path.join(root, "vendor", "lib"));
    expect(existsSync(marker)).toBe(false);
  });

  it("its folder renamed away and a new .git made in its place: the new one is moved out", async () => {
    const out = await run(`mv vendor/lib vendor/old && mkdir vendor/lib && cd vendor/lib && ${plant.replace("MARKER", marker)}`);
    expect(out).toContain("removed vendor/lib/.git");
    expect(existsSync(path.join(root, "vendor", "lib", ".git"))).toBe(false);
    hostGit(path.join(root, "vendor", "lib"));
    expect(existsSync(marker)).toBe(false);
  });

  it("a .git pointer file and the git folder it names inside the workspace are both read-only", async () => {
    // A bare repository kept in the workspace with a worktree beside it (`gitdir:` pointer).
    execFileSync("git", ["init", "-q", "--bare", path.join(root, ".bare")]);
    mkdirSync(path.join(root, "main"));
    writeFileSync(path.join(root, "main", ".git"), "gitdir: ../.bare\n");
    const bareConfig = path.join(root, ".bare", "config");
    const before = readFileSync(bareConfig, "utf8");
    const out = await run(`git -C main config core.fsmonitor "touch ${marker}"; echo "gitdir: /elsewhere" > main/.git; echo done`);
    expect(out).toContain("done");
    expect(readFileSync(bareConfig, "utf8")).toBe(before);
    expect(readFileSync(path.join(root, "main", ".git"), "utf8")).toBe("gitdir: ../.bare\n");
  });
});
