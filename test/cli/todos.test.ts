import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

describe("todo list", () => {
  it("reaches the system prompt of the next step and survives a resume", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const todos = [
      { content: "write the parser", status: "in_progress" },
      { content: "add tests", status: "pending" },
    ];
    const first = box.script({ turns: [{ tool_calls: [{ name: "todo_write", arguments: { todos } }] }, { text: "planned" }] });
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    expect((await runCli(["-p", "plan it"], { cwd: box.workspace, env: { ...env, FAKE_LLM: first } })).code).toBe(0);
    const [before, after] = recordedRequests(record);
    expect(before!.system).not.toContain("write the parser");
    expect(after!.system).toContain("write the parser");

    const second = box.script({ turns: [{ text: "continuing" }] });
    expect((await runCli(["-p", "go on", "-c"], { cwd: box.workspace, env: { ...env, FAKE_LLM: second } })).code).toBe(0);
    const resumed = recordedRequests(record)[2]!;
    expect(resumed.system).toContain("write the parser");
    expect(resumed.system).toContain("add tests");
  });
});
