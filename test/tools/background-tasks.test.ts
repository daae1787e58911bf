// Background tasks with real processes: ids at once, logs on disk, a cap of eight,
// task_status / task_stop, and every task reaped when the session closes.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import type { Tool } from "../../src/engine/tools/tool.js";
import { processAlive as alive, waitFor } from "../helpers/processes.js";

const posix = process.platform !== "win32";
let root: string;
let tasksDir: string;
let session: CommandTools;
const context = () => ({ signal: new AbortController().signal });
const tool = (name: string): Tool => session.tools.find((candidate) => candidate.name === name)!;

async function startTask(command: string): Promise<string> {
  const result = await tool("run_command").execute({ command, background: true }, context());
  const id = /task (t\d+)/.exec(result.content)?.[1];
  if (!id) throw new Error(result.content);
  return id;
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "background-"));
  tasksDir = path.join(root, ".session", "tasks");
  session = createCommandTools({ root, tasksDir });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(root, { recursive: true, force: true });
});

describe.runIf(posix)("background tasks", () => {
  it("returns a task id at once, writes the log to disk and reports status", async () => {
    const gate = path.join(root, "go");
    const id = await startTask(`echo begin; while [ ! -f ${gate} ]; do sleep 0.05; done; echo end; exit 4`);
    const running = await tool("task_status").execute({ id }, context());
    expect(running.content).toContain(`task ${id}: running`);
    writeFileSync(gate, "");
    await waitFor(() => readFileSync(path.join(tasksDir, `${id}.log`), "utf8").includes("ended"));
    const log = readFileSync(path.join(tasksDir, `${id}.log`), "utf8");
    expect(log).toContain("begin\nend\n");
    const done = await tool("task_status").execute({ id }, context());
    expect(done.content).toContain(`task ${id}: exited (exit code 4)`);
    expect(done.content).toContain("begin\nend");
  });

  it("refuses a ninth task while eight run", async () => {
    for (let i = 0; i < 8; i++) await startTask("sleep 30");
    await expect(tool("run_command").execute({ command: "sleep 30", background: true }, context())).rejects.toThrow(
      /8 background tasks are already running/,
    );
    const listing = await tool("task_status").execute({}, context());
    expect(listing.content.split("\n")).toHaveLength(8);
  });

  it("task_stop kills the task's whole tree", async () => {
    const pidFile = path.join(root, "pid");
    const id = await startTask(`sleep 30 & echo $! > ${pidFile}; wait`);
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "");
    const grandchild = Number(readFileSync(pidFile, "utf8"));
    const stopped = await tool("task_stop").execute({ id }, context());
    expect(stopped.content).toContain(`task ${id}: stopped`);
    await waitFor(() => !alive(grandchild), 10_000, "the task's child to die");
  });

  it("reaps every task when the session closes", async () => {
    const pids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const pidFile = path.join(root, `pid${i}`);
      await startTask(`sleep 30 & echo $! > ${pidFile}; wait`);
      await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "");
      pids.push(Number(readFileSync(pidFile, "utf8")));
    }
    expect(pids.every(alive)).toBe(true);
    await session.closeAll();
    await waitFor(() => pids.filter(alive).length === 0, 10_000, "every task's child to die");
  });

  it("is not stopped by interrupting the foreground command", async () => {
    const id = await startTask("sleep 30");
    expect(session.interruptCommand()).toBe(false);
    const status = await tool("task_status").execute({ id }, context());
    expect(status.content).toContain("running");
  });
});
