// run_command against real child processes in a real temp directory.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createProcessRunner } from "../../src/engine/tools/command/process-runner.js";
import {
  commandEnvironment,
  createRunCommandTool,
  ForegroundCommands,
  INTERRUPTED_MESSAGE,
} from "../../src/engine/tools/command/run-command.js";
import type { Tool, ToolContext } from "../../src/engine/tools/tool.js";
import { processAlive as alive, waitFor } from "../helpers/processes.js";

const posix = process.platform !== "win32";
let root: string;
let foreground: ForegroundCommands;
let tool: Tool;

function context(overrides: Partial<ToolContext> = {}): ToolContext {
  return { signal: new AbortController().signal, ...overrides };
}

beforeEach(() => {
  // Resolved: on macOS the temp dir is a symlink (/var → /private/var) and `pwd` prints the real path.
  root = realpathSync(mkdtempSync(path.join(os.tmpdir(), "run-command-")));
  foreground = new ForegroundCommands();
  tool = createRunCommandTool({ root, runner: createProcessRunner(), foreground });
});
afterEach(async () => {
  await foreground.stopAll();
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(posix)("run_command", () => {
  it("runs in the workspace root and returns exit code, stdout and stderr", async () => {
    const result = await tool.execute({ command: "pwd; echo oops >&2; exit 3" }, context());
    expect(result.isError).toBe(true);
    expect(result.content).toContain("exit code: 3");
    expect(result.content).toContain(`stdout:\n${root}`);
    expect(result.content).toContain("stderr:\noops");
  });

  it("streams output live, before the command ends", async () => {
    const gate = path.join(root, "go");
    const seen: string[] = [];
    let resolved = false;
    const run = tool
      .execute({ command: `echo first; while [ ! -f ${gate} ]; do sleep 0.05; done; echo second` }, context({ onOutput: (_s, chunk) => seen.push(chunk) }))
      .then((result) => {
        resolved = true;
        return result;
      });
    await waitFor(() => seen.join("").includes("first"));
    expect(resolved).toBe(false);
    expect(seen.join("")).not.toContain("second");
    writeFileSync(gate, "");
    const result = await run;
    expect(result.content).toContain("first\nsecond");
  });

  it("drains both pipes concurrently, so a chatty stderr cannot deadlock stdout", async () => {
    const command = `node -e "for (let i = 0; i < 2000; i++) { process.stderr.write('e'.repeat(100) + '\\n'); process.stdout.write('o'.repeat(100) + '\\n'); }"`;
    const result = await tool.execute({ command }, context());
    expect(result.content).toContain("exit code: 0");
    expect(result.content).toContain("o".repeat(100));
  });

  it("kills the process tree on timeout and says so", async () => {
    const pidFile = path.join(root, "pid");
    const result = await tool.execute({ command: `sleep 30 & echo $! > ${pidFile}; wait`, timeout_ms: 500 }, context());
    expect(result.content).toContain("timed out after 500 ms");
    expect(result.content).toMatch(/^exit code: none \(timed out after 500 ms; the process tree was killed with SIG(TERM|KILL)\)/);
    expect(result.isError).toBe(true);
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !alive(grandchild), 10_000, "the grandchild to die");
  });

  it("a command that exits 0 on SIGTERM at its timeout is reported as timed out, never exit code 0", async () => {
    const result = await tool.execute({ command: "trap 'exit 0' TERM; sleep 30 & wait", timeout_ms: 500 }, context());
    expect(result.content).not.toContain("exit code: 0");
    expect(result.content).toMatch(/^exit code: none \(timed out after 500 ms; the process tree was killed with SIGTERM\)/);
    expect(result.isError).toBe(true);
  });

  it("says the default timeout in its description", () => {
    expect(tool.description).toContain("Killed after 30 s");
  });

  it("interrupt kills a sleeping grandchild early; the call fails with the interrupt message", async () => {
    const pidFile = path.join(root, "pid");
    const started: string[] = [];
    const run = tool.execute(
      { command: `sleep 60 & echo $! > ${pidFile}; echo started; wait`, timeout_ms: 120_000 },
      context({ onOutput: (_s, chunk) => started.push(chunk) }),
    );
    await waitFor(() => started.join("").includes("started"));
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    expect(alive(grandchild)).toBe(true);
    expect(foreground.interrupt()).toBe(true);
    await expect(run).rejects.toThrow(INTERRUPTED_MESSAGE);
    await waitFor(() => !alive(grandchild), 10_000, "the grandchild to die");
    // The turn goes on: the next command in the same session runs normally.
    expect(foreground.interrupt()).toBe(false);
    const next = await tool.execute({ command: "echo still here" }, context());
    expect(next.content).toContain("still here");
  });

  it("aborting the turn kills the running command", async () => {
    const controller = new AbortController();
    const pidFile = path.join(root, "pid");
    const out: string[] = [];
    const run = tool.execute(
      { command: `sleep 60 & echo $! > ${pidFile}; echo go; wait` },
      { signal: controller.signal, onOutput: (_s, chunk) => out.push(chunk) },
    );
    await waitFor(() => out.join("").includes("go"));
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    controller.abort();
    await expect(run).rejects.toThrow(/aborted/);
    await waitFor(() => !alive(grandchild), 10_000, "the grandchild to die");
  });

  it("reports a signal that killed the command", async () => {
    const result = await tool.execute({ command: "kill -9 $$" }, context());
    expect(result.content).toContain("killed by signal SIGKILL");
  });

  it("keeps credentials out of the command's environment", async () => {
    const env = commandEnvironment({ PATH: process.env.PATH, OPENAI_API_KEY: "sk-1", GITHUB_TOKEN: "t", MY_SECRET: "s", HOME: "/h" });
    expect(Object.keys(env).sort()).toEqual(["GIT_PAGER", "GIT_TERMINAL_PROMPT", "HOME", "PAGER", "PATH"]);
    const scoped = createRunCommandTool({ root, runner: createProcessRunner(), env });
    const result = await scoped.execute({ command: "env" }, context());
    expect(result.content).not.toContain("sk-1");
    expect(result.content).toContain("HOME=/h");
  });

  it("keeps them out when the user's login profile exports them again, and keeps the profile's other settings", async () => {
    const home = realpathSync(mkdtempSync(path.join(os.tmpdir(), "run-command-home-")));
    writeFileSync(path.join(home, ".bash_profile"), "export PROFILE_API_TOKEN=tok-from-profile-123\nexport gh_pat=pat-from-profile\nexport PROFILE_PLAIN=kept\nexport KEYBOARD_LAYOUT=uk\n");
    const scoped = createRunCommandTool({ root, runner: createProcessRunner(), env: commandEnvironment({ PATH: process.env.PATH, HOME: home }) });
    const result = await scoped.execute({ command: "env; echo status=$?" }, context());
    expect(result.content).not.toContain("tok-from-profile-123");
    expect(result.content).not.toContain("pat-from-profile");
    expect(result.content).toContain("PROFILE_PLAIN=kept");
    expect(result.content).toContain("KEYBOARD_LAYOUT=uk");
    expect(result.content).toContain("status=0");
    rmSync(home, { recursive: true, force: true });
  });

  it("an unasked git diff, git log -p and git show work on the machine's real git (git 2.39 runs an empty diff.external as a program)", async () => {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, stdio: "pipe" });
    git("init", "-q");
    writeFileSync(path.join(root, "a.txt"), "one\n");
    git("add", "a.txt");
    git("-c", "user.email=t@example.com", "-c", "user.name=T", "commit", "-q", "-m", "first");
    writeFileSync(path.join(root, "a.txt"), "one\ntwo\n");
    const scoped = createRunCommandTool({ root, runner: createProcessRunner(), env: commandEnvironment({ PATH: process.env.PATH, HOME: root }) });
    for (const command of ["git diff", "git log -p -1", "git show", "git diff --stat"]) {
      const result = await scoped.execute({ command }, context());
      expect(result.isError, `${command}: ${result.content}`).toBeFalsy();
      expect(result.content, command).not.toContain("external diff died");
      expect(result.content, command).toMatch(command === "git diff" ? /\+two/ : command === "git diff --stat" ? /a\.txt \| 1 \+/ : /\+one/);
    }
  });

  it("keeps the user's GIT_CONFIG_COUNT settings, and adds the overrides of an unasked command after them", async () => {
    const env = commandEnvironment({ PATH: process.env.PATH, HOME: root, GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "user.name", GIT_CONFIG_VALUE_0: "Env User" });
    const scoped = createRunCommandTool({ root, runner: createProcessRunner(), env });
    const result = await scoped.execute({ command: "git config user.name; git config core.fsmonitor; git config diff.ignoreSubmodules" }, context());
    expect(result.content).toContain("stdout:\nEnv User\nfalse\nall");
    const asked = await scoped.execute({ command: "git config user.name; git config diff.ignoreSubmodules" }, context({ answeredBy: "user" }));
    expect(asked.content).toContain("stdout:\nEnv User\n");
    expect(asked.content).not.toContain("all");
  });
});
