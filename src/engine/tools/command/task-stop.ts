// task_stop: kill a background task's whole process tree and report how it ended.
import type { BackgroundTasks } from "./background-tasks.js";
import { formatTaskStatus } from "./task-status.js";
import { defineTool, ToolError, type Tool } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export function createTaskStopTool(options: { tasks: BackgroundTasks }): Tool {
  return defineTool({
    name: "task_stop",
    description: "Stop a background task (kills its process tree).",
    // It can only end processes this session started itself, which were approved when they
    // started; stopping one cannot touch anything else, so it is not asked about again.
    kind: "read",
    input: builtinInput("task_stop"),
    async execute({ id }) {
      const found = await options.tasks.stop(id);
      if (!found) throw new ToolError(`no background task ${JSON.stringify(id)} in this session`);
      return { content: formatTaskStatus(options.tasks.status(id)!) };
    },
  });
}
