// The Responses adapter and the sticky chat → responses fallback for api.openai.com.
import { afterEach, describe, expect, it } from "vitest";
import { EndpointFallbackProvider } from "../../src/engine/llm/providers/fallback.js";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { chatText, responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { build, collect, ofType, openAiConfig, request, textOf, thinkingOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const USAGE = { input_tokens: 1650, input_tokens_details: { cached_tokens: 1536 }, output_tokens: 212, output_tokens_details: { reasoning_tokens: 160 }, total_tokens: 1862 };

/** The docs/providers.md §3.3 sample: reasoning summary → text → a function call. */
function sampleStream(): string[] {
  return responsesEvents([
    ["response.created", { response: responseObject({ status: "in_progress" }) }],
    ["response.in_progress", { response: responseObject({ status: "in_progress" }) }],
    ["response.output_item.added", { output_index: 0, item: { id: "rs_w4a", type: "reasoning", summary: [], encrypted_content: "gAAAA-a" } }],
    ["response.reasoning_summary_part.added", { item_id: "rs_w4a", output_index: 0, summary_index: 0, part: { type: "summary_text", text: "" } }],
    ["response.reasoning_summary_text.delta", { item_id: "rs_w4a", output_index: 0, summary_index: 0, delta: "**Finding the port**", obfuscation: "x81Kq" }],
    ["response.reasoning_summary_text.done", { item_id: "rs_w4a", output_index: 0, summary_index: 0, text: "**Finding the port**" }],
    ["response.output_item.done", { output_index: 0, item: { id: "rs_w4a", type: "reasoning", summary: [{ type: "summary_text", text: "**Finding the port**" }], encrypted_content: "gAAAA-b" } }],
    ["response.output_item.added", { output_index: 1, item: { id: "msg_w4b", type: "message", status: "in_progress", role: "assistant", content: [] } }],
    ["response.output_text.delta", { item_id: "msg_w4b", output_index: 1, content_index: 0, delta: "Checking the file.", logprobs: [] }],
    ["response.output_text.done", { item_id: "msg_w4b", output_index: 1, content_index: 0, text: "Checking the file." }],
    ["response.output_item.added", { output_index: 2, item: { id: "fc_w4c", type: "function_call", status: "in_progress", arguments: "", call_id: "call_q1", name: "read_file" } }],
    ["response.function_call_arguments.delta", { item_id: "fc_w4c", output_index: 2, delta: '{"path":' }],
    ["response.function_call_arguments.delta", { item_id: "fc_w4c", output_index: 2, delta: '"src/app.ts"}' }],
    ["response.function_call_arguments.done", { item_id: "fc_w4c", output_index: 2, name: "read_file", arguments: '{"path":"src/app.ts"}' }],
    ["response.output_item.done", { output_index: 2, item: { id: "fc_w4c", type: "function_call", status: "completed", arguments: '{"path":"src/app.ts"}', call_id: "call_q1", name: "read_file" } }],
    ["response.completed", { response: responseObject({ status: "completed", usage: USAGE }) }],
  ]);
}

/** Goes straight to /responses: the first chat request is turned away with 404. */
async function responsesProvider(srv: FakeServer) {
  const provider = await build(openAiConfig(`${srv.url}/v1`), { endpointFallback: true });
  return provider;
}

describe("OpenAI responses adapter", () => {
  it("turns the sample stream into thinking, signature, text, a tool call, usage and finish", async () => {
    server = await startScriptedServer([status(404, { error: { message: "This model is only supported in v1/responses" } }), sse(...sampleStream())]);
    const { parts, error } = await collect(await responsesProvider(server));
    expect(error).toBeUndefined();
    expect(thinkingOf(parts)).toBe("**Finding the port**");
    expect(ofType(parts, "thinking").find((p) => p.signature)?.signature).toBe("gAAAA-b");
    expect(textOf(parts)).toBe("Checking the file.");
    expect(ofType(parts, "tool_call")).toEqual([{ type: "tool_call", id: "call_q1", name: "read_file", arguments: '{"path":"src/app.ts"}' }]);
    expect(ofType(parts, "usage")[0]).toMatchObject({ inputTokens: 1650, outputTokens: 212, cacheReadTokens: 1536, reasoningTokens: 160 });
    expect(ofType(parts, "usage")[0]?.costUsd).toBeGreaterThan(0);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });

    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/responses"]);
    const body = server.json(1);
    expect(body).toMatchObject({
      model: "gpt-5",
      stream: true,
      store: false,
      instructions: "You are a coding agent.",
      reasoning: { effort: "medium", summary: "auto" },
      include: ["reasoning.encrypted_content"],
      input: [{ type: "message", role: "user", content: [{ type: "input_text", text: "What port?" }] }],
    });
    expect(body["tools"]).toEqual([
      { type: "function", name: "read_file", description: "Read a UTF-8 text file from the workspace", parameters: expect.any(Object), strict: false },
    ]);
  });

  it("sends reasoning back as an encrypted item without ids, paired with calls and outputs", async () => {
    server = await startScriptedServer([status(404, { error: { message: "use responses" } }), sse(...sampleStream())]);
    await collect(
      await responsesProvider(server),
      request([
        { role: "user", content: "What port?" },
        { role: "assistant", text: "Checking.", thinkingBlocks: [{ kind: "thinking", text: "**Finding the port**", signature: "gAAAA-b" }], toolCalls: [{ id: "functions.read_file:0", name: "read_file", arguments: '{"path":"src/app.ts"}' }] },
        { role: "tool", callId: "functions.read_file:0", name: "read_file", content: "export const port = 8080;\n", isError: false },
      ]),
    );
    expect(server.json(1)["input"]).toEqual([
      { type: "message", role: "user", content: [{ type: "input_text", text: "What port?" }] },
      { type: "reasoning", summary: [{ type: "summary_text", text: "**Finding the port**" }], encrypted_content: "gAAAA-b" },
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "Checking." }] },
      { type: "function_call", call_id: "functions_read_file_0", name: "read_file", arguments: '{"path":"src/app.ts"}' },
      { type: "function_call_output", call_id: "functions_read_file_0", output: "export const port = 8080;\n" },
    ]);
  });

  it("keeps each reasoning item as its own block and sends each back with its own encrypted_content", async () => {
    const reasoningItem = (n: number, summary: string): [string, Record<string, unknown>][] => [
      ["response.output_item.added", { output_index: n, item: { id: `rs_${n}`, type: "reasoning", summary: [] } }],
      ["response.reasoning_summary_text.delta", { item_id: `rs_${n}`, output_index: n, summary_index: 0, delta: summary }],
      ["response.output_item.done", { output_index: n, item: { id: `rs_${n}`, type: "reasoning", summary: [], encrypted_content: `enc-${n}` } }],
    ];
    const stream = responsesEvents([...reasoningItem(0, "First."), ...reasoningItem(1, "Second."), ["response.completed", { response: responseObject({ status: "completed" }) }]]);
    server = await startScriptedServer([status(404, {}), sse(...stream), sse(...sampleStream())]);
    const provider = await responsesProvider(server);
    const { parts } = await collect(provider);
    expect(ofType(parts, "thinking")).toEqual([
      { type: "thinking", text: "", newBlock: true },
      { type: "thinking", text: "First." },
      { type: "thinking", text: "", signature: "enc-0" },
      { type: "thinking", text: "", newBlock: true },
      { type: "thinking", text: "Second." },
      { type: "thinking", text: "", signature: "enc-1" },
    ]);
    const blocks = [{ kind: "thinking", text: "First.", signature: "enc-0" }, { kind: "thinking", text: "Second.", signature: "enc-1" }] as const;
    await collect(provider, request([{ role: "user", content: "q" }, { role: "assistant", text: "a", thinkingBlocks: [...blocks], toolCalls: [] }, { role: "user", content: "q2" }]));
    expect((server.json(2)["input"] as unknown[]).slice(1, 3)).toEqual([
      { type: "reasoning", summary: [{ type: "summary_text", text: "First." }], encrypted_content: "enc-0" },
      { type: "reasoning", summary: [{ type: "summary_text", text: "Second." }], encrypted_content: "enc-1" },
    ]);
  });

  it("reports response.failed with context_length_exceeded as a context-length error", async () => {
    const failed = responsesEvents([
      ["response.created", { response: responseObject() }],
      ["response.failed", { response: responseObject({ status: "failed", error: { code: "context_length_exceeded", message: "Your input exceeds the context window of this model. Please adjust your input and try again." } }) }],
    ]);
    server = await startScriptedServer([status(404, {}), sse(...failed)]);
    const { error } = await collect(await responsesProvider(server));
    expect((error as ProviderError).kind).toBe("context_length");
  });

  it("handles `event: error` itself (openai@6 would not throw): retried before output, an error after", async () => {
    const overloaded: [string, Record<string, unknown>] = ["error", { code: "server_is_overloaded", message: "Our servers are currently overloaded.", param: null }];
    const early = responsesEvents([["response.created", { response: responseObject() }], overloaded]);
    const late = responsesEvents([["response.output_text.delta", { item_id: "m", output_index: 0, content_index: 0, delta: "half" }], overloaded]);
    server = await startScriptedServer([status(404, {}), sse(...early), sse(...late)]);
    const { parts, error } = await collect(await responsesProvider(server));
    expect(ofType(parts, "retry").map((r) => r.reason)).toEqual([expect.stringContaining("responses API"), expect.stringContaining("overloaded")]);
    expect(textOf(parts)).toBe("half");
    expect((error as ProviderError).kind).toBe("stream");
  });

  it("raises an incomplete-stream error when response.completed never comes (§7.17)", async () => {
    const cut = sampleStream().slice(0, -1);
    server = await startScriptedServer([status(404, {}), sse(...cut)]);
    const provider = await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true, retry: { maxRetries: 0 } });
    const { parts, error } = await collect(provider);
    expect((error as ProviderError).kind).toBe("stream");
    // The call was whole (its output_item.done came) before the cut: it is kept in its place; the loop never runs it.
    expect(ofType(parts, "tool_call").map((part) => part.id)).toEqual(["call_q1"]);
  });

  it("takes a message's text from its .done events when no delta came, once (§3.2)", async () => {
    const message = (id: string, text: string) => ({ id, type: "message", status: "completed", role: "assistant", content: [{ type: "output_text", text, annotations: [] }] });
    const events = responsesEvents([
      ["response.created", { response: responseObject({ status: "in_progress" }) }],
      // Only the finished item: no deltas, no output_text.done.
      ["response.output_item.done", { output_index: 0, item: message("msg_1", "Whole in the item. ") }],
      // output_text.done and then the item: the text counts once.
      ["response.output_text.done", { item_id: "msg_2", output_index: 1, content_index: 0, text: "Whole in the done." }],
      ["response.output_item.done", { output_index: 1, item: message("msg_2", "Whole in the done.") }],
      ["response.completed", { response: responseObject({ status: "completed" }) }],
    ]);
    server = await startScriptedServer([status(404, {}), sse(...events)]);
    const { parts, error } = await collect(await responsesProvider(server));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Whole in the item. Whole in the done.");
  });

  it("ignores duplicate and late events after the terminal event (§7.14) and unknown events (§7.15)", async () => {
    const events = responsesEvents([
      ["response.some_future_event", { anything: true }],
      ["keepalive", {}],
      ["response.output_text.delta", { item_id: "m", output_index: 0, content_index: 0, delta: "once" }],
      ["response.completed", { response: responseObject({ usage: { input_tokens: 1, output_tokens: 1 } }) }],
      ["response.output_text.delta", { item_id: "m", output_index: 0, content_index: 0, delta: "late" }],
      ["response.completed", { response: responseObject({ usage: { input_tokens: 99, output_tokens: 99 } }) }],
    ]);
    server = await startScriptedServer([status(404, {}), sse(...events)]);
    const { parts, error } = await collect(await responsesProvider(server));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("once");
    expect(ofType(parts, "usage")[0]).toMatchObject({ inputTokens: 1, outputTokens: 1 });
  });

  it("maps response.incomplete (max_output_tokens) to finish length", async () => {
    const events = responsesEvents([
      ["response.output_text.delta", { item_id: "m", output_index: 0, content_index: 0, delta: "long" }],
      ["response.incomplete", { response: responseObject({ status: "incomplete", incomplete_details: { reason: "max_output_tokens" } }) }],
    ]);
    server = await startScriptedServer([status(404, {}), sse(...events)]);
    const { parts } = await collect(await responsesProvider(server));
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "length" });
  });
});

describe("chat → responses fallback", () => {
  it("switches on a shape rejection and stays switched for the session", async () => {
    const done = (text: string) =>
      sse(...responsesEvents([["response.output_text.delta", { item_id: "m", output_index: 0, content_index: 0, delta: text }], ["response.completed", { response: responseObject() }]]));
    server = await startScriptedServer([status(400, { error: { message: "Unsupported parameter: 'messages'", type: "invalid_request_error" } }), done("one"), done("two")]);
    const provider = await responsesProvider(server);
    const first = await collect(provider);
    expect(textOf(first.parts)).toBe("one");
    expect(ofType(first.parts, "retry")).toEqual([{ type: "retry", attempt: 1, delayMs: 0, reason: expect.stringContaining("400") }]);
    const second = await collect(provider);
    expect(textOf(second.parts)).toBe("two");
    expect(ofType(second.parts, "retry")).toEqual([]);
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/responses", "/v1/responses"]);
    expect((provider as EndpointFallbackProvider).endpoint).toBe("responses");
  });

  it.each([
    ["401 auth", status(401, { error: { message: "bad key" } })],
    ["context length", status(400, { error: { message: "x", code: "context_length_exceeded" } })],
    ["403", status(403, { error: { message: "region" } })],
  ])("does not switch on %s", async (_label, step) => {
    server = await startScriptedServer([step]);
    const provider = await responsesProvider(server);
    const { error } = await collect(provider);
    expect(error).toBeInstanceOf(ProviderError);
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions"]);
    expect((provider as EndpointFallbackProvider).endpoint).toBe("chat");
  });

  it("when responses refuses too, the error names both refusals, chat's first, and the next request starts on chat again", async () => {
    server = await startScriptedServer([
      status(404, { error: { message: "The model `gpt-9` does not exist" } }),
      status(404, { error: { message: "no such route" } }),
      chatText("back on chat"),
    ]);
    const provider = await responsesProvider(server);
    const { error } = await collect(provider);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).status).toBe(404);
    expect((error as Error).message).toMatch(/gpt-9.*does not exist.*responses API.*refused it too.*no such route/);
    expect((provider as EndpointFallbackProvider).endpoint).toBe("chat");
    expect(textOf((await collect(provider)).parts)).toBe("back on chat");
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/responses", "/v1/chat/completions"]);
  });

  it("keeps chat completions while it works", async () => {
    server = await startScriptedServer([chatText("chat"), chatText("still chat")]);
    const provider = await responsesProvider(server);
    await collect(provider);
    await collect(provider);
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/chat/completions"]);
  });

  it("is on by default only for api.openai.com (reached here through an HTTP proxy), not for other hosts", async () => {
    server = await startScriptedServer([status(404, { error: { message: "only on responses" } }), sse(...sampleStream())]);
    const proxied = await build(openAiConfig("http://api.openai.com/v1", { proxy: { httpProxy: server.url } }));
    expect(proxied).toBeInstanceOf(EndpointFallbackProvider);
    const { error } = await collect(proxied);
    expect(error).toBeUndefined();
    expect(server.requests.map((r) => r.path)).toEqual(["http://api.openai.com/v1/chat/completions", "http://api.openai.com/v1/responses"]);
    expect(server.requests[0]?.headers["host"]).toBe("api.openai.com");

    const elsewhere = await build(openAiConfig("http://127.0.0.1:9/v1"));
    expect(elsewhere).not.toBeInstanceOf(EndpointFallbackProvider);
  });
});
