// The run_command tool: one shell command line in the workspace root, through bash -lc
// (cmd /c on Windows), output streamed live, stopped by timeout, interrupt or turn abort.
// Approval happens before this runs (approval/rules/command-policy.ts); this file only executes.
import { isSecretName } from "../../secrets/redact.js";
import { unaskedGitEnv } from "../../git/host-git.js";
import { MAX_TASK_TIMEOUT_MS, type BackgroundTasks } from "./background-tasks.js";
import type { PrepareRun } from "../../sandbox/critical-guard.js";
import { commandArgv, type CommandOutcome, type ProcessRunner, type RunningCommand } from "./process-runner.js";
import { defineTool, ToolError, type Tool } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export const DEFAULT_TIMEOUT_MS = 30_000;
export const MAX_FOREGROUND_TIMEOUT_MS = 600_000;
export const INTERRUPTED_MESSAGE = "The user interrupted this command. It did not finish, so its effects are unknown.";
export const ABORTED_MESSAGE = "The turn was aborted, so this command was killed. It did not finish, so its effects are unknown.";

/** The agent's environment minus credentials, plus settings that keep tools non-interactive. */
export function commandEnvironment(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(base)) {
    // The same names the event redactor treats as secrets (AWS_SECRET_ACCESS_KEY, *_PASSWORD, …).
    if (!isSecretName(name)) env[name] = value;
  }
  // A pager or a credential prompt would wait forever on a pipe with no terminal behind it.
  env.PAGER = "cat";
  env.GIT_PAGER = "cat";
  env.GIT_TERMINAL_PROMPT = "0";
  return env;
}

/** The foreground commands now running, so the engine can interrupt them without ending the turn. */
export class ForegroundCommands {
  private readonly running = new Set<RunningCommand>();

  track(command: RunningCommand): () => void {
    this.running.add(command);
    return () => this.running.delete(command);
  }

  /** Kills every running foreground command; false when there was none. */
  interrupt(): boolean {
    if (this.running.size === 0) return false;
    for (const command of this.running) void command.stop("interrupt");
    return true;
  }

  async stopAll(): Promise<void> {
    await Promise.all([...this.running].map((command) => command.stop("shutdown")));
  }
}

export interface RunCommandOptions {
  root: string;
  runner: ProcessRunner;
  env?: NodeJS.ProcessEnv;
  /** Wraps the shell argv, e.g. in bubblewrap (once the sandbox is decided), and checks after it; identity when absent. */
  prepare?: PrepareRun;
  foreground?: ForegroundCommands;
  background?: BackgroundTasks;
}

/**
 * The first line: how the command ended. A command we killed at its timeout has no exit code
 * worth reporting: whatever it exited with after our signal (often 0 from a SIGTERM handler)
 * would read as success.
 */
function describeEnd(outcome: CommandOutcome, timeoutMs: number): string {
  if (outcome.stoppedBy === "timeout") {
    const how = outcome.killSignal === "taskkill" ? "taskkill" : (outcome.killSignal ?? outcome.signal ?? "SIGTERM");
    return `exit code: none (timed out after ${timeoutMs} ms; the process tree was killed with ${how}). It did not finish; pass a larger timeout_ms if it needs longer`;
  }
  if (outcome.signal) return `exit code: none (killed by signal ${outcome.signal})`;
  return `exit code: ${outcome.exitCode ?? "none"}`;
}

export function formatOutcome(outcome: CommandOutcome, timeoutMs: number): string {
  const lines = [describeEnd(outcome, timeoutMs)];
  lines.push(outcome.stdout ? `stdout:\n${outcome.stdout.replace(/\n$/, "")}` : "stdout: (empty)");
  lines.push(outcome.stderr ? `stderr:\n${outcome.stderr.replace(/\n$/, "")}` : "stderr: (empty)");
  return lines.join("\n");
}

/** What the result says when `timeout_ms` was above the maximum and cut to it. */
function timeoutCut(asked: number | undefined, max: number, what: string): string | undefined {
  if (asked === undefined || asked <= max) return undefined;
  return `note: timeout_ms ${asked} is above the maximum of ${max} ms for ${what}; it was cut to ${max} ms`;
}

export function createRunCommandTool(options: RunCommandOptions): Tool {
  const env = options.env ?? commandEnvironment();
  const prepare: PrepareRun = options.prepare ?? (async (argv) => ({ argv, finish: () => [] }));

  return defineTool({
    name: "run_command",
    description:
      "Run a shell command in the workspace root; returns exit code, stdout, stderr. Killed after " +
      `${DEFAULT_TIMEOUT_MS / 1000} s (see timeout_ms). Use background for servers, watchers.`,
    kind: "command",
    input: builtinInput("run_command"),
    subject: ({ command }) => ({ command }),
    async execute({ command, timeout_ms, background }, context) {
      if (background) {
        if (!options.background) throw new ToolError("background tasks are not available in this session");
        const id = await options.background.start(command, timeout_ms, context.answeredBy);
        const cut = timeoutCut(timeout_ms, MAX_TASK_TIMEOUT_MS, "a background task");
        return { content: `started task ${id} in the background; check it with task_status {"id": "${id}"}${cut ? `\n${cut}` : ""}`, details: { taskId: id } };
      }
      const prepared = await prepare(commandArgv(command), context.answeredBy, context.provedReadOnly);
      if (context.signal.aborted) throw new ToolError(ABORTED_MESSAGE);
      const timeoutMs = Math.min(timeout_ms ?? DEFAULT_TIMEOUT_MS, MAX_FOREGROUND_TIMEOUT_MS);
      // Cut, never silently: the model should know the command did not get what it asked for.
      const cut = timeoutCut(timeout_ms, MAX_FOREGROUND_TIMEOUT_MS, "a foreground command (background runs longer)");
      const running = options.runner.start({
        argv: prepared.argv,
        ...(prepared.fd3 ? { fd3: prepared.fd3 } : {}),
        cwd: options.root,
        // A command nobody was asked about gets git's program-running settings switched off:
        // the allowlist let its git run, but a submodule's config is beyond what it can read.
        env: context.answeredBy ? env : unaskedGitEnv(env),
        timeoutMs,
        ...(context.onOutput ? { onOutput: context.onOutput } : {}),
      });
      const untrack = options.foreground?.track(running);
      const onAbort = () => void running.stop("abort");
      context.signal.addEventListener("abort", onAbort, { once: true });
      let outcome: CommandOutcome;
      try {
        outcome = await running.outcome;
      } finally {
        context.signal.removeEventListener("abort", onAbort);
        untrack?.();
      }
      // The outcome settles once every process of the command is gone: only now is the check after it sound.
      const undone = prepared.finish();
      const told = (text: string) => [...(cut ? [cut] : []), text, ...undone].join("\n");
      if (outcome.spawnError) throw new ToolError(told(`could not start the command: ${outcome.spawnError}`));
      if (outcome.stoppedBy === "interrupt") throw new ToolError(told(`${INTERRUPTED_MESSAGE}\n${formatOutcome(outcome, timeoutMs)}`));
      if (outcome.stoppedBy === "abort" || outcome.stoppedBy === "shutdown") throw new ToolError(told(ABORTED_MESSAGE));
      const timedOut = outcome.stoppedBy === "timeout";
      return {
        content: told(formatOutcome(outcome, timeoutMs)),
        isError: outcome.exitCode !== 0 || timedOut || outcome.signal !== null || undone.length > 0,
        // A command killed at its timeout has no exit code worth reporting (a SIGTERM handler may exit 0).
        details: { exitCode: timedOut ? null : outcome.exitCode, signal: outcome.signal, ...(timedOut ? { timedOut: true } : {}) },
      };
    },
    async preview({ command, background }) {
      return background ? `$ ${command}   (in the background)` : `$ ${command}`;
    },
  });
}
