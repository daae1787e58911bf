// Runs the real built CLI as a child process in a temp workspace with a temp home.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const CLI = fileURLToPath(new URL("../../bin/mini-agent.cjs", import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Sandbox {
  workspace: string;
  home: string;
  /** Writes a FAKE_LLM script into the home folder and returns its path. */
  script(turns: unknown): string;
}

export function makeSandbox(): Sandbox {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-test-")));
  const workspace = path.join(base, "workspace");
  const home = path.join(base, "home");
  for (const dir of [workspace, home]) mkdirSync(dir, { recursive: true });
  let scripts = 0;
  return {
    workspace,
    home,
    script(turns) {
      scripts += 1;
      const file = path.join(base, `script-${scripts}.json`);
      writeFileSync(file, JSON.stringify(turns));
      return file;
    },
  };
}

export interface RunOptions {
  cwd: string;
  env?: Record<string, string>;
  input?: string;
}

/**
 * Variables Windows itself needs in a child: without SystemRoot, Winsock cannot load its
 * providers (no sockets, so no fake provider server), and cmd.exe needs ComSpec and PATHEXT.
 */
const WINDOWS_SYSTEM_VARS = ["SystemRoot", "SystemDrive", "windir", "ComSpec", "PATHEXT", "TEMP", "TMP"];

/**
 * A clean environment: only PATH, HOME and TMPDIR from ours, plus what the test passes.
 * TMPDIR keeps the CLI's temporary files (sandbox folders) in the run's temp root.
 */
export function cliEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? os.homedir(), ...extra };
  if (process.env.TMPDIR !== undefined && env.TMPDIR === undefined) env.TMPDIR = process.env.TMPDIR;
  if (process.platform === "win32") {
    for (const name of WINDOWS_SYSTEM_VARS) {
      const value = process.env[name];
      if (value !== undefined && env[name] === undefined) env[name] = value;
    }
    // os.homedir() reads USERPROFILE on Windows: the test's HOME must be the child's home there too.
    env.USERPROFILE = env.HOME;
  }
  return env;
}

export function startCli(args: string[], options: RunOptions): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    cwd: options.cwd,
    env: cliEnv(options.env),
    stdio: ["pipe", "pipe", "pipe"],
  });
}

export function runCli(args: string[], options: RunOptions): Promise<CliRun> {
  const child = startCli(args, options);
  return collect(child, options.input);
}

export function collect(child: ChildProcess, input?: string): Promise<CliRun> {
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  if (input !== undefined) child.stdin?.end(input);
  else child.stdin?.end();
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}
