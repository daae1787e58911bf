// `mini-agent -p` end to end against a fake OpenAI-compatible server: OpenAI itself and Kimi
// (the default provider). Asserts on the bytes the server received and on what the CLI printed.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  chatText,
  chunk,
  DONE,
  sse,
  startScriptedServer,
  toolDelta,
  usageChunk,
  type FakeServer,
  type Step,
} from "../helpers/fake-openai-server.js";
import { eventsOfType, messagesOf, providerSandbox, streamEvents } from "../helpers/provider-cli.js";

const OPENAI_KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const KIMI_KEY = "sk-kimi-test-key-3333cccc4444dddd5555";

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

/** A chat stream in which the model calls one tool and stops for its result. */
function toolCallTurn(id: string, name: string, args: string, reasoning?: string): Step {
  return sse(
    chunk({ role: "assistant", content: "" }),
    ...(reasoning ? [chunk({ reasoning_content: reasoning })] : []),
    chunk(toolDelta(0, { id, name, args: "" })),
    chunk(toolDelta(0, { args })),
    chunk({}, "tool_calls"),
    usageChunk({ prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 }),
    DONE,
  );
}

describe("mini-agent -p against OpenAI chat", () => {
  it("streams a text answer to stdout and sends an honest, complete first request", async () => {
    const server = await serve([chatText("Hello ", "from the fake.")]);
    const box = providerSandbox();
    const run = await box.run(["-p", "say hello", "--provider", "openai"], {
      OPENAI_API_KEY: OPENAI_KEY,
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Hello from the fake.\n");

    expect(server.requests).toHaveLength(1);
    const [request] = server.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/v1/chat/completions");
    expect(request!.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
    expect(request!.headers["user-agent"]).toMatch(/^mini-agent\/\d/);
    const body = server.json(0);
    expect(body).toMatchObject({ model: "gpt-5", stream: true, stream_options: { include_usage: true } });
    const tools = (body["tools"] as { function: { name: string } }[]).map((tool) => tool.function.name);
    expect(tools).toEqual(expect.arrayContaining(["read_file", "list_files", "write_file", "edit_file", "run_command", "grep"]));
    const messages = messagesOf(server, 0);
    expect(messages[0]).toMatchObject({ role: "system" });
    expect(messages.at(-1)).toEqual({ role: "user", content: "say hello" });
  });

  it("runs a tool call and sends its result back paired with the call id", async () => {
    const server = await serve([
      toolCallTurn("call_read_1", "read_file", '{"path":"notes.txt"}'),
      chatText("The notes say hi."),
    ]);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), "hi from the workspace\n");
    // No --provider: OPENAI_API_KEY alone selects openai.
    const run = await box.run(["-p", "read notes.txt"], { OPENAI_API_KEY: OPENAI_KEY, OPENAI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("The notes say hi.\n");
    expect(run.stderr).toMatch(/read_file/);

    expect(server.requests).toHaveLength(2);
    const messages = messagesOf(server, 1);
    const roles = messages.map((message) => message["role"]);
    expect(roles).toEqual(["system", "user", "assistant", "tool"]);
    expect(messages[2]).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_read_1", type: "function", function: { name: "read_file", arguments: '{"path":"notes.txt"}' } }],
    });
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: "call_read_1" });
    expect(messages[3]!["content"]).toContain("hi from the workspace");
  });
});

describe("mini-agent -p against Kimi", () => {
  it("shows reasoning_content as thinking and sends it back with the assistant turn", async () => {
    const server = await serve([
      toolCallTurn("functions.list_files:0", "list_files", "{}", "I should look around first."),
      sse(
        chunk({ role: "assistant", content: "" }),
        chunk({ reasoning_content: "One file, notes.txt." }),
        chunk({ content: "There is one file." }),
        chunk({}, "stop"),
        DONE,
      ),
    ]);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), "x\n");
    const run = await box.run(["-p", "what is here?", "--output-format", "stream-json"], {
      KIMI_API_KEY: KIMI_KEY,
      KIMI_BASE_URL: `${server.url}/coding/v1`,
    });
    expect(run.code, run.stderr).toBe(0);

    const events = streamEvents(run.stdout);
    // Each step's reasoning is kept with its message (the deltas are live only).
    const thinking = eventsOfType(events, "assistant.message").flatMap((event) => (event["thinking"] as { text: string }[] | undefined) ?? []);
    expect(thinking.map((block) => block.text)).toEqual([
      "I should look around first.",
      "One file, notes.txt.",
    ]);
    expect(eventsOfType(events, "session.started")[0]).toMatchObject({ provider: "kimi", model: "kimi-for-coding" });

    const [first] = server.requests;
    expect(first!.path).toBe("/coding/v1/chat/completions");
    expect(first!.headers.authorization).toBe(`Bearer ${KIMI_KEY}`);
    expect(server.json(0)).toMatchObject({ model: "kimi-for-coding", stream: true, thinking: { type: "enabled" } });

    // The Kimi preset echoes reasoning (reasoningEcho: true): the tool-call turn carries it back.
    const messages = messagesOf(server, 1);
    expect(messages[2]).toMatchObject({
      role: "assistant",
      reasoning_content: "I should look around first.",
      tool_calls: [{ id: "functions.list_files:0", function: { name: "list_files" } }],
    });
    expect(messages[2]).not.toHaveProperty("content");
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: "functions.list_files:0" });
    expect(messages[3]!["content"]).toContain("notes.txt");
  });
});
