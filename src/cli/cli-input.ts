// Where the task comes from (the arguments, stdin, or both), and the directory a command
// runs in. Decisions here; cli.ts does the reading. Kept free of heavy
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

/** The directory a command starts in; a deleted one is the user's to fix, not a crash (exit 2). */
export function startDirectory(command?: string): string {
  try {
    return process.cwd();
  } catch {
    throw new UsageError(`the current directory no longer exists (was it deleted?); cd into an existing folder and run mini-agent${command ? ` ${command}` : ""} again`);
  }
}
