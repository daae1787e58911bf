// docs/providers.md §7, one test (or more) per item, run through the Chat Completions adapter
// and the SDK transport against the fake server. Anthropic- and Responses-only items
// (§7.14, §7.16, §7.21) live in anthropic.test.ts and openai-responses.test.ts as well.
import { afterEach, describe, expect, it } from "vitest";
import { factsFrom } from "../../src/engine/llm/failures/errors.js";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { isRetryable } from "../../src/engine/llm/failures/retry-policy.js";
import { DONE, chunk, data, sse, startScriptedServer, status, toolDelta, usageChunk, type FakeServer } from "../helpers/fake-openai-server.js";
import { build, collect, kimiConfig, ofType, openAiConfig, request, textOf, thinkingOf } from "./harness.js";
import { waitFor } from "../helpers/processes.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function run(...chunks: Parameters<typeof sse>) {
  server = await startScriptedServer([sse(...chunks)]);
  return collect(await build(kimiConfig(server.url), { retry: { maxRetries: 0 } }));
}

describe("docs/providers.md §7 edge cases (chat completions)", () => {
  it("§7.1 empty tool arguments become {}", async () => {
    const { parts } = await run(data({ choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: "call_n", function: { name: "noop" } }] }, finish_reason: null }] }), chunk({}, "tool_calls"), DONE);
    expect(ofType(parts, "tool_call")).toEqual([{ type: "tool_call", id: "call_n", name: "noop", arguments: "{}" }]);
  });

  it("§7.2 truncated arguments with finish_reason length pass through raw and finish as length", async () => {
    const { parts } = await run(chunk(toolDelta(0, { id: "call_t", name: "write_file", args: '{"path":"a.ts","content":"exp' })), chunk({}, "length"), DONE);
    expect(ofType(parts, "tool_call")[0]?.arguments).toBe('{"path":"a.ts","content":"exp');
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "length" });
  });

  it("§7.3 a UTF-8 character split across network writes decodes correctly", async () => {
    const bytes = Buffer.from(chunk({ content: "café" }), "utf8");
    const cut = bytes.indexOf(0xc3) + 1; // between the two bytes of "é"
    const { parts } = await run(bytes.subarray(0, cut), { pauseMs: 20 }, bytes.subarray(cut), chunk({}, "stop"), DONE);
    expect(textOf(parts)).toBe("café");
  });

  it("§7.4 argument text split inside an escape is concatenated before parsing", async () => {
    const { parts } = await run(
      chunk(toolDelta(0, { id: "c", name: "say", args: '{"text":"say \\' })),
      chunk(toolDelta(0, { args: '"hi\\"", "emoji":"é' })),
      chunk(toolDelta(0, { args: '"}' })),
      chunk({}, "tool_calls"),
      DONE,
    );
    expect(JSON.parse(ofType(parts, "tool_call")[0]?.arguments ?? "")).toEqual({ text: 'say "hi"', emoji: "é" });
  });

  it("§7.5 id missing → synthesised; id changing → first kept; whitespace trimmed; late name; missing index", async () => {
    const { parts } = await run(
      // call 0: name arrives late and "" first; the id changes later (keep the first, trimmed)
      chunk({ tool_calls: [{ index: 0, id: " functions.read:0 ", function: { name: "", arguments: '{"pa' } }] }),
      chunk({ tool_calls: [{ index: 0, id: "chatcmpl-tool-a", function: { name: "read_file", arguments: 'th":"a"}' } }] }),
      chunk({ tool_calls: [{ index: 0, id: "chatcmpl-tool-b", function: { arguments: "" } }] }),
      // call 1: no id at all
      chunk({ tool_calls: [{ index: 1, function: { name: "list_dir", arguments: "{}" } }] }),
      chunk({}, "tool_calls"),
      DONE,
    );
    const calls = ofType(parts, "tool_call");
    expect(calls[0]).toEqual({ type: "tool_call", id: "functions.read:0", name: "read_file", arguments: '{"path":"a"}' });
    expect(calls[1]?.name).toBe("list_dir");
    expect(calls[1]?.id).toMatch(/^call_[0-9a-f-]{36}$/);
  });

  it("§7.5 fragments without index: a named fragment starts a call, a nameless one continues it", async () => {
    const { parts } = await run(
      chunk({ tool_calls: [{ id: "a", function: { name: "read_file", arguments: '{"path":' } }] }),
      chunk({ tool_calls: [{ function: { arguments: '"x"}' } }] }),
      chunk({ tool_calls: [{ id: "b", function: { name: "list_dir", arguments: "{}" } }] }),
      chunk({}, "tool_calls"),
      DONE,
    );
    expect(ofType(parts, "tool_call").map((c) => [c.id, c.name, c.arguments])).toEqual([
      ["a", "read_file", '{"path":"x"}'],
      ["b", "list_dir", "{}"],
    ]);
  });

  it("§7.6 parallel calls interleaved 0,1,0,1 are keyed by index and emitted in index order", async () => {
    const { parts } = await run(
      chunk(toolDelta(1, { id: "c1", name: "list_dir", args: '{"pa' })),
      chunk(toolDelta(0, { id: "c0", name: "read_file", args: '{"pa' })),
      chunk(toolDelta(1, { args: 'th":"src"}' })),
      chunk(toolDelta(0, { args: 'th":"a"}' })),
      chunk({}, "tool_calls"),
      DONE,
    );
    expect(ofType(parts, "tool_call").map((c) => [c.id, c.arguments])).toEqual([
      ["c0", '{"path":"a"}'],
      ["c1", '{"path":"src"}'],
    ]);
  });

  it("§7.7 usage sent twice: the last non-null wins; usage missing: no usage part", async () => {
    const twice = await run(
      chunk({ content: "a" }, null, { usage: null }),
      chunk({}, "stop", { usage: { prompt_tokens: 1, completion_tokens: 1 } }),
      usageChunk({ prompt_tokens: 100, completion_tokens: 7 }),
      DONE,
    );
    expect(ofType(twice.parts, "usage")).toEqual([{ type: "usage", inputTokens: 100, outputTokens: 7 }]);
    await server?.close();
    const none = await run(chunk({ content: "a" }), chunk({}, "stop"), DONE);
    expect(ofType(none.parts, "usage")).toEqual([]);
    expect(none.parts.at(-1)).toEqual({ type: "finish", reason: "stop" });
  });

  it("§7.8 empty choices chunks that are not usage are skipped", async () => {
    const { parts, error } = await run(data({ id: "x", choices: [], prompt_filter_results: [] }), chunk({ content: "ok" }), chunk({}, "stop"), DONE);
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("ok");
  });

  it("§7.9 keep-alive comments and data-only keep-alives are skipped", async () => {
    const { parts, error } = await run(": OPENROUTER PROCESSING\n\n", ": ping\n\n", "data:\n\n", "data: :ping\n\n", chunk({ content: "ok" }), ": keep-alive\n\n", chunk({}, "stop"), DONE);
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("ok");
  });

  it("§7.10 CRLF framing, CRLF split across writes, bare CR, and a leading BOM", async () => {
    const crlf = chunk({ content: "a" }).replace(/\n/g, "\r\n");
    const cr = chunk({ content: "c" }).replace(/\n/g, "\r");
    const split = chunk({ content: "b" }).replace(/\n/g, "\r\n");
    const { parts, error } = await run(
      Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(crlf)]),
      split.slice(0, split.length - 3),
      { pauseMs: 10 },
      split.slice(split.length - 3),
      cr,
      chunk({}, "stop"),
      DONE,
    );
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("abc");
  });

  it("§7.11 a JSON object split over two data: lines parses", async () => {
    const { parts } = await run('data: {"choices":[{"index":0,\ndata: "delta":{"content":"joined"}}]}\n\n', chunk({}, "stop"), DONE);
    expect(textOf(parts)).toBe("joined");
  });

  it("§7.12 a final [DONE] without its blank line is accepted (we flush the last event)", async () => {
    const { parts, error } = await run(chunk({ content: "ok" }), chunk({}, "stop"), "data: [DONE]");
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "stop" });
  });

  it("§7.12 a final event cut mid-JSON is an incomplete stream, not a crash", async () => {
    const { error } = await run(chunk({ content: "ok" }), 'data: {"choices":[{"index":0,"delta":{"con');
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("stream");
  });

  it("§7.13 [DONE] is compared trimmed, and anything after it is ignored", async () => {
    const { parts } = await run(chunk({ content: "ok" }), chunk({}, "stop"), "data:  [DONE] \n\n", chunk({ content: "ignored" }));
    expect(textOf(parts)).toBe("ok");
  });

  it("§7.15 unknown finish reasons and unknown delta fields are tolerated", async () => {
    const { parts, error } = await run(chunk({ content: "ok", future_field: { x: 1 } }, null, { service_tier: "flex" }), chunk({}, "brand_new_reason"), DONE);
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "stop" });
  });

  it("§7.16 an OpenRouter-style mid-stream error chunk (top-level error, finish_reason error) is an error", async () => {
    const { error } = await run(chunk({ content: "par" }), data({ error: { code: 502, message: "Provider disconnected" }, choices: [{ index: 0, delta: {}, finish_reason: "error" }] }));
    expect((error as ProviderError).message).toContain("Provider disconnected");
  });

  it("§7.17 a clean EOF without [DONE] or finish reason raises an incomplete-stream error", async () => {
    const { error } = await run(chunk({ content: "ok" }));
    expect((error as ProviderError).kind).toBe("stream");
  });

  it("§7.18 a socket reset mid-stream is a network error, retried only if nothing was committed", async () => {
    server = await startScriptedServer([{ kind: "sse", chunks: [": ping\n\n"], destroy: true }, { kind: "sse", chunks: [chunk({ content: "x" })], destroy: true }]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect(textOf(parts)).toBe("x");
    expect((error as ProviderError).kind).toBe("stream");
    expect(server.requests).toHaveLength(2);
  });

  it("§7.19 undici header/body timeouts count as retryable network errors", () => {
    const err = new TypeError("terminated", { cause: Object.assign(new Error("Body Timeout Error"), { code: "UND_ERR_BODY_TIMEOUT" }) });
    const facts = factsFrom(err);
    expect(facts.network).toBe(true);
    expect(isRetryable(facts)).toBe(true);
    const headers = factsFrom(Object.assign(new Error("Headers Timeout Error"), { code: "UND_ERR_HEADERS_TIMEOUT" }));
    expect(isRetryable(headers)).toBe(true);
  });

  it("§7.20 an abort mid-stream reports cancelled (AbortError), never retries, and the server survives the hang-up", async () => {
    server = await startScriptedServer([sse(chunk({ content: "a" }), { pauseMs: 200 }, chunk({ content: "b" }), chunk({}, "stop"), DONE), sse(chunk({ content: "c" }), chunk({}, "stop"), DONE)]);
    const provider = await build(kimiConfig(server.url));
    const controller = new AbortController();
    let caught: unknown;
    try {
      for await (const part of provider.stream(request(undefined, { signal: controller.signal }))) if (part.type === "text") controller.abort();
    } catch (err) {
      caught = err;
    }
    expect((caught as Error).name).toBe("AbortError");
    // The server's write loop meets the closed socket and gives up on that response.
    await waitFor(() => server!.answered === 1, 10_000, "the server to finish the aborted response");
    const after = await collect(provider);
    expect(textOf(after.parts)).toBe("c");
    expect(server.requests).toHaveLength(2);
  });

  it("§7.22 reasoning round-trip is per provider: echoed under the inbound key for DeepSeek, never for OpenAI", async () => {
    server = await startScriptedServer([
      sse(chunk({ reasoning: "think" }), chunk({ content: "hi" }), chunk({}, "stop"), DONE),
      sse(chunk({ content: "again" }), chunk({}, "stop"), DONE),
      sse(chunk({ content: "openai" }), chunk({}, "stop"), DONE),
    ]);
    const history = request([
      { role: "user", content: "q" },
      { role: "assistant", text: "a", thinkingBlocks: [{ kind: "thinking", text: "thought" }], toolCalls: [] },
      { role: "user", content: "q2" },
    ]);
    const deepseek = await build(kimiConfig(server.url, { provider: "deepseek", thinkingDialect: "deepseek", reasoningEcho: true }));
    expect(thinkingOf((await collect(deepseek)).parts)).toBe("think");
    await collect(deepseek, history);
    expect((server.json(1)["messages"] as Record<string, unknown>[])[2]).toEqual({ role: "assistant", content: "a", reasoning: "thought" });
    await collect(await build(openAiConfig(server.url)), history);
    expect((server.json(2)["messages"] as Record<string, unknown>[])[2]).toEqual({ role: "assistant", content: "a" });
  });

  it("§7.23 a non-streaming JSON completion under 200 is replayed as parts", async () => {
    server = await startScriptedServer([
      status(200, {
        id: "chatcmpl-x",
        object: "chat.completion",
        choices: [{ index: 0, message: { role: "assistant", content: "plain", tool_calls: [{ id: "c1", type: "function", function: { name: "read_file", arguments: '{"path":"a"}' } }] }, finish_reason: "tool_calls" }],
        usage: { prompt_tokens: 3, completion_tokens: 4 },
      }),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("plain");
    expect(ofType(parts, "tool_call")).toEqual([{ type: "tool_call", id: "c1", name: "read_file", arguments: '{"path":"a"}' }]);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });
  });

  it("§7.24 with several choices only index 0 is followed", async () => {
    const { parts } = await run(
      data({ choices: [{ index: 1, delta: { content: "other" }, finish_reason: null }, { index: 0, delta: { content: "mine" }, finish_reason: null }] }),
      chunk({}, "stop"),
      DONE,
    );
    expect(textOf(parts)).toBe("mine");
  });

  it("§7.25 a finishing chunk that also carries content, a tool-call fragment and usage is fully processed", async () => {
    const { parts } = await run(
      chunk(toolDelta(0, { id: "c", name: "read_file", args: '{"pa' })),
      data({ choices: [{ index: 0, delta: { content: "tail", tool_calls: [{ index: 0, function: { arguments: 'th":"z"}' } }] }, finish_reason: "tool_calls" }], usage: { prompt_tokens: 5, completion_tokens: 6 } }),
      DONE,
    );
    expect(textOf(parts)).toBe("tail");
    expect(ofType(parts, "tool_call")[0]?.arguments).toBe('{"path":"z"}');
    expect(ofType(parts, "usage")[0]).toMatchObject({ inputTokens: 5, outputTokens: 6 });
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });
  });
});
