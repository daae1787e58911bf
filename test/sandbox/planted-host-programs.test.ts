// A program planted in a workspace folder on PATH (an activated .venv/bin, a relative `bin`) is
// never what mini-agent runs on the host (ADR 0061): not bwrap or nsenter for the sandbox, not
// git for git_status, the dirty check or checkpoints, not rg for grep, not bash for a hook.
// Under the real bubblewrap, with the built CLI: each planted program leaves a marker outside
// the workspace if it ever runs, and the sandboxed command must still be confined.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { requireHostProgram } from "../../src/engine/host/host-programs.js";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";

const bwrapWorks = probeBubblewrap().works;
const PLANTED = ["bwrap", "nsenter", "git", "rg", "bash", "node", "sh"];

let box: Sandbox;
let outside: string;

/** A program that says it ran (in `outside`), then does what the real one would, so nothing else changes. */
function plant(folder: string): void {
  mkdirSync(folder, { recursive: true });
  for (const name of PLANTED) {
    const real = requireHostProgram(name);
    const file = path.join(folder, name);
    writeFileSync(file, `#!/bin/sh\necho "${file} $*" >> "${outside}/ran-${name}"\nexec "${real}" "$@"\n`);
    chmodSync(file, 0o755);
  }
}

function git(...args: string[]): void {
  execFileSync("git", ["-c", "user.email=a@b", "-c", "user.name=a", ...args], { cwd: box.workspace, stdio: "ignore" });
}

beforeAll(() => {
  box = makeSandbox();
  outside = path.join(path.dirname(box.workspace), "outside");
  mkdirSync(outside);
  git("init", "-q");
  writeFileSync(path.join(box.workspace, "a.txt"), "needle\n");
  writeFileSync(path.join(box.workspace, ".gitignore"), ".venv/\nbin/\n");
  git("add", "-A");
  git("commit", "-qm", "init");
  plant(path.join(box.workspace, ".venv", "bin"));
  plant(path.join(box.workspace, "bin"));
  // A user hook: run on the host after every tool, through mini-agent's shell.
  writeFileSync(
    path.join(box.home, "config.json"),
    JSON.stringify({ sandbox: "on", hooks: { PostToolUse: [{ matcher: ".*", hooks: [{ type: "command", command: "true" }] }] } }),
  );
});

describe.skipIf(!bwrapWorks)("programs planted in workspace folders on PATH", () => {
  it("are never run by mini-agent, and commands still run confined", async () => {
    const escaped = path.join(outside, "escaped");
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "run_command", arguments: { command: `touch inside.txt; d=${outside}; echo out > "$d/escaped"; echo ran` } }] },
        { tool_calls: [{ name: "git_status", arguments: {} }] },
        { tool_calls: [{ name: "grep", arguments: { pattern: "needle" } }] },
        { tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "changed\n" } }] },
      ],
      after: { text: "done" },
    });
    // Relative first (`bin` is the workspace's), then the activated venv, then the real folders.
    const pathVariable = ["bin", path.join(box.workspace, ".venv", "bin"), process.env.PATH].join(path.delimiter);
    const run = await runCli(["-p", "go", "--yes", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: pathVariable },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(readdirSync(outside).filter((name) => name.startsWith("ran-"))).toEqual([]);
    // Confined: the workspace was writable, the folder beside it was not.
    expect(existsSync(path.join(box.workspace, "inside.txt"))).toBe(true);
    expect(existsSync(escaped)).toBe(false);
    expect(run.stdout).toMatch(/Read-only file system/);
    // The real git and rg answered.
    expect(run.stdout).toMatch(/## (master|main)/);
    expect(run.stdout).toContain("a.txt:1: needle");
  });

  it("a program found only there counts as missing, and the message says where it was", async () => {
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "touch nope.txt" } }, { name: "git_status", arguments: {} }] }],
      after: { text: "done" },
    });
    const run = await runCli(["-p", "go", "--yes", "--output-format", "stream-json"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: ["bin", path.join(box.workspace, ".venv", "bin")].join(path.delimiter) },
    });
    expect(readdirSync(outside).filter((name) => name.startsWith("ran-"))).toEqual([]);
    expect(existsSync(path.join(box.workspace, "nope.txt"))).toBe(false);
    expect(run.stdout + run.stderr).toMatch(/bwrap was found only at bin\/bwrap, a relative PATH entry/);
    expect(run.stdout).toMatch(/git status not run: git was found only at bin\/git, a relative PATH entry/);
  });
});
