// Background tasks of an earlier run of the session, read back from their logs: each log
// starts with `$ command` and ends with `[task <id> ended: …]` once the task settled. A log
// without that last line belonged to a task still running when its process died: it is
// reported as lost, and its log is kept.
import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import path from "node:path";
import type { TaskState, TaskStatus } from "./background-tasks.js";

const HEAD_BYTES = 4096;
const ENDED = /\n\[task (t\d+) ended: (.*)\]\n?$/;

function readRange(fd: number, position: number, length: number): string {
  const buffer = Buffer.alloc(length);
  const read = readSync(fd, buffer, 0, length, position);
  return buffer.subarray(0, read).toString("utf8");
}

/** The final state a settled task's log states (see BackgroundTasks.start). */
function endedState(end: string): { state: TaskState; exitCode: number | null } {
  const code = /^exit code (\d+)/.exec(end);
  const exitCode = code ? Number(code[1]) : null;
  if (end.endsWith(", timed out")) return { state: "timed out", exitCode };
  if (end.endsWith(", stopped")) return { state: "stopped", exitCode };
  if (end.startsWith("exit code")) return { state: "exited", exitCode };
  return { state: "failed to start", exitCode: null };
}

export function readTaskLog(logPath: string, tailChars: number): TaskStatus | undefined {
  const id = path.basename(logPath, ".log");
  let fd: number;
  try {
    fd = openSync(logPath, "r");
  } catch {
    return undefined;
  }
  try {
    const size = statSync(logPath).size;
    const head = readRange(fd, 0, Math.min(size, HEAD_BYTES));
    const command = head.startsWith("$ ") ? head.slice(2, head.indexOf("\n") >= 0 ? head.indexOf("\n") : undefined) : "(unknown)";
    // Enough bytes for the tail shown and the end line after it, even in 4-byte characters.
    const from = Math.max(0, size - tailChars * 4 - 512);
    const end = readRange(fd, from, size - from);
    const ended = ENDED.exec(end);
    let body = ended ? end.slice(0, ended.index) : end;
    // The `$ command` line is the log's, not the task's output (the live tail never has it).
    if (from === 0 && body.startsWith("$ ")) body = body.slice(body.indexOf("\n") + 1 || body.length);
    const tail = body.slice(-tailChars);
    const final = ended ? endedState(ended[2]!) : { state: "lost" as const, exitCode: null };
    return { id, command, ...final, logPath, tail };
  } finally {
    closeSync(fd);
  }
}

/** Every earlier task with a log in `tasksDir`, in id order. */
export function readEarlierTasks(tasksDir: string, tailChars: number): TaskStatus[] {
  let names: string[];
  try {
    names = readdirSync(tasksDir);
  } catch {
    return [];
  }
  return names
    .filter((name) => /^t\d+\.log$/.test(name))
    .sort((a, b) => Number(a.slice(1, -4)) - Number(b.slice(1, -4)))
    .flatMap((name) => readTaskLog(path.join(tasksDir, name), tailChars) ?? []);
}
