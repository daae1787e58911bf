// Where the task comes from (the arguments, stdin, or both), how much of it may come, and the
// directory a command runs in. Decisions here; cli.ts does the reading. Kept free of heavy
// imports: it runs on every start.
import { fstatSync } from "node:fs";
import { UsageError } from "../config/cli-options.js";

/** What stdin is: a terminal, a shell pipe or redirected file, or something else (/dev/null, a socket). */
export type StdinKind = "tty" | "pipe" | "file" | "other";

export type TaskSource =
  /** The arguments are the task; stdin is left alone. */
  | { kind: "args"; task: string }
  /** The task is all of stdin (`echo task | mini-agent`, `mini-agent -p -`). */
  | { kind: "stdin" }
  /** `cat log | mini-agent -p "explain"`: the task, then what was piped, as context. */
  | { kind: "args+stdin"; task: string }
  /** Nothing given and nothing piped. */
  | { kind: "none" };

export function stdinKind(isTTY: boolean | undefined): StdinKind {
  if (isTTY) return "tty";
  try {
    const stat = fstatSync(0);
    if (stat.isFIFO()) return "pipe";
    if (stat.isFile()) return "file";
  } catch {
    // stdin is closed
  }
  return "other";
}

export function taskSource(positionals: string[], stdin: StdinKind): TaskSource {
  if (positionals.length === 1 && positionals[0] === "-") return { kind: "stdin" };
  const task = positionals.join(" ").trim();
  // A task that is only whitespace is a mistake, not a request to read stdin (which may never end).
  if (positionals.length > 0 && !task) {
    throw new UsageError('the task is empty (only whitespace); pass it as mini-agent -p "task" or on stdin');
  }
  if (task) {
    // Only what a shell pipes (`|`) or redirects (`<`) is added: a program that spawns us with
    // an unused stdin pipe it never closes must not make us wait for ever.
    return stdin === "pipe" || stdin === "file" ? { kind: "args+stdin", task } : { kind: "args", task };
  }
  return stdin === "tty" ? { kind: "none" } : { kind: "stdin" };
}

/** The prompt sent to the model: the task, and any piped text after a blank line. */
export function composeTask(task: string, piped: string): string {
  const context = piped.replace(/\s+$/, "");
  return context.trim() ? `${task}\n\n${context}` : task;
}

export const HOW_TO_START = 'start with mini-agent -p "task", or pipe the task in: echo "task" | mini-agent (mini-agent --help lists the options)';

/**
 * The most one prompt may hold: 8 MiB is more than the largest context window takes (2M tokens
 * of ~4 bytes), so a larger one could only fail at the provider after a round of retries. The
 * engine refuses a larger prompt from any face (MAX_PROMPT_TEXT_BYTES, the same figure); the
 * CLI says so first, naming where the text came from, and stops reading stdin there.
 */
export const MAX_TASK_BYTES = 8 * 1024 * 1024;

export function tooLargeTask(where: string): UsageError {
  return new UsageError(
    `the task from ${where} is over ${MAX_TASK_BYTES} bytes (8 MiB), the most one prompt may hold (more than any model's context window takes); nothing was sent: send a part of it, such as tail -c 1000000 file | mini-agent -p "task"`,
  );
}

/** The directory a command starts in; a deleted one is the user's to fix, not a crash (exit 2). */
export function startDirectory(command?: string): string {
  try {
    return process.cwd();
  } catch {
    throw new UsageError(`the current directory no longer exists (was it deleted?); cd into an existing folder and run mini-agent${command ? ` ${command}` : ""} again`);
  }
}
