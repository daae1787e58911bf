// `mini-agent -p` end to end against a fake Anthropic Messages server: headers, path, the
// cache breakpoints, and tool_result pairing in the request after a tool_use turn.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  MESSAGE_STOP,
  messageDelta,
  messageStart,
  sse,
  startFakeAnthropicServer,
  type FakeServer,
  type Step,
} from "../helpers/fake-anthropic-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";

const KEY = "sk-ant-test-key-6666eeee7777ffff8888";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function serve(script: Step[]): Promise<FakeServer> {
  const server = await startFakeAnthropicServer(script);
  servers.push(server);
  return server;
}

function toolUseTurn(id: string, name: string, json: string): Step {
  return sse(
    messageStart(),
    blockStart(0, { type: "text", text: "" }),
    blockDelta(0, { type: "text_delta", text: "Let me read it." }),
    blockStop(0),
    blockStart(1, { type: "tool_use", id, name, input: {} }),
    blockDelta(1, { type: "input_json_delta", partial_json: json }),
    blockStop(1),
    messageDelta("tool_use"),
    MESSAGE_STOP,
  );
}

/** Two signed thinking blocks and a redacted one before a tool_use, as one streamed turn. */
function thinkingToolTurn(): Step {
  const thinking = (index: number, text: string, signature: string) => [
    blockStart(index, { type: "thinking", thinking: "", signature: "" }),
    blockDelta(index, { type: "thinking_delta", thinking: text }),
    blockDelta(index, { type: "signature_delta", signature }),
    blockStop(index),
  ];
  return sse(
    messageStart(),
    ...thinking(0, "Read the list.", "sig-1"),
    blockStart(1, { type: "redacted_thinking", data: "EmwKAhgBopaque" }),
    blockStop(1),
    ...thinking(2, "Then count.", "sig-2"),
    blockStart(3, { type: "tool_use", id: "toolu_01Read", name: "read_file", input: {} }),
    blockDelta(3, { type: "input_json_delta", partial_json: '{"path":"todo.md"}' }),
    blockStop(3),
    messageDelta("tool_use"),
    MESSAGE_STOP,
  );
}

describe("mini-agent -p against Anthropic", () => {
  it("answers with text and sends the key, anthropic-version and cache breakpoints", async () => {
    const server = await serve([anthropicText("Hi ", "there.")]);
    const box = providerSandbox();
    const run = await box.run(["-p", "greet me"], { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Hi there.\n");

    const [request] = server.requests;
    expect(request!.path).toBe("/v1/messages");
    // @anthropic-ai/sdk 1.x sends the key as a bearer token; the API takes it or x-api-key
    // (docs/providers.md §4.1). Either way it is the configured key, in exactly one header.
    const auth = [request!.headers["x-api-key"], request!.headers.authorization].filter((value) => value !== undefined);
    expect(auth).toHaveLength(1);
    expect([KEY, `Bearer ${KEY}`]).toContain(auth[0]);
    expect(request!.headers["anthropic-version"]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(request!.headers["user-agent"]).toMatch(/^mini-agent\/\d/);
    const body = server.json(0);
    expect(body).toMatchObject({ model: "claude-sonnet-5-5", stream: true });
    const system = body["system"] as Record<string, unknown>[];
    expect(system).toHaveLength(1);
    expect(system[0]).toMatchObject({ type: "text", cache_control: { type: "ephemeral" } });
    const tools = body["tools"] as Record<string, unknown>[];
    expect(tools.map((tool) => tool["name"])).toEqual(expect.arrayContaining(["read_file", "list_files", "run_command"]));
    // One breakpoint, on the last tool, caches the whole list.
    expect(tools.filter((tool) => tool["cache_control"])).toEqual([tools.at(-1)]);
    expect(tools.at(-1)!["cache_control"]).toEqual({ type: "ephemeral" });
    expect(messagesOf(server, 0)).toEqual([{ role: "user", content: [{ type: "text", text: "greet me" }] }]);
  });

  it("runs a tool_use call and answers it with a tool_result first in the next user turn", async () => {
    const server = await serve([toolUseTurn("toolu_01Read", "read_file", '{"path":"todo.md"}'), anthropicText("Two items.")]);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "todo.md"), "- buy milk\n- fix bug\n");
    const run = await box.run(["-p", "what is in todo.md?", "--provider", "anthropic"], {
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: server.url,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Two items.\n");

    expect(server.requests).toHaveLength(2);
    const messages = messagesOf(server, 1);
    expect(messages.map((message) => message["role"])).toEqual(["user", "assistant", "user"]);
    expect(messages[1]!["content"]).toEqual([
      { type: "text", text: "Let me read it." },
      { type: "tool_use", id: "toolu_01Read", name: "read_file", input: { path: "todo.md" } },
    ]);
    const results = messages[2]!["content"] as Record<string, unknown>[];
    expect(results[0]).toMatchObject({ type: "tool_result", tool_use_id: "toolu_01Read" });
    expect(String(results[0]!["content"])).toContain("- fix bug");
    expect(results[0]).not.toHaveProperty("is_error");
  });

  it("sends every thinking block back in order with its own signature, redacted data verbatim, also after -c", async () => {
    const server = await serve([thinkingToolTurn(), anthropicText("Two items."), anthropicText("Still two.")]);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "todo.md"), "- buy milk\n- fix bug\n");
    const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: server.url };
    const first = await box.run(["-p", "how many items?", "--yes"], env);
    expect(first.code, first.stderr).toBe(0);
    // A new process: the conversation is rebuilt by folding the session file.
    const resumed = await box.run(["-p", "still?", "-c", "--yes"], env);
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe("Still two.\n");

    const turn = [
      { type: "thinking", thinking: "Read the list.", signature: "sig-1" },
      { type: "redacted_thinking", data: "EmwKAhgBopaque" },
      { type: "thinking", thinking: "Then count.", signature: "sig-2" },
      { type: "tool_use", id: "toolu_01Read", name: "read_file", input: { path: "todo.md" } },
    ];
    expect(server.requests).toHaveLength(3);
    expect(messagesOf(server, 1)[1]!["content"]).toEqual(turn);
    const afterResume = messagesOf(server, 2);
    expect(afterResume.map((message) => message["role"])).toEqual(["user", "assistant", "user", "assistant", "user"]);
    expect(afterResume[1]!["content"]).toEqual(turn);
  });
});
