// The real Claude Agent SDK (`@anthropic-ai/claude-agent-sdk`) driving the built CLI as its
// Claude Code executable (`pathToClaudeCodeExecutable`), the engine on a fake OpenAI server.
// Asserts on what crossed: the SDK's messages, canUseTool's arguments, files on disk and the
// requests the server received.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { query, type CanUseTool, type Options, type SDKMessage, type SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, usageChunk, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { waitFor } from "../helpers/processes.js";
import { CLI } from "../helpers/run-cli.js";

const KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const MCP_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(script: Step[]): Promise<FakeServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

function toolCall(id: string, name: string, args: unknown): Step {
  return sse(
    chunk({ role: "assistant", content: "" }),
    chunk(toolDelta(0, { id, name, args: JSON.stringify(args) })),
    chunk({}, "tool_calls"),
    usageChunk({ prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 }),
    DONE,
  );
}

function options(box: ProviderSandbox, server: FakeServer, extra: Partial<Options> = {}): Options {
  const stderr: string[] = [];
  return {
    pathToClaudeCodeExecutable: CLI,
    cwd: box.workspace,
    env: { PATH: process.env.PATH ?? "", HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` },
    stderr: (text) => void stderr.push(text),
    ...extra,
  };
}

async function run(prompt: string, opts: Options): Promise<SDKMessage[]> {
  const messages: SDKMessage[] = [];
  for await (const message of query({ prompt, options: opts })) messages.push(message);
  return messages;
}

const ofType = <T extends SDKMessage["type"]>(messages: SDKMessage[], type: T) => messages.filter((m): m is Extract<SDKMessage, { type: T }> => m.type === type);

describe("the Claude Agent SDK's query() against mini-agent", () => {
  it("runs a tool-using task: canUseTool is asked with Claude Code's names, its allow writes the file, the result has usage and cost", async () => {
    const server = await serve([toolCall("call_w1", "write_file", { path: "hello.txt", content: "hi from the SDK\n" }), chatText("Wrote hello.txt.")]);
    const box = providerSandbox();
    const asked: { name: string; input: Record<string, unknown>; toolUseID: string }[] = [];
    const canUseTool: CanUseTool = async (name, input, context) => {
      asked.push({ name, input, toolUseID: context.toolUseID });
      return { behavior: "allow", updatedInput: input };
    };
    const messages = await run("write hello.txt", options(box, server, { canUseTool }));

    expect(asked).toEqual([{ name: "Write", input: { file_path: "hello.txt", content: "hi from the SDK\n" }, toolUseID: "call_w1" }]);
    expect(readFileSync(path.join(box.workspace, "hello.txt"), "utf8")).toBe("hi from the SDK\n");
    const init = messages.find((m) => m.type === "system" && m.subtype === "init") as Extract<SDKMessage, { type: "system"; subtype: "init" }>;
    expect(init.session_id).toMatch(/^\d{8}T\d{6}-[0-9a-f]+$/);
    expect(init.tools).toEqual(expect.arrayContaining(["Bash", "Read", "Write", "Edit", "Glob", "Grep"]));
    expect(init.cwd).toBe(box.workspace);
    const toolUse = ofType(messages, "assistant").flatMap((m) => m.message.content).find((block) => block.type === "tool_use");
    expect(toolUse).toMatchObject({ type: "tool_use", id: "call_w1", name: "Write", input: { file_path: "hello.txt" } });
    const toolResult = ofType(messages, "user").flatMap((m) => m.message.content as { type: string; tool_use_id?: string; is_error?: boolean }[]);
    expect(toolResult).toEqual([expect.objectContaining({ type: "tool_result", tool_use_id: "call_w1", is_error: false })]);
    const [result] = ofType(messages, "result");
    expect(result).toMatchObject({ subtype: "success", is_error: false, result: "Wrote hello.txt.", num_turns: 2, session_id: init.session_id });
    expect(result!.usage).toMatchObject({ input_tokens: 60, output_tokens: 11 });
    expect(result!.total_cost_usd).toBeTypeOf("number");
    expect(server.requests).toHaveLength(2);
  });

  it("canUseTool's deny keeps the file off the disk and its message reaches the model", async () => {
    const server = await serve([toolCall("call_w2", "write_file", { path: "nope.txt", content: "x" }), chatText("Understood.")]);
    const box = providerSandbox();
    const messages = await run("write nope.txt", options(box, server, { canUseTool: async () => ({ behavior: "deny", message: "not that file" }) }));
    expect(existsSync(path.join(box.workspace, "nope.txt"))).toBe(false);
    const [result] = ofType(messages, "result");
    expect(result).toMatchObject({ subtype: "success", permission_denials: [{ tool_name: "Write", tool_use_id: "call_w2", tool_input: { file_path: "nope.txt", content: "x" } }] });
    const toolMessage = messagesOf(server, 1).find((m) => m["role"] === "tool");
    expect(String(toolMessage?.["content"])).toContain("not that file");
  });

  it("refuses an updatedInput that differs from the judged input, with the reason", async () => {
    const server = await serve([toolCall("call_w3", "write_file", { path: "a.txt", content: "a" }), chatText("OK.")]);
    const box = providerSandbox();
    const messages = await run(
      "write a.txt",
      options(box, server, { canUseTool: async (_name, input) => ({ behavior: "allow", updatedInput: { ...input, file_path: "b.txt" } }) }),
    );
    expect(existsSync(path.join(box.workspace, "a.txt"))).toBe(false);
    expect(existsSync(path.join(box.workspace, "b.txt"))).toBe(false);
    const results = ofType(messages, "user").flatMap((m) => m.message.content as { content?: unknown }[]);
    expect(JSON.stringify(results)).toContain("updatedInput is refused");
  });

  it("acceptEdits writes without asking; without canUseTool a call that needs approval is refused, saying how to allow it", async () => {
    const server = await serve([
      toolCall("call_e1", "write_file", { path: "edit.txt", content: "e" }),
      chatText("Wrote it."),
      toolCall("call_e2", "write_file", { path: "asked.txt", content: "a" }),
      chatText("Could not."),
    ]);
    const box = providerSandbox();
    const accepted = await run("write edit.txt", options(box, server, { permissionMode: "acceptEdits" }));
    expect(readFileSync(path.join(box.workspace, "edit.txt"), "utf8")).toBe("e");
    expect(ofType(accepted, "system")[0]).toMatchObject({ subtype: "init", permissionMode: "acceptEdits" });
    const refused = await run("write asked.txt", options(box, server));
    expect(existsSync(path.join(box.workspace, "asked.txt"))).toBe(false);
    expect(JSON.stringify(ofType(refused, "user"))).toContain("--permission-prompt-tool stdio");
  });

  it("resume continues the session: the next request carries the first conversation", async () => {
    const server = await serve([chatText("The code word is PLUM."), chatText("You asked about the code word.")]);
    const box = providerSandbox();
    const first = await run("remember the code word", options(box, server));
    const sessionId = ofType(first, "result")[0]!.session_id;
    const second = await run("what did I ask?", options(box, server, { resume: sessionId }));
    expect(ofType(second, "result")[0]).toMatchObject({ subtype: "success", session_id: sessionId, result: "You asked about the code word." });
    const sent = messagesOf(server, 1).map((m) => `${String(m["role"])}: ${JSON.stringify(m["content"])}`);
    expect(sent).toEqual(expect.arrayContaining([expect.stringContaining("remember the code word"), expect.stringContaining("The code word is PLUM."), expect.stringContaining("what did I ask?")]));
  });

  it("streams partial messages, limits rounds with maxTurns, and reports error_max_turns", async () => {
    const server = await serve([toolCall("call_r1", "read_file", { path: "notes.txt" }), chatText("never sent")]);
    const box = providerSandbox();
    const messages = await run("read notes", options(box, server, { includePartialMessages: true, maxTurns: 1 }));
    const events = ofType(messages, "stream_event").map((m) => m.event.type);
    expect(events).toEqual(expect.arrayContaining(["message_start", "content_block_start", "content_block_delta", "content_block_stop", "message_stop"]));
    expect(ofType(messages, "result")[0]).toMatchObject({ subtype: "error_max_turns", is_error: true, num_turns: 1 });
    expect(server.requests).toHaveLength(1);
  });

  it("interrupt() stops the running turn", async () => {
    const server = await serve([{ kind: "hang" }]);
    const box = providerSandbox();
    const q = query({ prompt: "take your time", options: options(box, server) });
    const messages: SDKMessage[] = [];
    for await (const message of q) {
      messages.push(message);
      if (message.type === "system" && message.subtype === "init") {
        await waitFor(() => server.requests.length > 0, 15_000, "the model request");
        await q.interrupt();
      }
    }
    expect(ofType(messages, "result")[0]).toMatchObject({ subtype: "error_during_execution", is_error: true });
  });

  it("a user message's base64 image block reaches the provider with its text", async () => {
    const server = await serve([chatText("A single pixel.")]);
    const box = providerSandbox();
    const png = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
    async function* prompt(): AsyncGenerator<SDKUserMessage> {
      yield {
        type: "user",
        parent_tool_use_id: null,
        message: {
          role: "user",
          content: [
            { type: "image", source: { type: "base64", media_type: "image/png", data: png } },
            { type: "text", text: "what is this?" },
          ],
        },
      };
    }
    const messages: SDKMessage[] = [];
    for await (const message of query({ prompt: prompt(), options: options(box, server) })) messages.push(message);
    expect(ofType(messages, "result")[0]).toMatchObject({ subtype: "success", result: "A single pixel." });
    expect(messagesOf(server, 0)[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "what is this?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${png}` } },
      ],
    });
  });

  it("starts the MCP servers the SDK sends in its initialize request", async () => {
    const server = await serve([toolCall("call_m1", "mcp__demo__echo", { text: "ping" }), chatText("Echoed.")]);
    const box = providerSandbox();
    const messages = await run(
      "echo ping",
      options(box, server, { mcpServers: { demo: { command: process.execPath, args: [MCP_SERVER] } }, canUseTool: async (_n, input) => ({ behavior: "allow", updatedInput: input }) }),
    );
    const init = messages.find((m) => m.type === "system" && m.subtype === "init") as Extract<SDKMessage, { type: "system"; subtype: "init" }>;
    expect(init.mcp_servers).toEqual([{ name: "demo", status: "connected" }]);
    expect(init.tools).toContain("mcp__demo__echo");
    expect(JSON.stringify(ofType(messages, "user"))).toContain("stdio echo: ping");
  });
  it("a custom systemPrompt stands in for mini-agent's base prompt, and a preset's append goes last", async () => {
    const server = await serve([chatText("Released."), chatText("Explained.")]);
    const box = providerSandbox();
    await run("cut a release", options(box, server, { systemPrompt: "You are a release bot. Only ever talk about releases." }));
    const custom = String(messagesOf(server, 0)[0]?.["content"]);
    expect(custom.startsWith("You are a release bot. Only ever talk about releases.")).toBe(true);
    expect(custom).not.toContain("You are mini-agent");

    await run("explain", options(box, server, { systemPrompt: { type: "preset", preset: "claude_code", append: "Always answer in French." } }));
    const appended = String(messagesOf(server, 1)[0]?.["content"]);
    expect(appended).toContain("You are mini-agent");
    expect(appended.trimEnd().endsWith("Always answer in French.")).toBe(true);
  });
});
