// The Anthropic Messages adapter against a local server speaking the real event format,
// through @anthropic-ai/sdk's transport.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import {
  MESSAGE_STOP,
  PING,
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  event,
  messageDelta,
  messageStart,
  sse,
  startFakeAnthropicServer,
  status,
  type FakeServer,
} from "../helpers/fake-anthropic-server.js";
import { TEST_KEY, VERSION, anthropicConfig, build, collect, ofType, request, textOf, thinkingOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** docs/providers.md §4.3 sample: text, then two tool_use blocks with fragmented input, with a ping between. */
function toolStream() {
  return sse(
    messageStart({ input_tokens: 14, cache_creation_input_tokens: 0, cache_read_input_tokens: 3980, output_tokens: 1 }),
    blockStart(0, { type: "text", text: "" }),
    PING,
    blockDelta(0, { type: "text_delta", text: "Reading it." }),
    blockStop(0),
    blockStart(1, { type: "tool_use", id: "toolu_01Read", name: "read_file", input: {} }),
    blockDelta(1, { type: "input_json_delta", partial_json: "" }),
    blockDelta(1, { type: "input_json_delta", partial_json: '{"path": "src/' }),
    blockDelta(1, { type: "input_json_delta", partial_json: 'app.ts"}' }),
    blockStop(1),
    blockStart(2, { type: "tool_use", id: "toolu_01List", name: "list_dir", input: {} }),
    blockDelta(2, { type: "input_json_delta", partial_json: '{"path": "src"}' }),
    blockStop(2),
    messageDelta("tool_use", { output_tokens: 88 }),
    MESSAGE_STOP,
  );
}

describe("Anthropic adapter", () => {
  it("streams text and tool calls, merges usage, and sends a cache-marked request", async () => {
    server = await startFakeAnthropicServer([toolStream()]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Reading it.");
    expect(ofType(parts, "tool_call")).toEqual([
      { type: "tool_call", id: "toolu_01Read", name: "read_file", arguments: '{"path": "src/app.ts"}' },
      { type: "tool_call", id: "toolu_01List", name: "list_dir", arguments: '{"path": "src"}' },
    ]);
    expect(ofType(parts, "usage")).toEqual([
      { type: "usage", inputTokens: 14 + 3980, outputTokens: 88, cacheReadTokens: 3980, cacheWriteTokens: 0, costUsd: expect.any(Number) },
    ]);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });

    const sent = server.requests[0];
    expect(sent?.path).toBe("/v1/messages");
    expect(sent?.headers["user-agent"]).toBe(`mini-agent/${VERSION}`);
    const auth = sent?.headers["authorization"] ?? `Bearer ${String(sent?.headers["x-api-key"])}`;
    expect(auth).toBe(`Bearer ${TEST_KEY}`);
    expect(sent?.headers["anthropic-version"]).toBeTruthy();
    expect(server.json(0)).toEqual({
      model: "claude-sonnet-4-6",
      max_tokens: 32000,
      stream: true,
      system: [{ type: "text", text: "You are a coding agent.", cache_control: { type: "ephemeral" } }],
      thinking: { type: "adaptive" },
      output_config: { effort: "medium" },
      tools: [
        {
          name: "read_file",
          description: "Read a UTF-8 text file from the workspace",
          input_schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
          cache_control: { type: "ephemeral" },
        },
      ],
      tool_choice: { type: "auto" },
      messages: [{ role: "user", content: [{ type: "text", text: "What port?" }] }],
    });
  });

  it("streams thinking, keeps the last signature (signature_delta replaces), and passes redacted blocks through opaque", async () => {
    server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        blockStart(0, { type: "thinking", thinking: "", signature: "" }),
        blockDelta(0, { type: "thinking_delta", thinking: "The port is probably in src/app.ts;" }),
        blockDelta(0, { type: "thinking_delta", thinking: " read it before answering." }),
        blockDelta(0, { type: "signature_delta", signature: "EqQBCkgI-first" }),
        blockDelta(0, { type: "signature_delta", signature: "EqQBCkgIexampleSignature==" }),
        blockStop(0),
        blockStart(1, { type: "redacted_thinking", data: "EmwKAhgBexampleOpaque" }),
        blockStop(1),
        blockStart(2, { type: "text", text: "" }),
        blockDelta(2, { type: "text_delta", text: "8080" }),
        blockStop(2),
        messageDelta("end_turn"),
        MESSAGE_STOP,
      ),
    ]);
    const { parts } = await collect(await build(anthropicConfig(server.url)));
    expect(thinkingOf(parts)).toBe("The port is probably in src/app.ts; read it before answering.");
    expect(ofType(parts, "thinking").filter((p) => p.signature).map((p) => p.signature)).toEqual(["EqQBCkgIexampleSignature=="]);
    expect(ofType(parts, "redacted_thinking")).toEqual([{ type: "redacted_thinking", data: "EmwKAhgBexampleOpaque" }]);
    expect(textOf(parts)).toBe("8080");
  });

  it("carries signed thinking back unmodified, pairs tool_use with tool_result, and sanitises foreign ids", async () => {
    server = await startFakeAnthropicServer([anthropicText("done")]);
    await collect(
      await build(anthropicConfig(server.url)),
      request([
        { role: "user", content: "What port?" },
        {
          role: "assistant",
          text: "Reading it.",
          thinkingBlocks: [{ kind: "thinking", text: "Need to read the file.", signature: "EqQBCkgIexample" }],
          toolCalls: [
            { id: "toolu_01Read", name: "read_file", arguments: '{"path":"src/app.ts"}' },
            { id: "functions.list_dir:1", name: "list_dir", arguments: "not json" },
          ],
        },
        { role: "tool", callId: "toolu_01Read", name: "read_file", content: "export const port = 8080;\n", isError: false },
        { role: "tool", callId: "functions.list_dir:1", name: "list_dir", content: "invalid arguments", isError: true },
        { role: "user", content: "and then?" },
      ]),
    );
    expect(server.json(0)["messages"]).toEqual([
      { role: "user", content: [{ type: "text", text: "What port?" }] },
      {
        role: "assistant",
        content: [
          { type: "thinking", thinking: "Need to read the file.", signature: "EqQBCkgIexample" },
          { type: "text", text: "Reading it." },
          { type: "tool_use", id: "toolu_01Read", name: "read_file", input: { path: "src/app.ts" } },
          { type: "tool_use", id: "functions_list_dir_1", name: "list_dir", input: {} },
        ],
      },
      {
        role: "user",
        content: [
          { type: "tool_result", tool_use_id: "toolu_01Read", content: "export const port = 8080;\n" },
          { type: "tool_result", tool_use_id: "functions_list_dir_1", content: "invalid arguments", is_error: true },
          { type: "text", text: "and then?" },
        ],
      },
    ]);
  });

  it("sends no thinking block when thinking is off, and no unsigned thinking ever", async () => {
    server = await startFakeAnthropicServer([anthropicText("a"), anthropicText("b"), anthropicText("c")]);
    const history = request([
      { role: "user", content: "q" },
      { role: "assistant", text: "a", thinkingBlocks: [{ kind: "thinking", text: "unsigned, from another provider" }], toolCalls: [] },
      { role: "user", content: "q2" },
    ]);
    await collect(await build(anthropicConfig(server.url, { thinking: "off" })), history);
    expect(server.json(0)["thinking"]).toEqual({ type: "disabled" });
    expect((server.json(0)["messages"] as { content: unknown[] }[])[1]?.content).toEqual([{ type: "text", text: "a" }]);
    await collect(await build(anthropicConfig(server.url)), history);
    expect((server.json(1)["messages"] as { content: unknown[] }[])[1]?.content).toEqual([{ type: "text", text: "a" }]);
  });

  it("uses a thinking budget on models before adaptive thinking, and nothing for off", async () => {
    server = await startFakeAnthropicServer([anthropicText("a"), anthropicText("b")]);
    await collect(await build(anthropicConfig(server.url, { model: "claude-haiku-4-5", thinking: "high" })));
    expect(server.json(0)).toMatchObject({ max_tokens: 32000, thinking: { type: "enabled", budget_tokens: 16000 } });
    expect(server.json(0)).not.toHaveProperty("output_config");
    await collect(await build(anthropicConfig(server.url, { model: "claude-haiku-4-5", thinking: "off" })));
    expect(server.json(1)).not.toHaveProperty("thinking");
  });

  it("§7.1 a tool_use with no input deltas has arguments {}", async () => {
    server = await startFakeAnthropicServer([
      sse(messageStart(), blockStart(0, { type: "tool_use", id: "toolu_n", name: "noop", input: {} }), blockStop(0), messageDelta("tool_use"), MESSAGE_STOP),
    ]);
    const { parts } = await collect(await build(anthropicConfig(server.url)));
    expect(ofType(parts, "tool_call")).toEqual([{ type: "tool_call", id: "toolu_n", name: "noop", arguments: "{}" }]);
  });

  it("§7.15/§7.21 ignores unknown events, unknown blocks, and deltas for blocks that never started", async () => {
    server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        event("some_future_event", { whatever: 1 }),
        blockStart(0, { type: "server_tool_use", id: "srvtoolu_1", name: "web_search", input: {} }),
        blockDelta(0, { type: "citations_delta", citation: {} }),
        blockStop(0),
        blockDelta(7, { type: "text_delta", text: "ghost" }),
        blockStart(1, { type: "text", text: "" }),
        blockDelta(1, { type: "text_delta", text: "real" }),
        blockStop(1),
        messageDelta("end_turn"),
        MESSAGE_STOP,
      ),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("real");
    expect(ofType(parts, "tool_call")).toEqual([]);
  });

  it("§7.16 retries an in-band overloaded_error before output and reports one after output", async () => {
    const overloaded = event("error", { error: { type: "overloaded_error", message: "Overloaded" }, request_id: "req_01ExampleZ" });
    server = await startFakeAnthropicServer([
      sse(messageStart(), PING, overloaded),
      sse(messageStart(), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "half" }), overloaded),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect(textOf(parts)).toBe("half");
    expect((error as ProviderError).kind).toBe("stream");
    expect((error as ProviderError).message).toContain("Overloaded");
  });

  it("§7.17 a stream without message_stop is an error", async () => {
    server = await startFakeAnthropicServer([sse(messageStart(), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "cut" }), blockStop(0))]);
    const { error } = await collect(await build(anthropicConfig(server.url)));
    expect((error as ProviderError).kind).toBe("stream");
  });

  it("retries 529 with retry-after, then succeeds", async () => {
    server = await startFakeAnthropicServer([
      status(529, { type: "error", error: { type: "overloaded_error", message: "Overloaded" } }, { "retry-after": "0.01" }),
      anthropicText("ok"),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")).toEqual([{ type: "retry", attempt: 1, delayMs: 10, reason: expect.stringContaining("529") }]);
  });

  it("recognises 'prompt is too long' as context length and a 401 as auth naming the key's source", async () => {
    server = await startFakeAnthropicServer([
      status(400, { type: "error", error: { type: "invalid_request_error", message: "prompt is too long: 208301 tokens > 200000 maximum" } }),
      status(401, { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } }),
    ]);
    const overflow = await collect(await build(anthropicConfig(server.url)));
    expect((overflow.error as ProviderError).kind).toBe("context_length");
    const auth = await collect(await build(anthropicConfig(server.url)));
    expect((auth.error as ProviderError).kind).toBe("auth");
    expect((auth.error as ProviderError).message).toContain("env ANTHROPIC_API_KEY");
    expect((auth.error as ProviderError).message).not.toContain(TEST_KEY);
  });

  it("does not retry a 429 for an enforced spend limit", async () => {
    server = await startFakeAnthropicServer([
      status(429, { type: "error", error: { type: "rate_limit_error", message: "spend cap", details: { error_code: "enforced_spend_limit_reached" } } }),
    ]);
    const { error } = await collect(await build(anthropicConfig(server.url)));
    expect((error as ProviderError).status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it.each([
    ["max_tokens", "length"],
    ["refusal", "content_filter"],
    ["model_context_window_exceeded", "length"],
    ["end_turn", "stop"],
  ])("maps stop_reason %s to finish %s", async (stop, finish) => {
    server = await startFakeAnthropicServer([
      sse(messageStart(), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "x" }), blockStop(0), messageDelta(stop), MESSAGE_STOP),
    ]);
    const { parts } = await collect(await build(anthropicConfig(server.url)));
    expect(parts.at(-1)).toEqual({ type: "finish", reason: finish });
  });
});
