// `mini-agent acp` driven as an editor drives it: the ACP library's client side over the
// stdio of the real built CLI, the scripted model (FAKE_LLM) behind it. What is checked is
// what crossed the boundary: session/update notifications, permission requests, responses,
// files on disk, the requests the model received.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { methods, RequestError } from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { chunkText, choose, initialize, startEditor, updatesOf, type Editor, type PermissionAnswer } from "../helpers/acp-editor.js";
import { waitFor } from "../helpers/processes.js";
import { startCli } from "../helpers/run-cli.js";

const editors: Editor[] = [];
afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
});

function open(box: ProviderSandbox, script: unknown, answer?: PermissionAnswer, args: string[] = [], record?: string): Editor {
  const env: Record<string, string> = { HOME: box.userHome, MINI_AGENT_HOME: box.home, FAKE_LLM: box.script(script) };
  if (record) env["FAKE_LLM_RECORD"] = record;
  const editor = startEditor(box.workspace, env, answer, args);
  editors.push(editor);
  return editor;
}

async function newSession(editor: Editor, cwd: string) {
  await initialize(editor);
  return editor.connection.agent.request(methods.agent.session.new, { cwd, mcpServers: [] });
}

const prompt = (editor: Editor, sessionId: string, text: string) =>
  editor.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

describe("mini-agent acp", () => {
  it("initializes, streams a turn with thinking and text, and ends it with end_turn", async () => {
    const box = providerSandbox();
    const editor = open(box, { turns: [{ reasoning: "let me think", text: "Hello from mini-agent." }] });
    const init = await initialize(editor);
    expect(init.agentCapabilities?.loadSession).toBe(true);
    expect(init.agentInfo?.name).toBe("mini-agent");
    const session = await editor.connection.agent.request(methods.agent.session.new, { cwd: box.workspace, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe("default");
    expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual(["default", "plan", "review"]);
    const response = await prompt(editor, session.sessionId, "say hello");
    expect(response.stopReason).toBe("end_turn");
    // The editor shows its own prompt: a live turn does not send it back (Zed would show it twice).
    expect(updatesOf(editor, session.sessionId, "user_message_chunk")).toEqual([]);
    expect(chunkText(editor, session.sessionId, "agent_thought_chunk")).toBe("let me think");
    expect(chunkText(editor, session.sessionId)).toBe("Hello from mini-agent.");
    expect(await editor.close()).toBe(0);
  });

  it("asks permission for a write by request id: allow once writes the file, reject leaves it unwritten", async () => {
    const box = providerSandbox();
    const answers = ["allow_once", "reject_once"];
    const editor = open(
      box,
      {
        turns: [
          { text: "Writing.", tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "alpha\n" } }] },
          { text: "Wrote it." },
          { tool_calls: [{ name: "write_file", arguments: { path: "b.txt", content: "beta\n" } }] },
          { text: "Not written." },
        ],
      },
      () => ({ outcome: { outcome: "selected", optionId: answers.shift() as string } }),
    );
    const { sessionId } = await newSession(editor, box.workspace);
    expect((await prompt(editor, sessionId, "write a.txt")).stopReason).toBe("end_turn");
    expect(readFileSync(path.join(box.workspace, "a.txt"), "utf8")).toBe("alpha\n");
    const asked = editor.permissions[0]!;
    expect(asked.sessionId).toBe(sessionId);
    expect(asked.options.map((option) => option.kind)).toContain("allow_once");
    expect(asked.options.map((option) => option.kind)).toContain("reject_once");
    expect(asked.toolCall.content).toEqual([{ type: "diff", path: path.join(box.workspace, "a.txt"), oldText: null, newText: "alpha\n" }]);
    const call = updatesOf(editor, sessionId, "tool_call")[0]!;
    expect(call).toMatchObject({ toolCallId: asked.toolCall.toolCallId, kind: "edit", title: "Write a.txt", status: "pending" });
    expect(call["locations"]).toEqual([{ path: path.join(box.workspace, "a.txt") }]);
    const statuses = updatesOf(editor, sessionId, "tool_call_update").filter((update) => update["toolCallId"] === call["toolCallId"]).map((update) => update["status"]);
    expect(statuses).toEqual(["in_progress", "completed"]);

    expect((await prompt(editor, sessionId, "write b.txt")).stopReason).toBe("end_turn");
    expect(editor.permissions).toHaveLength(2);
    expect(existsSync(path.join(box.workspace, "b.txt"))).toBe(false);
    const second = editor.permissions[1]!.toolCall.toolCallId;
    const last = updatesOf(editor, sessionId, "tool_call_update").filter((update) => update["toolCallId"] === second).at(-1)!;
    expect(last["status"]).toBe("failed");
  });

  it("shows a command's output, an edit as a diff, and the todo list as a plan", async () => {
    const box = providerSandbox();
    const editor = open(box, {
      turns: [
        {
          tool_calls: [
            { name: "todo_write", arguments: { todos: [{ content: "look around", status: "in_progress" }, { content: "fix it", status: "pending" }] } },
            { name: "run_command", arguments: { command: "echo hi-from-the-shell" } },
          ],
        },
        { tool_calls: [{ name: "edit_file", arguments: { path: "notes.txt", old_string: "old", new_string: "new" } }] },
        { text: "Done." },
      ],
    });
    const { writeFileSync } = await import("node:fs");
    writeFileSync(path.join(box.workspace, "notes.txt"), "old line\n");
    const { sessionId } = await newSession(editor, box.workspace);
    expect((await prompt(editor, sessionId, "go")).stopReason).toBe("end_turn");
    expect(updatesOf(editor, sessionId, "plan").at(-1)!["entries"]).toEqual([
      { content: "look around", priority: "medium", status: "in_progress" },
      { content: "fix it", priority: "medium", status: "pending" },
    ]);
    const calls = updatesOf(editor, sessionId, "tool_call");
    const command = calls.find((call) => call["kind"] === "execute")!;
    expect(command["title"]).toBe("`echo hi-from-the-shell`");
    const done = updatesOf(editor, sessionId, "tool_call_update").filter((update) => update["toolCallId"] === command["toolCallId"]).at(-1)!;
    expect(done["status"]).toBe("completed");
    expect(JSON.stringify(done["content"])).toContain("hi-from-the-shell");
    const edit = calls.find((call) => call["title"] === "Edit notes.txt")!;
    expect(edit["content"]).toEqual([{ type: "diff", path: path.join(box.workspace, "notes.txt"), oldText: "old", newText: "new" }]);
    expect(readFileSync(path.join(box.workspace, "notes.txt"), "utf8")).toBe("new line\n");
  });

  it("session/cancel while a permission request is open: the request is withdrawn and the prompt ends cancelled", async () => {
    const box = providerSandbox();
    let cancel: () => void = () => {};
    // An editor that leaves the question open until the agent withdraws it.
    const waitForWithdrawal: PermissionAnswer = (_request, signal) =>
      new Promise((resolve) => {
        signal.addEventListener("abort", () => resolve({ outcome: { outcome: "cancelled" } }), { once: true });
        cancel();
      });
    const editor = open(box, { turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "c.txt", content: "gamma" } }] }, { text: "never" }] }, waitForWithdrawal);
    const { sessionId } = await newSession(editor, box.workspace);
    cancel = () => void editor.connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect((await prompt(editor, sessionId, "write c.txt")).stopReason).toBe("cancelled");
    await waitFor(() => editor.withdrawn.length === 1, 15_000, "the permission request to be withdrawn");
    expect(existsSync(path.join(box.workspace, "c.txt"))).toBe(false);
    // The session takes the next prompt.
    expect((await prompt(editor, sessionId, "again")).stopReason).toBe("end_turn");
  });

  it("session/cancel while the model streams ends the prompt cancelled", async () => {
    const box = providerSandbox();
    const editor = open(box, { turns: [{ text: "a long answer that takes its time to arrive word by word", delay_ms: 300 }] });
    const { sessionId } = await newSession(editor, box.workspace);
    const running = prompt(editor, sessionId, "talk slowly");
    await waitFor(() => updatesOf(editor, sessionId, "agent_message_chunk").length > 0, 15_000, "the first chunk");
    await editor.connection.agent.notify(methods.agent.session.cancel, { sessionId });
    expect((await running).stopReason).toBe("cancelled");
  });

  it("session/load after a restart replays the conversation and goes on with it", async () => {
    const box = providerSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const first = open(box, { turns: [{ text: "The answer is 42." }] });
    const { sessionId } = await newSession(first, box.workspace);
    await prompt(first, sessionId, "what is the answer?");
    expect(await first.close()).toBe(0);

    const second = open(box, { turns: [{ text: "Still 42." }] }, undefined, [], record);
    await initialize(second);
    const loaded = await second.connection.agent.request(methods.agent.session.load, { sessionId, cwd: box.workspace, mcpServers: [] });
    expect(loaded.modes?.currentModeId).toBe("default");
    // Replayed before the response: the earlier prompt and answer.
    expect(chunkText(second, sessionId, "user_message_chunk")).toBe("what is the answer?");
    expect(chunkText(second, sessionId)).toBe("The answer is 42.");
    expect((await prompt(second, sessionId, "and now?")).stopReason).toBe("end_turn");
    const sent = JSON.parse(readFileSync(record, "utf8").trim().split("\n")[0]!) as { messages: unknown[] };
    expect(JSON.stringify(sent.messages)).toContain("The answer is 42.");
  });

  it("set_mode plan reopens the session with the read-only tools", async () => {
    const box = providerSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const editor = open(box, { turns: [{ text: "one" }, { text: "two" }] }, undefined, [], record);
    const { sessionId } = await newSession(editor, box.workspace);
    await prompt(editor, sessionId, "first");
    await editor.connection.agent.request(methods.agent.session.setMode, { sessionId, modeId: "plan" });
    await prompt(editor, sessionId, "second");
    const requests = readFileSync(record, "utf8").trim().split("\n").map((line) => JSON.parse(line) as { tools: { name: string }[]; messages: unknown[] });
    expect(requests[0]!.tools.map((tool) => tool.name)).toContain("write_file");
    expect(requests[1]!.tools.map((tool) => tool.name)).not.toContain("write_file");
    expect(JSON.stringify(requests[1]!.messages)).toContain("first");
    await expect(editor.connection.agent.request(methods.agent.session.setMode, { sessionId, modeId: "yolo" })).rejects.toThrow(/unknown mode "yolo"/);
  });

  it("bad requests get JSON-RPC errors that say what is wrong, and the agent keeps serving", async () => {
    const box = providerSandbox();
    const editor = open(box, { turns: [{ text: "slow answer here", delay_ms: 200 }] });
    const { sessionId } = await newSession(editor, box.workspace);
    const codeOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: RequestError) => ({ code: error.code, message: error.message }));
    expect(await codeOf(editor.connection.agent.request(methods.agent.session.load, { sessionId: "nosuchsession", cwd: box.workspace, mcpServers: [] }))).toMatchObject({
      code: -32002,
      message: expect.stringContaining('no session "nosuchsession"'),
    });
    expect(await codeOf(prompt(editor, "nosuchsession", "hi"))).toMatchObject({ code: -32002, message: expect.stringContaining("no open session") });
    expect(await codeOf(editor.connection.agent.request(methods.agent.session.new, { cwd: "relative/dir", mcpServers: [] }))).toMatchObject({
      code: -32602,
      message: expect.stringContaining('cwd "relative/dir" is not an absolute path'),
    });
    const running = prompt(editor, sessionId, "first");
    await waitFor(() => updatesOf(editor, sessionId, "agent_message_chunk").length > 0, 15_000, "the first prompt to stream");
    expect(await codeOf(prompt(editor, sessionId, "second"))).toMatchObject({ code: -32600, message: expect.stringContaining("a prompt is already running") });
    expect((await running).stopReason).toBe("end_turn");
  });

  it("a malformed line gets a parse error; stdout carries nothing but protocol lines", async () => {
    const box = providerSandbox();
    const child = startCli(["acp"], { cwd: box.workspace, env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    let stdout = "";
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    child.stdin!.write("{this is not json\n");
    child.stdin!.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1 } })}\n`);
    await waitFor(() => stdout.split("\n").filter(Boolean).length >= 2, 15_000, "two replies");
    child.stdin!.end();
    expect(await exited).toBe(0);
    const replies = stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { id: unknown; error?: { code: number }; result?: { protocolVersion: number } });
    expect(replies[0]).toMatchObject({ id: null, error: { code: -32700 } });
    expect(replies[1]).toMatchObject({ id: 1, result: { protocolVersion: 1 } });
  });

  it("--help prints the command's help; an unknown flag is a usage error (exit 2)", async () => {
    const box = providerSandbox();
    const help = await box.run(["acp", "--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("mini-agent acp");
    const bad = await box.run(["acp", "--frob"]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("--frob");
    const thinking = await box.run(["acp", "--thinking", "lots"]);
    expect(thinking.code).toBe(2);
    expect(thinking.stderr).toContain("--thinking");
  });

  it("a turn cut off by --max-rounds ends max_turn_requests; a provider error is the prompt's error", async () => {
    const box = providerSandbox();
    const limited = open(box, { turns: [{ tool_calls: [{ name: "list_files", arguments: {} }] }] }, undefined, ["--max-rounds", "1"]);
    const first = await newSession(limited, box.workspace);
    expect((await prompt(limited, first.sessionId, "look")).stopReason).toBe("max_turn_requests");
    const failing = open(box, { turns: [{ error: { kind: "provider", message: "the model is overloaded" } }] });
    const second = await newSession(failing, box.workspace);
    await expect(prompt(failing, second.sessionId, "hi")).rejects.toThrow(/the model is overloaded/);
  });

  it("always allow is offered with its scope and remembered: the next call in that scope is not asked", async () => {
    const box = providerSandbox();
    const editor = open(
      box,
      {
        turns: [
          { tool_calls: [{ name: "write_file", arguments: { path: "docs/one.md", content: "1" } }] },
          { tool_calls: [{ name: "write_file", arguments: { path: "docs/two.md", content: "2" } }] },
          { text: "Both written." },
        ],
      },
      choose("allow_always"),
    );
    const { sessionId } = await newSession(editor, box.workspace);
    expect((await prompt(editor, sessionId, "write both")).stopReason).toBe("end_turn");
    expect(editor.permissions).toHaveLength(1);
    const always = editor.permissions[0]!.options.find((option) => option.kind === "allow_always");
    expect(always?.name).toMatch(/^Always allow write_file/);
    expect(readFileSync(path.join(box.workspace, "docs", "two.md"), "utf8")).toBe("2");
  });

  it("names MCP servers from the editor it does not start; SIGTERM shuts the sessions down and exits 143", async () => {
    const box = providerSandbox();
    const editor = open(box, { turns: [{ text: "hi" }] });
    await initialize(editor);
    const { sessionId } = await editor.connection.agent.request(methods.agent.session.new, {
      cwd: box.workspace,
      mcpServers: [{ name: "docs", command: "docs-server", args: [], env: [] }],
    });
    expect(editor.stderr()).toContain("1 MCP server from the editor is not used");
    editor.child.kill("SIGTERM");
    // stdin stays open: the signal alone ends the run.
    expect(await editor.exited).toBe(143);
    // The session was closed cleanly: its lock is gone and it can be resumed.
    const resumed = await box.run(["-p", "again", "-r", sessionId], { FAKE_LLM: "1" });
    expect(resumed.code, resumed.stderr).toBe(0);
  });
});
