// task subagents through the real CLI: a fresh context, the parent's approver for writes,
// events stamped with the parent's call id.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const workerTask = { tool_calls: [{ name: "task", arguments: { description: "write the file", prompt: "Create out.txt with hello", kind: "worker" } }] };
const childWrite = { tool_calls: [{ name: "write_file", arguments: { path: "out.txt", content: "hello" } }] };

describe("task subagents", () => {
  it("a worker's write asks the parent's approver: refused in print mode without --yes, and it does not run", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({ turns: [workerTask, childWrite, { text: "I could not write it: approval was refused" }, { text: "the worker could not write" }] });
    const run = await runCli(["-p", "delegate"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("the worker could not write\n");
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(false);

    const events = eventLines(onlySessionFile(box.home));
    // The file keeps the parent's step whole: its task call is in the step's assistant.message.
    const calls = events.flatMap((event) => (event.type === "assistant.message" ? (event.toolCalls as { callId: string; name: string }[]) : []));
    const taskCall = calls.find((call) => call.name === "task")!;
    const refusal = events.find((event) => event.type === "approval.decision" && event.name === "write_file");
    expect(refusal).toMatchObject({ decision: "deny", by: "flag", parentCallId: taskCall.callId, agentId: "worker-1" });
    const requests = recordedRequests(record);
    // The child starts from a fresh context: only its prompt, no parent conversation.
    expect(requests[1]!.messages).toEqual([{ role: "user", content: "Create out.txt with hello" }]);
    expect(requests[1]!.system).toContain("worker subagent");
    expect(requests[1]!.tools.map((tool) => tool.name)).not.toContain("task");
    // The parent gets the child's report as the task result.
    expect(requests[3]!.messages.at(-1)).toMatchObject({ role: "tool", content: "I could not write it: approval was refused" });
  });

  it("a subagent whose model request fails tells the parent why (redacted), not only that it failed", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const exploreTask = { tool_calls: [{ name: "task", arguments: { description: "look", prompt: "read a.txt", kind: "explore" } }] };
    const failure = { error: { kind: "auth", message: "the key sk-proj-SubagentErrKey1234567890abcdef was refused (401)" } };
    const script = box.script({ turns: [exploreTask, failure, { text: "done" }] });
    const run = await runCli(["-p", "delegate"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    const result = recordedRequests(record)[2]!.messages.at(-1) as { role: string; content: string };
    expect(result.role).toBe("tool");
    expect(result.content).toMatch(/^The subagent failed: the key .* was refused \(401\)/);
    expect(result.content).not.toContain("SubagentErrKey1234567890abcdef");
  });

  it("with --yes the worker's write runs; the parent's conversation holds only the report", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({ turns: [workerTask, childWrite, { text: "wrote out.txt" }, { text: "done" }] });
    const run = await runCli(["-p", "delegate", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8")).toBe("hello");
    const parent = recordedRequests(record)[3]!;
    expect(JSON.stringify(parent.messages)).not.toContain("write_file");
    expect(parent.messages.at(-1)).toMatchObject({ role: "tool", content: "wrote out.txt" });
  });

  it("an explore subagent holds only tools that look; plan mode offers no worker", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const explore = { tool_calls: [{ name: "task", arguments: { description: "look", prompt: "What is here?", kind: "explore" } }] };
    const script = box.script({ turns: [explore, { text: "nothing much" }, { text: "ok" }] });
    expect((await runCli(["-p", "go", "--agent", "plan"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } })).code).toBe(0);
    const [parent, child] = recordedRequests(record) as unknown as { tools: { name: string; inputSchema: unknown }[] }[];
    const task = parent!.tools.find((tool) => tool.name === "task");
    expect(JSON.stringify(task)).not.toContain("worker");
    const childTools = child!.tools.map((tool) => tool.name);
    expect(childTools).toContain("read_file");
    for (const name of ["write_file", "edit_file", "run_command", "task", "todo_write", "remember"]) expect(childTools).not.toContain(name);
  });
});

describe("a task without a kind", () => {
  it("runs an explore subagent: the schema does not require kind, and the child holds only the looking tools", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const bare = { tool_calls: [{ name: "task", arguments: { description: "look", prompt: "What is here?" } }] };
    const script = box.script({ turns: [bare, { text: "a README and a test" }, { text: "ok" }] });
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    const [parent, child, after] = recordedRequests(record) as unknown as { system: string; tools: { name: string; inputSchema: { required?: string[] } }[]; messages: unknown[] }[];
    const task = parent!.tools.find((tool) => tool.name === "task")!;
    expect(task.inputSchema.required).toEqual(["description", "prompt"]);
    expect(JSON.stringify(task.inputSchema)).toContain("(default explore)");
    expect(child!.system).toContain("explore subagent");
    const childTools = child!.tools.map((tool) => tool.name);
    expect(childTools).toEqual(expect.arrayContaining(["read_file", "list_files", "glob", "grep"]));
    for (const name of ["write_file", "edit_file", "run_command", "task_status", "task"]) expect(childTools).not.toContain(name);
    expect(after!.messages.at(-1)).toMatchObject({ role: "tool", content: "a README and a test" });
    const events = eventLines(onlySessionFile(box.home));
    expect(events.some((event) => event.agentId === "explore-1")).toBe(true);
  });
});

describe("several subagents", () => {
  it("run at once when the model starts them in one step, each reporting to its own call", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const two = {
      tool_calls: [
        { name: "task", arguments: { description: "one", prompt: "Look at A", kind: "explore" } },
        { name: "task", arguments: { description: "two", prompt: "Look at B", kind: "explore" } },
      ],
    };
    const report = { text: "a report", delay_ms: 20 };
    const script = box.script({ turns: [two, report, report, { text: "both done" }] });
    const run = await runCli(["-p", "split it"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("both done\n");
    const events = eventLines(onlySessionFile(box.home));
    const children = events.filter((event) => event.agentId !== undefined && (event.type === "turn.started" || event.type === "turn.ended"));
    // Both children started before either ended: they ran at the same time.
    expect(children.map((event) => event.type).slice(0, 2)).toEqual(["turn.started", "turn.started"]);
    expect(new Set(children.map((event) => event.parentCallId)).size).toBe(2);
    const results = recordedRequests(record)[3]!.messages.filter((message) => message.role === "tool");
    expect(results.map((message) => message.content)).toEqual(["a report", "a report"]);
  });
});
