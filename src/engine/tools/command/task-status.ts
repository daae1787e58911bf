// task_status: what a background task is doing now (state, exit code, tail of its output).
import type { BackgroundTasks, TaskStatus } from "./background-tasks.js";
import { defineTool, ToolError, type Tool } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export function formatTaskStatus(status: TaskStatus): string {
  return [
    `task ${status.id}: ${status.state}${status.exitCode === null ? "" : ` (exit code ${status.exitCode})`}`,
    `command: ${status.command}`,
    `log: ${status.logPath}`,
    status.tail ? `last output:\n${status.tail.replace(/\n$/, "")}` : "last output: (none yet)",
  ].join("\n");
}

export function createTaskStatusTool(options: { tasks: BackgroundTasks }): Tool {
  return defineTool({
    name: "task_status",
    description: "Show a background task's state, exit code and output tail; without id, all tasks.",
    // Reading our own task table changes nothing, so it needs no approval.
    kind: "read",
    input: builtinInput("task_status"),
    async execute({ id }) {
      if (id === undefined) {
        const all = options.tasks.list();
        if (all.length === 0) return { content: "no background tasks in this session" };
        return { content: all.map((task) => `${task.id}: ${task.state} — ${task.command}`).join("\n") };
      }
      const status = options.tasks.status(id);
      if (!status) throw new ToolError(`no background task ${JSON.stringify(id)} in this session`);
      return { content: formatTaskStatus(status) };
    },
  });
}
