import { describe, expect, it } from "vitest";
import { createTodoWriteTool, formatTodosForPrompt, todoWarnings, type TodoItem } from "../../src/engine/tools/todo-write.js";
import { parseInput, run } from "./tree.js";

describe("todo_write", () => {
  it("replaces the whole list through the callback and confirms", async () => {
    const seen: TodoItem[][] = [];
    const tool = createTodoWriteTool({ onTodos: (todos) => seen.push(todos) });
    const first = [
      { content: "Read the code", status: "done" },
      { content: "Write the fix", status: "in_progress" },
      { content: "Run the tests", status: "pending" },
    ];
    expect((await run(tool, { todos: first })).content).toBe("Task list updated (3 items).");
    expect((await run(tool, { todos: [] })).content).toBe("Task list cleared.");
    expect(seen).toEqual([first, []]);
  });

  it("warns about several in progress, none in progress, and blocked without a note", async () => {
    const tool = createTodoWriteTool({ onTodos: () => {} });
    const { content } = await run(tool, {
      todos: [
        { content: "A", status: "in_progress" },
        { content: "B", status: "in_progress" },
        { content: "C", status: "blocked" },
      ],
    });
    expect(content).toContain("2 tasks are in_progress");
    expect(content).toContain('Blocked task "C" has no note');
    expect(todoWarnings([{ content: "A", status: "pending" }, { content: "B", status: "done" }])).toEqual([
      "No task is in_progress while 1 remain pending; mark the one you are working on.",
    ]);
    expect(todoWarnings([{ content: "A", status: "done" }, { content: "B", status: "blocked", note: "needs the API key" }])).toEqual([]);
  });

  it("rejects unknown statuses and empty tasks", async () => {
    const tool = createTodoWriteTool({ onTodos: () => {} });
    await expect(parseInput(tool, { todos: [{ content: "A", status: "doing" }] })).rejects.toThrow(/^todos\.0\.status: Invalid option/);
    await expect(parseInput(tool, { todos: [{ content: "", status: "pending" }] })).rejects.toThrow(/^todos\.0\.content: Too small/);
  });

  it("formats the list for the system prompt", () => {
    expect(formatTodosForPrompt([])).toBe("");
    expect(
      formatTodosForPrompt([
        { content: "Read", status: "done" },
        { content: "Fix", status: "in_progress" },
        { content: "Deploy", status: "blocked", note: "waiting for review" },
        { content: "Test", status: "pending" },
      ]),
    ).toBe(
      "Current task list (1/4 done; [ ] pending, [>] in progress, [x] done, [!] blocked):\n" +
        "1. [x] Read\n2. [>] Fix\n3. [!] Deploy — waiting for review\n4. [ ] Test",
    );
  });
});
