// Two ways out of the sandbox that the .git rule did not cover (issue 21's known gaps, ADR 0047),
// under the real bubblewrap. A bare repository by any name is a git dir: git on the host runs
// its config and hooks when started in it or pointed at it, so an existing one is read-only
// and a new one is moved out like a planted .git. And pnpm's node_modules/.pnpm holds hard
// links into the user's global store: a write through one would change the file every other
// project on the machine installs, so the tree is read-only to every sandboxed command.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, linkSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
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

/** The user's git on the host, as they would run it next: status inside the bare repository (git finds it there). */
function hostGitIn(dir: string): void {
  spawnSync("git", ["status"], { cwd: dir, stdio: "ignore", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" } });
  spawnSync("git", ["--git-dir", dir, "log", "-1"], { cwd: base, stdio: "ignore", env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1" } });
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "bare-links-"));
  root = path.join(base, "ws");
  marker = path.join(base, "ran");
  mkdirSync(root);
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "workspace-write" });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe.skipIf(!bwrapWorks)("a bare repository not named .git", () => {
  it("an existing one is read-only: its config and hooks stay as they were, by git or by hand", async () => {
    const mirror = path.join(root, "deps", "mirror.git");
    execFileSync("git", ["init", "-q", "--bare", mirror]);
    const config = path.join(mirror, "config");
    const before = readFileSync(config, "utf8");
    const out = await run(
      `git --git-dir=deps/mirror.git config core.fsmonitor "touch ${marker}"; echo "[core] fsmonitor = touch ${marker}" >> deps/mirror.git/config; ` +
        `echo "touch ${marker}" > deps/mirror.git/hooks/post-update; (cd deps/mirror.git && git config core.hooksPath /tmp); echo done`,
      "flag",
    );
    expect(out).toContain("done");
    expect(readFileSync(config, "utf8")).toBe(before);
    expect(existsSync(path.join(mirror, "hooks", "post-update"))).toBe(false);
    hostGitIn(mirror);
    expect(existsSync(marker)).toBe(false);
  });

  it("one made by git init --bare or git clone --mirror, unasked, is moved out", async () => {
    execFileSync("git", ["init", "-q", "--bare", path.join(base, "upstream")]);
    const out = await run(`git init -q --bare tools/repo && git --git-dir=tools/repo config core.fsmonitor "touch ${marker}"; git clone -q --mirror ${path.join(base, "upstream")} m && echo done`);
    expect(out).toContain(GIT_UNDONE_HEADER);
    expect(out).toContain("removed tools/repo");
    expect(out).toContain("removed m");
    expect(existsSync(path.join(root, "tools", "repo"))).toBe(false);
    expect(existsSync(path.join(root, "m"))).toBe(false);
  });

  it("one made by hand (HEAD, objects/, refs/ and a config) is moved out, and the host's git never runs its fsmonitor", async () => {
    const out = await run(`mkdir -p x/objects x/refs && echo 'ref: refs/heads/main' > x/HEAD && printf '[core]\\n\\tfsmonitor = touch ${marker}\\n' > x/config && echo done`);
    expect(out).toContain("removed x");
    expect(existsSync(path.join(root, "x"))).toBe(false);
    hostGitIn(root);
    expect(existsSync(marker)).toBe(false);
  });

  it("one whose objects/ and refs/ are links (git follows them) is found and moved out", async () => {
    const out = await run(`mkdir -p z/o z/r/heads && ln -s o z/objects && ln -s r z/refs && echo 'ref: refs/heads/main' > z/HEAD && printf '[core]\\n\\tfsmonitor = touch ${marker}\\n' > z/config && echo done`);
    expect(out).toContain("removed z");
    expect(existsSync(path.join(root, "z"))).toBe(false);
  });

  it("the workspace folder itself made a git dir: what the command added is moved out, the project's own info/ stays, host git runs nothing", async () => {
    mkdirSync(path.join(root, "info"));
    writeFileSync(path.join(root, "info", "app.json"), "{}\n");
    writeFileSync(path.join(root, "a.txt"), "a\n");
    for (const answeredBy of [undefined, "flag"] as const) {
      const out = await run(
        `git --git-dir=. --work-tree=. init -q && git --git-dir=. config core.bare false && git --git-dir=. config core.fsmonitor "touch ${marker}" && git --git-dir=. config core.worktree ${root} && echo done`,
        answeredBy,
      );
      expect(out).toContain(GIT_UNDONE_HEADER);
      for (const part of ["HEAD", "objects", "refs"]) expect(existsSync(path.join(root, part)), part).toBe(false);
      expect(readFileSync(path.join(root, "info", "app.json"), "utf8")).toBe("{}\n");
      hostGitIn(root);
      expect(existsSync(marker)).toBe(false);
    }
  });

  it("a folder that only has some of what a git dir has is left alone", async () => {
    const out = await run("mkdir -p y/objects && echo hi > y/HEAD && echo done");
    expect(out).not.toContain(GIT_UNDONE_HEADER);
    expect(existsSync(path.join(root, "y", "HEAD"))).toBe(true);
  });
});

describe.skipIf(!bwrapWorks)("hard links into pnpm's global store", () => {
  let stored: string;
  beforeEach(() => {
    // The store outside the workspace, and an install that links into it as pnpm does.
    stored = path.join(base, "pnpm-store", "v3", "files", "ab", "index.js");
    mkdirSync(path.dirname(stored), { recursive: true });
    writeFileSync(stored, "module.exports = 1;\n");
    for (const at of ["node_modules", path.join("packages", "a", "node_modules")]) {
      const pkg = path.join(root, at, ".pnpm", "left-pad@1.3.0", "node_modules", "left-pad");
      mkdirSync(pkg, { recursive: true });
      linkSync(stored, path.join(pkg, "index.js"));
      symlinkSync(path.join(".pnpm", "left-pad@1.3.0", "node_modules", "left-pad"), path.join(root, at, "left-pad"));
    }
  });

  for (const answeredBy of [undefined, "flag", "user"] as const) {
    it(`a write through the package's link, its real path or a workspace package's copy never reaches the store (${answeredBy ?? "unasked"})`, async () => {
      const out = await run(
        "echo 'require(\"child_process\").execSync(\"evil\")' >> node_modules/left-pad/index.js; " +
          ": > node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad/index.js; " +
          "cp /etc/hostname packages/a/node_modules/left-pad/index.js; " +
          "node -e \"require('fs').writeFileSync('packages/a/node_modules/.pnpm/left-pad@1.3.0/node_modules/left-pad/index.js', 'x')\"; echo done",
        answeredBy,
      );
      expect(out).toContain("done");
      expect(readFileSync(stored, "utf8")).toBe("module.exports = 1;\n");
    });
  }

  it("the rest of node_modules stays writable (tools keep caches there)", async () => {
    const out = await run("mkdir -p node_modules/.cache/x && echo ok > node_modules/.cache/x/y && cat node_modules/.cache/x/y");
    expect(out).toContain("ok");
  });
});
