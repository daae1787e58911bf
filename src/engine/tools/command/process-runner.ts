// Starts one command as a real child process and owns its whole lifetime: both pipes are
// drained as data arrives, output streams live, and stopping it kills the entire process
// tree (a process group on POSIX, taskkill /T on Windows) and waits until the tree is gone.
import * as childProcess from "node:child_process";
import { hostProgram } from "../../host/host-programs.js";
import { UNSET_SECRET_NAMES_BASH } from "../../secrets/env-secrets.js";
import { headCut, tailCut } from "../../secrets/word-cut.js";
import { ENDED, withLifeline } from "./lifeline.js";
import { killLeader, killTree, signalGroup } from "./process-group.js";

export type StopReason = "interrupt" | "timeout" | "abort" | "stop" | "shutdown";

export interface CommandSpec {
  /** The program and its arguments, e.g. ["bash", "-lc", "npm test"]. */
  argv: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  timeoutMs: number;
  onOutput?: (stream: "stdout" | "stderr", chunk: string) => void;
  /** Characters kept per stream in memory (head and tail); the rest is counted, not kept. */
  captureChars?: number;
  /** Written to the child's stdin, which is then closed (hooks read their JSON payload there). */
  stdin?: string;
  /** Written to the child's fd 3, which is then closed (bwrap reads its seccomp program there). */
  fd3?: Buffer;
  /**
   * Decide the outcome this long after the process itself exits, even if its pipes are still
   * open: a hook that starts a background child and exits is done, though the child holds
   * copies of the pipes. Unset: wait for both pipes to close (no output is lost).
   */
  settleAfterExitMs?: number;
}

export interface CommandOutcome {
  exitCode: number | null;
  /** The signal that ended the process leader, if any. */
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Why we stopped it, when it did not end on its own. */
  stoppedBy?: StopReason;
  /** The last signal we sent its tree when we stopped it ("taskkill" on Windows). */
  killSignal?: string;
  /** The spawn itself failed (no bash, bad cwd, …). */
  spawnError?: string;
}

export interface RunningCommand {
  readonly pid: number | undefined;
  readonly outcome: Promise<CommandOutcome>;
  /** Kills the whole tree and resolves once it is gone (or could not be confirmed gone). */
  stop(reason: StopReason): Promise<void>;
}

export interface ProcessRunner {
  start(spec: CommandSpec): RunningCommand;
  /**
   * Kills every command this runner started that is still running, synchronously, without
   * waiting: for a process that must exit now (a second Ctrl-C) and cannot await `stop`.
   */
  killAllNow(): void;
}

const IS_WINDOWS = process.platform === "win32";

/**
 * The argv that runs a command line through the platform shell. bash by absolute path, never
 * looked up in PATH at the spawn: a hook runs on the host, and a `bash` a sandboxed command
 * planted in a workspace folder on PATH must not be what runs it (host-programs.ts, ADR 0061).
 */
export function shellArgv(command: string): string[] {
  // cmd /s strips one pair of outer quotes, so the line is passed verbatim inside them.
  return IS_WINDOWS ? ["cmd.exe", "/d", "/s", "/c", `"${command}"`] : [hostProgram("bash").path ?? "/bin/bash", "-lc", command];
}

/**
 * The argv for a command of the model's: bash -lc, with the secret names unset again after the
 * login profile (which may export a token commandEnvironment() took out), and CDPATH unset (it
 * would send `cd name` out of the workspace the allowlist judged it in), then the command.
 */
export function commandArgv(command: string): string[] {
  return IS_WINDOWS ? shellArgv(command) : shellArgv(`${UNSET_SECRET_NAMES_BASH}; unset CDPATH\n${command}`);
}

/** Keeps the head and tail of a stream: the start says what ran, the end says how it ended. */
export class CapturedOutput {
  private head = "";
  private tail = "";
  private omitted = 0;
  constructor(private readonly limit = 200_000) {}

  append(chunk: string): void {
    const half = Math.floor(this.limit / 2);
    if (this.head.length < half) {
      const room = half - this.head.length;
      this.head += chunk.slice(0, room);
      chunk = chunk.slice(room);
    }
    if (!chunk) return;
    this.tail += chunk;
    if (this.tail.length > half) {
      this.omitted += this.tail.length - half;
      this.tail = this.tail.slice(this.tail.length - half);
    }
  }

  /** Cut at words' edges: the first or last part of a secret left beside the gap would escape the redactor. */
  text(): string {
    if (this.omitted === 0) return this.head + this.tail;
    const head = this.head.slice(0, headCut(this.head, this.head.length, true));
    const tail = this.tail.slice(tailCut(this.tail, 0, true));
    const omitted = this.omitted + (this.head.length - head.length) + (this.tail.length - tail.length);
    return `${head}\n[… ${omitted} characters omitted …]\n${tail}`;
  }
}

export function createProcessRunner(): ProcessRunner {
  const live = new Set<number>();
  return {
    start(spec) {
      const command = startCommand(spec);
      const pid = command.pid;
      if (pid !== undefined) {
        live.add(pid);
        void command.outcome.then(() => live.delete(pid));
      }
      return command;
    },
    killAllNow() {
      for (const pid of live) {
        const taskkill = IS_WINDOWS ? hostProgram("taskkill").path : undefined;
        if (taskkill) childProcess.spawnSync(taskkill, ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true });
        else if (IS_WINDOWS) killLeader(pid);
        else signalGroup(pid, "SIGKILL");
      }
      live.clear();
    },
  };
}

/** stdin if given, the two outputs, bwrap's fd 3 if any, then the lifeline on POSIX. */
function stdioFor(spec: CommandSpec): childProcess.StdioOptions {
  const extra: "pipe"[] = [...(spec.fd3 ? ["pipe" as const] : []), ...(IS_WINDOWS ? [] : ["pipe" as const])];
  return [spec.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe", ...extra];
}

function startCommand(spec: CommandSpec): RunningCommand {
  if (spec.argv.length === 0) throw new Error("empty argv");
  // On POSIX the group dies with us, even after a kill -9 (lifeline.ts): its pipe comes after fd 3.
  const lifelineFd = spec.fd3 ? 4 : 3;
  const [program, ...args] = (IS_WINDOWS ? spec.argv : withLifeline(spec.argv, lifelineFd)) as [string, ...string[]];
  const stdout = new CapturedOutput(spec.captureChars);
  const stderr = new CapturedOutput(spec.captureChars);
  let stoppedBy: StopReason | undefined;
  let stopping: Promise<void> | undefined;
  let killSignal: string | undefined;

  const child = childProcess.spawn(program, args, {
    cwd: spec.cwd,
    env: spec.env,
    // The child leads its own process group so one kill reaches every grandchild.
    detached: !IS_WINDOWS,
    stdio: stdioFor(spec),
    windowsHide: true,
    windowsVerbatimArguments: IS_WINDOWS,
  });
  if (spec.stdin !== undefined && child.stdin) {
    // A child that exits without reading its input closes the pipe: not our error.
    child.stdin.on("error", () => {});
    child.stdin.end(spec.stdin);
  }
  const fd3 = child.stdio[3] as import("node:stream").Writable | null | undefined;
  if (spec.fd3 && fd3) {
    fd3.on("error", () => {});
    fd3.end(spec.fd3);
  }

  const lifeline = IS_WINDOWS ? undefined : (child.stdio[lifelineFd] as import("node:stream").Duplex | null | undefined);
  // The watcher may be gone already (killed with its group): nothing to tell it then.
  lifeline?.on("error", () => {});
  // Once the command has ended, the watcher is told so and leaves; its end closing lets "close" fire.
  child.on("exit", () => lifeline?.end(ENDED));

  for (const [name, stream, sink] of [
    // Both are pipes (stdio above), so never null; the stdin choice only widens the type.
    ["stdout", child.stdout!, stdout],
    ["stderr", child.stderr!, stderr],
  ] as const) {
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => {
      sink.append(chunk);
      spec.onOutput?.(name, chunk);
    });
  }

  const stop = (reason: StopReason): Promise<void> => {
    if (stopping !== undefined) return stopping;
    stoppedBy = reason;
    const pid = child.pid;
    stopping =
      pid === undefined
        ? Promise.resolve()
        : killTree(pid).then((sent) => {
            killSignal = sent;
          });
    return stopping;
  };

  const timer = setTimeout(() => void stop("timeout"), spec.timeoutMs);
  timer.unref();

  const outcome = new Promise<CommandOutcome>((resolve) => {
    let spawnError: string | undefined;
    let settled = false;
    child.on("error", (error) => {
      spawnError = error.message;
    });
    const settle = (code: number | null, signal: NodeJS.Signals | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const finish = () =>
        resolve({
          exitCode: code,
          signal,
          stdout: stdout.text(),
          stderr: stderr.text(),
          ...(stoppedBy ? { stoppedBy } : {}),
          ...(killSignal ? { killSignal } : {}),
          ...(spawnError ? { spawnError } : {}),
        });
      // When we killed it, report only after the whole tree is gone, not just the leader.
      if (stopping !== undefined) void stopping.then(finish);
      else finish();
    };
    // "close" fires after the leader exited and both pipes reached EOF, so no output is lost.
    child.on("close", settle);
    const grace = spec.settleAfterExitMs;
    if (grace !== undefined) {
      child.on("exit", (code, signal) => {
        setTimeout(() => {
          if (settled) return;
          // What a background child writes from now on is not ours to wait for.
          child.stdout?.destroy();
          child.stderr?.destroy();
          settle(code, signal);
        }, grace).unref();
      });
    }
  });

  return { pid: child.pid, outcome, stop };
}
