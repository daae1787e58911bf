// Background tasks: commands that keep running while the turn goes on (servers, watchers,
// long builds). Each writes its output to <tasksDir>/<id>.log; at most a few run at once,
// and every one is reaped when the session ends so nothing outlives the agent. The log is
// written redacted, as the session file is: a task that prints a key leaves none on disk.
import { unaskedGitEnv } from "../../git/host-git.js";
import { createWriteStream, existsSync, mkdirSync, openSync, type WriteStream } from "node:fs";
import path from "node:path";
import type { Redactor } from "../../secrets/redact.js";
import { createStreamRedactor } from "../../secrets/stream-redactor.js";
import { commandArgv, type CommandOutcome, type ProcessRunner, type RunningCommand } from "./process-runner.js";
import { readEarlierTasks } from "./task-history.js";
import type { PrepareRun } from "../../sandbox/critical-guard.js";
import { ToolError, type ToolContext } from "../tool.js";

export const MAX_RUNNING_TASKS = 8;
export const DEFAULT_TASK_TIMEOUT_MS = 600_000;
export const MAX_TASK_TIMEOUT_MS = 3_600_000;
const TAIL_CHARS = 4_000;

/** `lost`: an earlier run of the session died while the task ran; its log is all that is left. */
export type TaskState = "running" | "exited" | "stopped" | "timed out" | "failed to start" | "lost";

export interface TaskStatus {
  id: string;
  command: string;
  state: TaskState;
  exitCode: number | null;
  logPath: string;
  /** The last few thousand characters of stdout and stderr, interleaved as they arrived. */
  tail: string;
}

interface Task {
  id: string;
  command: string;
  logPath: string;
  running: RunningCommand;
  log: WriteStream;
  tail: string;
  outcome?: CommandOutcome;
  /** Resolves once the process tree is gone and the log is flushed to disk. */
  settled: Promise<void>;
}

export interface BackgroundTasksOptions {
  runner: ProcessRunner;
  tasksDir: string;
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Wraps the argv for the sandbox and checks after the task (run-command.ts's `prepare`). */
  prepare?: PrepareRun;
  maxRunning?: number;
  /** The session's redactor: the log and the tail hold only redacted output. */
  redact?: Redactor;
}

function stateOf(task: Task): TaskState {
  const outcome = task.outcome;
  if (!outcome) return "running";
  if (outcome.spawnError) return "failed to start";
  if (outcome.stoppedBy === "timeout") return "timed out";
  if (outcome.stoppedBy) return "stopped";
  return "exited";
}

export class BackgroundTasks {
  private readonly tasks = new Map<string, Task>();
  private counter = 0;
  /** Tasks of earlier runs of this session (a resume), read from their logs on first need. */
  private earlier: Map<string, TaskStatus> | undefined;

  constructor(private readonly options: BackgroundTasksOptions) {}

  private earlierTasks(): Map<string, TaskStatus> {
    this.earlier ??= new Map(readEarlierTasks(this.options.tasksDir, TAIL_CHARS).map((task) => [task.id, task]));
    return this.earlier;
  }

  private runningCount(): number {
    return [...this.tasks.values()].filter((task) => !task.outcome).length;
  }

  private nextId(): string {
    // A resumed session reuses its tasks directory, so skip ids whose logs already exist.
    for (;;) {
      const id = `t${++this.counter}`;
      if (!existsSync(path.join(this.options.tasksDir, `${id}.log`))) return id;
    }
  }

  /** `answeredBy`: the approval's (absent: it runs without a question, so critical files stay read-only). */
  async start(command: string, timeoutMs?: number, answeredBy?: ToolContext["answeredBy"]): Promise<string> {
    // Wrapped first: a required sandbox that is missing refuses before any log is opened.
    const prepare: PrepareRun = this.options.prepare ?? (async (argv: string[]) => ({ argv, finish: () => [] }));
    const prepared = await prepare(commandArgv(command), answeredBy);
    const argv = prepared.argv;
    const limit = this.options.maxRunning ?? MAX_RUNNING_TASKS;
    if (this.runningCount() >= limit) {
      const ids = [...this.tasks.values()].filter((task) => !task.outcome).map((task) => task.id);
      throw new ToolError(
        `Refused: ${limit} background tasks are already running (${ids.join(", ")}). Stop one with task_stop first.`,
      );
    }
    mkdirSync(this.options.tasksDir, { recursive: true });
    const id = this.nextId();
    const logPath = path.join(this.options.tasksDir, `${id}.log`);
    // Opened synchronously so the log exists on disk the moment the id is returned.
    const log = createWriteStream(logPath, { fd: openSync(logPath, "a") });
    const redact = this.options.redact;
    const shown = redact ? redact(command) : command;
    log.write(`$ ${shown}\n`);
    const task = { id, command: shown, logPath, log, tail: "" } as Task;
    // One stream for stdout and stderr: the log interleaves them as they arrive.
    const output = redact ? createStreamRedactor(redact) : undefined;
    const record = (text: string) => {
      if (!text) return;
      log.write(text);
      task.tail = (task.tail + text).slice(-TAIL_CHARS);
    };
    task.running = this.options.runner.start({
      argv,
      ...(prepared.fd3 ? { fd3: prepared.fd3 } : {}),
      cwd: this.options.cwd,
      env: answeredBy ? this.options.env : unaskedGitEnv(this.options.env),
      timeoutMs: Math.min(timeoutMs ?? DEFAULT_TASK_TIMEOUT_MS, MAX_TASK_TIMEOUT_MS),
      // The log holds everything; memory keeps only what task_status shows.
      captureChars: TAIL_CHARS,
      onOutput: (_stream, chunk) => record(output ? output.push(chunk) : chunk),
    });
    task.settled = task.running.outcome.then(
      (outcome) =>
        new Promise<void>((resolve) => {
          record(output?.end() ?? "");
          // Every process of the task is gone: what it did to critical files is undone now, and said in its log.
          const undone = prepared.finish();
          if (undone.length > 0) record(`\n${undone.join("\n")}\n`);
          task.outcome = outcome;
          // A task we killed has no exit code worth showing (a SIGTERM handler may exit 0).
          const killed = outcome.stoppedBy ? `${stateOf(task)}, killed with ${outcome.killSignal ?? "a signal"}` : undefined;
          const end = outcome.spawnError ?? killed ?? `exit code ${outcome.exitCode ?? "none"}`;
          log.end(`\n[task ${id} ended: ${end}]\n`, () => resolve());
        }),
    );
    this.tasks.set(id, task);
    return id;
  }

  status(id: string): TaskStatus | undefined {
    const task = this.tasks.get(id);
    if (!task) return this.earlierTasks().get(id);
    return {
      id,
      command: task.command,
      state: stateOf(task),
      exitCode: task.outcome?.stoppedBy ? null : (task.outcome?.exitCode ?? null),
      logPath: task.logPath,
      tail: task.tail,
    };
  }

  list(): TaskStatus[] {
    const earlier = [...this.earlierTasks().values()].filter((task) => !this.tasks.has(task.id));
    return [...earlier, ...[...this.tasks.keys()].map((id) => this.status(id)!)];
  }

  /** Kills the task's process tree; false when there is no such task. */
  async stop(id: string): Promise<boolean> {
    const task = this.tasks.get(id);
    if (!task) return false;
    if (!task.outcome) await task.running.stop("stop");
    await task.settled;
    return true;
  }

  /** Reaps every task: called when the session ends. */
  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.tasks.values()].map(async (task) => {
        if (!task.outcome) await task.running.stop("shutdown");
        await task.settled;
      }),
    );
  }
}
