// todo_write: the model's plan as a list it replaces whole on each call. The list itself
// lives in session state (the lead's reducer folds `todo.updated` events), so this file
// only validates it, warns about an incoherent plan, and renders it for the system prompt.
import { defineTool } from "./tool.js";
import { builtinInput } from "./tool-input.js";
import type { ToolInputOf } from "./tool-inputs.js";

export type TodoItem = ToolInputOf<"todo_write">["todos"][number];
export type TodoStatus = TodoItem["status"];

/** Problems with a plan that the model should fix on its next call (never errors). */
export function todoWarnings(todos: readonly TodoItem[]): string[] {
  const warnings: string[] = [];
  const inProgress = todos.filter((t) => t.status === "in_progress");
  if (inProgress.length > 1) {
    warnings.push(`${inProgress.length} tasks are in_progress; keep exactly one in progress at a time.`);
  }
  const remaining = todos.filter((t) => t.status === "pending");
  if (inProgress.length === 0 && remaining.length > 0) {
    warnings.push(`No task is in_progress while ${remaining.length} remain pending; mark the one you are working on.`);
  }
  for (const task of todos) {
    if (task.status === "blocked" && !task.note?.trim()) {
      warnings.push(`Blocked task "${task.content}" has no note; say what it is waiting for.`);
    }
  }
  return warnings;
}

const MARK: Record<TodoStatus, string> = { pending: "[ ]", in_progress: "[>]", done: "[x]", blocked: "[!]" };

/** The list as shown in the system prompt of every step (empty string for no list). */
export function formatTodosForPrompt(todos: readonly TodoItem[]): string {
  if (todos.length === 0) return "";
  const lines = todos.map((t, i) => `${i + 1}. ${MARK[t.status]} ${t.content}${t.note ? ` — ${t.note}` : ""}`);
  const done = todos.filter((t) => t.status === "done").length;
  return `Current task list (${done}/${todos.length} done; [ ] pending, [>] in progress, [x] done, [!] blocked):\n${lines.join("\n")}`;
}

export interface TodoWriteOptions {
  /** Receives every accepted list; the lead publishes it as a `todo.updated` event. */
  onTodos(todos: TodoItem[]): void;
}

export function createTodoWriteTool({ onTodos }: TodoWriteOptions) {
  return defineTool({
    name: "todo_write",
    description:
      "Record your plan for a multi-step task, replacing the previous list. One in_progress while work " +
      "remains; blocked needs a note. You see the list at every step.",
    kind: "read",
    input: builtinInput("todo_write"),
    async execute({ todos }) {
      onTodos(todos);
      const warnings = todoWarnings(todos);
      const summary = todos.length === 0 ? "Task list cleared." : `Task list updated (${todos.length} items).`;
      return { content: warnings.length > 0 ? `${summary}\nWarnings:\n${warnings.map((w) => `- ${w}`).join("\n")}` : summary };
    },
  });
}
