// Where the agent home may be. Its config.json is trusted as the user's own (hooks run, keys
// are used), so it may never be a folder of the workspace: not through an empty or relative
// HOME (~/.mini-agent would be <cwd>/.mini-agent), not through a HOME that is the workspace,
// not through a symlink. The bin's compile cache (Node's enableCompileCache, recorded here by
// a preload that stands in for Node's API) follows the same rule: nothing is written there first.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, collect, makeSandbox, runCli, type CliRun } from "../helpers/run-cli.js";
import { sessionFiles } from "../helpers/session-files.js";

const STACK = /\n\s+at /;
const posix = process.platform !== "win32";

/** A cloned repository with its own .mini-agent/config.json whose hook would leave a marker. */
function hostileRepo() {
  const box = makeSandbox();
  const marker = path.join(box.home, "..", "hook-ran");
  mkdirSync(path.join(box.workspace, ".mini-agent"));
  const hook = { type: "command", command: `node -e "require('fs').writeFileSync(process.argv[1], 'ran')" "${marker}"` };
  writeFileSync(path.join(box.workspace, ".mini-agent", "config.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [hook] }] } }));
  return { box, marker };
}

/** Runs the bin with Node's enableCompileCache replaced by a recorder of the folder asked for. */
function runRecordingCache(args: string[], cwd: string, env: Record<string, string>): Promise<CliRun & { cacheDir: string | undefined }> {
  const base = path.dirname(makeSandbox().home);
  const report = path.join(base, "cache-dir");
  const preload = path.join(base, "record-cache.cjs");
  writeFileSync(preload, `require("node:module").enableCompileCache = (dir) => { require("node:fs").writeFileSync(${JSON.stringify(report)}, String(dir)); return { status: 0 }; };\n`);
  const child = spawn(process.execPath, ["-r", preload, CLI, ...args], { cwd, env: cliEnv(env), stdio: ["pipe", "pipe", "pipe"] });
  return collect(child).then((run) => ({ ...run, cacheDir: existsSync(report) ? readFileSync(report, "utf8") : undefined }));
}

describe("an agent home in the workspace is refused wherever it comes from", () => {
  it.skipIf(!posix)("an empty HOME: exit 2 naming HOME; the repository's config is not read, its hook never runs, nothing is written in it", async () => {
    const { box, marker } = hostileRepo();
    const run = await runRecordingCache(["-p", "hello"], box.workspace, { FAKE_LLM: "1", HOME: "" });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("HOME is empty");
    expect(run.stderr).toContain("MINI_AGENT_HOME");
    expect(run.stderr).not.toMatch(STACK);
    expect(existsSync(marker)).toBe(false);
    expect(readdirSync(path.join(box.workspace, ".mini-agent"))).toEqual(["config.json"]);
    expect(run.cacheDir).toBeUndefined();
  });

  it.skipIf(!posix)("a relative HOME: exit 2 quoting it; no folder is made under the workspace", async () => {
    const box = makeSandbox();
    const run = await runRecordingCache(["-p", "hello"], box.workspace, { FAKE_LLM: "1", HOME: "rel" });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain('HOME is not an absolute path ("rel")');
    expect(readdirSync(box.workspace)).toEqual([]);
    expect(run.cacheDir).toBeUndefined();
  });

  it.skipIf(!posix)("every subcommand applies the same rule (sessions, undo, memory, registry)", async () => {
    const box = makeSandbox();
    for (const args of [["sessions"], ["undo"], ["memory"], ["registry", "search", "x"]]) {
      const run = await runCli(args, { cwd: box.workspace, env: { HOME: "", MINI_AGENT_REGISTRY: "https://registry.invalid/index.json" } });
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain("HOME is empty");
    }
    expect(readdirSync(box.workspace)).toEqual([]);
  });

  it("a HOME that is the workspace: its .mini-agent is refused as inside the workspace, and the hook never runs", async () => {
    const { box, marker } = hostileRepo();
    const run = await runRecordingCache(["-p", "hello"], box.workspace, { FAKE_LLM: "1", HOME: box.workspace, USERPROFILE: box.workspace });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`the agent home ${path.join(box.workspace, ".mini-agent")} (from HOME=${box.workspace}) is inside the workspace ${box.workspace}`);
    expect(existsSync(marker)).toBe(false);
    expect(sessionFiles(path.join(box.workspace, ".mini-agent"))).toEqual([]);
    expect(run.cacheDir).toBeUndefined();
  });

  it.skipIf(!posix)("a MINI_AGENT_HOME that reaches into the workspace through a symlink is refused, naming both paths", async () => {
    const box = makeSandbox();
    const inner = path.join(box.workspace, "inner");
    mkdirSync(inner);
    const link = path.join(box.home, "..", "link");
    symlinkSync(inner, link);
    const run = await runRecordingCache(["-p", "hi"], box.workspace, { FAKE_LLM: "1", MINI_AGENT_HOME: link });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(`MINI_AGENT_HOME ${link} (${inner}) is inside the workspace ${box.workspace}`);
    expect(readdirSync(inner)).toEqual([]);
    expect(run.cacheDir).toBeUndefined();
  });

  it.skipIf(!posix)("a workspace entered through a symlink (macOS's /tmp) is compared by its real path", async () => {
    const box = makeSandbox();
    const wsLink = path.join(box.home, "..", "ws-link");
    symlinkSync(box.workspace, wsLink);
    const run = await runRecordingCache(["-p", "hi"], wsLink, { FAKE_LLM: "1", MINI_AGENT_HOME: path.join(wsLink, "ah") });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain("is inside the workspace");
    expect(existsSync(path.join(box.workspace, "ah"))).toBe(false);
    expect(run.cacheDir).toBeUndefined();
  });

  it("a home outside the workspace works, and the compile cache goes there (the recorder sees it)", async () => {
    const box = makeSandbox();
    const run = await runRecordingCache(["-p", "hi"], box.workspace, { FAKE_LLM: "1", MINI_AGENT_HOME: box.home });
    expect(run.code, run.stderr).toBe(0);
    expect(run.cacheDir).toBe(path.join(box.home, "compile-cache"));
    expect(sessionFiles(box.home)).toHaveLength(1);
  });
});
