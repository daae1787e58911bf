// mini-agent's own git calls on the host (the uncommitted-changes check, git_status,
// git_diff) never run what the workspace's config names: a planted fsmonitor, pager or
// external diff is switched off; a content filter or an include is refused. Real git,
// real scripts that would leave a marker if they ran.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createDirtyCheck } from "../../src/engine/approval/gate/git-dirty.js";
import { classifyCommand } from "../../src/engine/approval/rules/command-policy.js";
import { createGitTools } from "../../src/engine/tools/git-tools.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolError } from "../../src/engine/tools/tool.js";

function plantedRepo(config: string) {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-hostgit-")));
  const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
  git("init", "-q", "-b", "main");
  writeFileSync(path.join(root, "a.txt"), "one\n");
  git("-c", "user.email=t@example.com", "-c", "user.name=T", "add", "a.txt");
  git("-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "-m", "first");
  const marker = path.join(root, "..", `${path.basename(root)}-ran`);
  const script = path.join(root, "evil.sh");
  writeFileSync(script, `#!/bin/sh\necho ran >> "${marker}"\ncat\n`);
  chmodSync(script, 0o755);
  // What a sandboxed command could append to the config after `git init`.
  execFileSync("sh", ["-c", `cat >> .git/config <<'EOF'\n${config.replaceAll("SCRIPT", script)}\nEOF`], { cwd: root });
  writeFileSync(path.join(root, "a.txt"), "one\ntwo\n");
  const [status, diff, log] = createGitTools({ jail: createJail(root, { home: mkdtempSync(path.join(os.tmpdir(), "h-")) }) });
  return { root, marker, script, status: status!, diff: diff!, log: log! };
}

async function runTool(tool: ReturnType<typeof plantedRepo>["status"], input: object) {
  return tool.execute(input as never, { callId: "c", signal: new AbortController().signal } as never);
}

describe.skipIf(process.platform === "win32")("host-side git against a planted config", () => {
  it("switches off fsmonitor, pager and external diff in every spelling: the answer is right and nothing ran", async () => {
    for (const config of ["[core] fsmonitor = SCRIPT", "[core]\n\tfsMonitor = SCRIPT\n\tpager = SCRIPT", "[diff]\n\texternal = SCRIPT", '[diff "x"]\n\ttextconv = SCRIPT']) {
      const repo = plantedRepo(config);
      if (config.includes("textconv")) writeFileSync(path.join(repo.root, ".gitattributes"), "*.txt diff=x\n");
      expect(await createDirtyCheck(repo.root)("a.txt"), config).toBe(true);
      expect((await runTool(repo.status, {})).content, config).toContain(" M a.txt");
      expect((await runTool(repo.diff, {})).content, config).toContain("+two");
      expect(existsSync(repo.marker), config).toBe(false);
      // The model's own `git status` runs without our overrides: it asks.
      expect(classifyCommand("git status", { root: repo.root }).decision, config).toBe("confirm");
    }
  });

  it("refuses a repository whose config names a content filter or an include: nothing runs, the tool says why", async () => {
    for (const config of ['[filter "x"]\n\tclean = SCRIPT', "[filter.x] process = SCRIPT", "[include]\n\tpath = ../../planted.cfg", '[includeIf "gitdir:/"]\n\tpath = planted.cfg']) {
      const repo = plantedRepo(config);
      writeFileSync(path.join(repo.root, ".gitattributes"), "* filter=x\n");
      writeFileSync(path.join(repo.root, "planted.cfg"), "[core]\n\tfsmonitor = evil.sh\n");
      expect(await createDirtyCheck(repo.root)("a.txt"), config).toBeUndefined();
      const refused = await runTool(repo.status, {}).catch((error: unknown) => error);
      expect(refused, config).toBeInstanceOf(ToolError);
      expect((refused as Error).message, config).toMatch(/git status not run: the repository's git config .* has (filter\.x\.(clean|process)|include)/);
      expect(existsSync(repo.marker), config).toBe(false);
    }
  });

  it("a clean repository is unaffected", async () => {
    const repo = plantedRepo("[core]\n\tbare = false");
    expect(await createDirtyCheck(repo.root)("a.txt")).toBe(true);
    expect(await createDirtyCheck(repo.root)("evil.sh")).toBe(true);
    expect(classifyCommand("git status", { root: repo.root }).decision).toBe("allow");
  });
});

describe.skipIf(process.platform === "win32")("siblings: other keys and places that name a program (issue 21, class 1)", () => {
  it("per-command pagers, a diff driver's command and a signing program: the tools answer and nothing ran", async () => {
    for (const config of [
      "[pager]\n\tstatus = SCRIPT\n\tdiff = SCRIPT\n\tlog = SCRIPT",
      '[diff "x"]\n\tcommand = SCRIPT',
      '[log]\n\tshowSignature = true\n[gpg]\n\tprogram = SCRIPT\n[gpg "ssh"]\n\tprogram = SCRIPT\n\tdefaultKeyCommand = SCRIPT',
      "[core]\n\tsshCommand = SCRIPT\n\taskPass = SCRIPT\n[credential]\n\thelper = !SCRIPT\n[sequence]\n\teditor = SCRIPT",
    ]) {
      const repo = plantedRepo(config);
      writeFileSync(path.join(repo.root, ".gitattributes"), "*.txt diff=x\n");
      expect((await runTool(repo.status, {})).content, config).toContain(" M a.txt");
      expect((await runTool(repo.diff, {})).content, config).toContain("+two");
      expect((await runTool(repo.log, {})).content, config).toContain("first");
      expect(existsSync(repo.marker), config).toBe(false);
    }
  });

  it("a worktree's own config (extensions.worktreeConfig) with an fsmonitor: switched off, nothing ran", async () => {
    const repo = plantedRepo("[extensions]\n\tworktreeConfig = true");
    writeFileSync(path.join(repo.root, ".git", "config.worktree"), `[core]\n\tfsmonitor = ${repo.script}\n\tpager = ${repo.script}\n`);
    expect((await runTool(repo.status, {})).content).toContain(" M a.txt");
    expect(await createDirtyCheck(repo.root)("a.txt")).toBe(true);
    expect(existsSync(repo.marker)).toBe(false);
  });

  it("a .git pointer file naming a planted git dir in the workspace whose config has a filter: refused", async () => {
    const repo = plantedRepo("[core]\n\tbare = false");
    execFileSync("sh", ["-c", `mv .git inner && printf 'gitdir: inner\n' > .git && printf '[filter "x"]\n\tclean = ${repo.script}\n' >> inner/config`], { cwd: repo.root });
    writeFileSync(path.join(repo.root, ".gitattributes"), "* filter=x\n");
    const refused = await runTool(repo.status, {}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as Error).message).toContain("filter.x.clean");
    expect(await createDirtyCheck(repo.root)("a.txt")).toBeUndefined();
    expect(existsSync(repo.marker)).toBe(false);
  });
});
