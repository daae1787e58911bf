// The Chat Completions adapter against a local server speaking the real format, through the
// official SDK's transport. Assertions read the bytes the server received.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import {
  DONE,
  chatText,
  chunk,
  sse,
  startScriptedServer,
  toolDelta,
  usageChunk,
  type FakeServer,
} from "../helpers/fake-openai-server.js";
import { TEST_KEY, VERSION, build, collect, kimiConfig, ofType, request, textOf, thinkingOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("OpenAI chat adapter", () => {
  it("streams text, reports usage and finishes; sends an honest User-Agent and the key as a bearer", async () => {
    server = await startScriptedServer([chatText("Port is ", "8080.")]);
    const provider = await build(kimiConfig(`${server.url}/coding/v1`));
    const { parts, error } = await collect(provider);
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Port is 8080.");
    expect(ofType(parts, "usage")).toEqual([{ type: "usage", inputTokens: 10, outputTokens: 2 }]);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "stop" });

    const sent = server.requests[0];
    expect(sent?.method).toBe("POST");
    expect(sent?.path).toBe("/coding/v1/chat/completions");
    expect(sent?.headers["user-agent"]).toBe(`mini-agent/${VERSION}`);
    expect(sent?.headers["authorization"]).toBe(`Bearer ${TEST_KEY}`);
    const body = server.json(0);
    expect(body).toMatchObject({
      model: "kimi-for-coding",
      stream: true,
      stream_options: { include_usage: true },
      thinking: { type: "enabled" },
      tool_choice: "auto",
      messages: [
        { role: "system", content: "You are a coding agent." },
        { role: "user", content: "What port?" },
      ],
    });
    expect(body["tools"]).toEqual([
      {
        type: "function",
        function: {
          name: "read_file",
          description: "Read a UTF-8 text file from the workspace",
          parameters: { type: "object", properties: { path: { type: "string" } }, required: ["path"] },
        },
      },
    ]);
  });

  it("accumulates two parallel, fragmented tool calls and emits them complete, in index order", async () => {
    server = await startScriptedServer([
      sse(
        chunk({ role: "assistant", content: null, ...toolDelta(0, { id: "call_r1", name: "read_file", args: "" }) }),
        chunk(toolDelta(0, { args: '{"pa' })),
        chunk(toolDelta(0, { args: 'th":"src/app.ts"}' })),
        chunk(toolDelta(1, { id: "call_r2", name: "list_dir", args: "" })),
        chunk(toolDelta(1, { args: '{"path":"src"}' })),
        chunk({}, "tool_calls"),
        usageChunk({ prompt_tokens: 1380, completion_tokens: 41, total_tokens: 1421 }),
        DONE,
      ),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "tool_call")).toEqual([
      { type: "tool_call", id: "call_r1", name: "read_file", arguments: '{"path":"src/app.ts"}' },
      { type: "tool_call", id: "call_r2", name: "list_dir", arguments: '{"path":"src"}' },
    ]);
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "tool_calls" });
  });

  it("shows Kimi reasoning_content as thinking and sends it back with the assistant turn", async () => {
    server = await startScriptedServer([
      sse(
        chunk({ role: "assistant", reasoning_content: "The user wants the port;" }),
        chunk({ reasoning_content: " read the file first." }),
        chunk({ content: "Let me look." }),
        chunk(toolDelta(0, { id: "functions.read_file:0", name: "read_file", args: "" })),
        chunk(toolDelta(0, { args: '{"path":"src/app.ts"}' })),
        chunk({}, "tool_calls", {
          choices: [
            {
              index: 0,
              delta: {},
              finish_reason: "tool_calls",
              usage: { prompt_tokens: 2210, completion_tokens: 58, total_tokens: 2268, cached_tokens: 2048 },
            },
          ],
        }),
        DONE,
      ),
      chatText("8080"),
    ]);
    const provider = await build(kimiConfig(server.url));
    const first = await collect(provider);
    expect(thinkingOf(first.parts)).toBe("The user wants the port; read the file first.");
    expect(textOf(first.parts)).toBe("Let me look.");
    expect(ofType(first.parts, "usage")[0]).toMatchObject({ inputTokens: 2210, outputTokens: 58, cacheReadTokens: 2048 });
    const call = ofType(first.parts, "tool_call")[0];
    expect(call).toEqual({ type: "tool_call", id: "functions.read_file:0", name: "read_file", arguments: '{"path":"src/app.ts"}' });

    await collect(
      provider,
      request([
        { role: "user", content: "What port?" },
        {
          role: "assistant",
          text: "Let me look.",
          thinkingBlocks: [{ kind: "thinking", text: "The user wants the port; read the file first." }],
          toolCalls: [{ id: "functions.read_file:0", name: "read_file", arguments: '{"path":"src/app.ts"}' }],
        },
        { role: "tool", callId: "functions.read_file:0", name: "read_file", content: "export const port = 8080;\n", isError: false },
      ]),
    );
    const messages = server.json(1)["messages"] as Record<string, unknown>[];
    expect(messages.slice(2)).toEqual([
      {
        role: "assistant",
        content: "Let me look.",
        reasoning_content: "The user wants the port; read the file first.",
        tool_calls: [
          { id: "functions.read_file:0", type: "function", function: { name: "read_file", arguments: '{"path":"src/app.ts"}' } },
        ],
      },
      { role: "tool", tool_call_id: "functions.read_file:0", content: "export const port = 8080;\n" },
    ]);
  });

  it("omits empty assistant content next to tool calls and answers every call (stub for a missing result)", async () => {
    server = await startScriptedServer([chatText("ok")]);
    await collect(
      await build(kimiConfig(server.url)),
      request([
        { role: "user", content: "go" },
        {
          role: "assistant",
          text: "",
          toolCalls: [
            { id: "c1", name: "read_file", arguments: "" },
            { id: "c2", name: "read_file", arguments: '{"path":"b"}' },
          ],
        },
        { role: "tool", callId: "c2", name: "read_file", content: "B", isError: false },
      ]),
    );
    const messages = server.json(0)["messages"] as Record<string, unknown>[];
    expect(messages[2]).not.toHaveProperty("content");
    expect((messages[2]?.["tool_calls"] as { function: { arguments: string } }[] | undefined)?.[0]?.function.arguments).toBe("{}");
    expect(messages.slice(3)).toEqual([
      { role: "tool", tool_call_id: "c1", content: "(no result: the call did not complete)" },
      { role: "tool", tool_call_id: "c2", content: "B" },
    ]);
  });

  it("passes malformed tool-call JSON through raw, for the executor to report back to the model", async () => {
    server = await startScriptedServer([
      sse(chunk(toolDelta(0, { id: "call_bad", name: "read_file", args: '{"path": "a' })), chunk({}, "tool_calls"), DONE),
    ]);
    const { parts } = await collect(await build(kimiConfig(server.url)));
    expect(ofType(parts, "tool_call")).toEqual([{ type: "tool_call", id: "call_bad", name: "read_file", arguments: '{"path": "a' }]);
  });

  it("maps thinking off to Kimi's disabled toggle and deepseek levels to reasoning_effort", async () => {
    server = await startScriptedServer([chatText("a"), chatText("b")]);
    await collect(await build(kimiConfig(server.url, { thinking: "off" })));
    expect(server.json(0)["thinking"]).toEqual({ type: "disabled" });
    await collect(await build(kimiConfig(server.url, { provider: "deepseek", thinkingDialect: "deepseek", thinking: "high" })));
    expect(server.json(1)).toMatchObject({ thinking: { type: "enabled" }, reasoning_effort: "high" });
  });

  it("lets a request's thinking level override the configured one", async () => {
    server = await startScriptedServer([chatText("a")]);
    await collect(await build(kimiConfig(server.url, { thinking: "high" })), request(undefined, { thinking: "off" }));
    expect(server.json(0)["thinking"]).toEqual({ type: "disabled" });
  });

  it("adds a USD estimate to usage for priced models and leaves it out for unknown ones", async () => {
    server = await startScriptedServer([chatText("a"), chatText("b")]);
    const priced = await collect(await build(kimiConfig(server.url, { provider: "deepseek", model: "deepseek-chat", thinkingDialect: "deepseek" })));
    expect(ofType(priced.parts, "usage")[0]?.costUsd).toBeCloseTo((10 * 0.28 + 2 * 0.42) / 1e6, 12);
    const unpriced = await collect(await build(kimiConfig(server.url)));
    expect(ofType(unpriced.parts, "usage")[0]).not.toHaveProperty("costUsd");
  });

  it("honours an abort: stops and throws an AbortError, no retry", async () => {
    server = await startScriptedServer([sse(chunk({ content: "par" }), { pauseMs: 2000 }, chunk({ content: "t" }), DONE)]);
    const controller = new AbortController();
    const provider = await build(kimiConfig(server.url));
    const parts: string[] = [];
    let caught: unknown;
    try {
      for await (const part of provider.stream(request(undefined, { signal: controller.signal }))) {
        parts.push(part.type);
        if (part.type === "text") controller.abort();
      }
    } catch (err) {
      caught = err;
    }
    expect(parts).toEqual(["text"]);
    expect((caught as Error).name).toBe("AbortError");
    expect(caught).not.toBeInstanceOf(ProviderError);
    expect(server.requests).toHaveLength(1);
  });
});
