// A stream that breaks once the provider has said how the answer finished (a Chat Completions
// finish_reason, an Anthropic message_delta stop_reason) lost only its end marker and perhaps
// the usage: the answer is complete and its calls run (docs/providers.md §5.4), as when the
// body ends cleanly at the same place. A break before that is still a cut answer.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { MESSAGE_STOP, anthropicText, blockDelta, blockStart, blockStop, messageDelta, messageStart, readFileCall } from "../helpers/fake-anthropic-server.js";
import { DONE, chatText, chunk, sse, startScriptedServer, toolDelta, usageChunk, type FakeServer } from "../helpers/fake-openai-server.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";
import { anthropicConfig, build, collect, engineTurn, kimiConfig, ofType, sessionWorkspace, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Message = { role: string; content?: unknown; tool_call_id?: string };

describe("a reset after the finish reason", () => {
  it("Chat Completions: text, finish_reason and usage, then a reset: a complete answer with its usage", async () => {
    server = await startScriptedServer([
      { kind: "sse", chunks: [chunk({ content: "Complete." }), chunk({}, "stop"), usageChunk({ prompt_tokens: 9, completion_tokens: 2, total_tokens: 11 })], destroy: true },
      chatText("never"),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Complete.");
    expect(ofType(parts, "usage").map((u) => [u.inputTokens, u.outputTokens])).toEqual([[9, 2]]);
    expect(ofType(parts, "finish")).toEqual([{ type: "finish", reason: "stop" }]);
    expect(server.requests).toHaveLength(1);
  });

  it("Chat Completions: tool calls and finish_reason, then a reset: the calls run and their results go back with their ids", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([
      {
        kind: "sse",
        chunks: [chunk(toolDelta(0, { id: "call_a", name: "read_file", args: '{"path":"x1.txt"}' })), chunk({}, "tool_calls")],
        destroy: true,
      },
      chatText("Read."),
    ]);
    const { outcome } = await engineTurn(dirs, await build(kimiConfig(server.url)), { mode: "new" }, "read x1");
    expect(outcome.stopReason).toBe("completed");
    const messages = server.json(1)["messages"] as Message[];
    const result = messages.find((m) => m.role === "tool");
    expect(result?.tool_call_id).toBe("call_a");
    expect(String(result?.content)).toContain("ONE");
    expect(eventLines(onlySessionFile(dirs.home)).some((line) => line["type"] === "error")).toBe(false);
  });

  it("Chat Completions: a reset before the finish reason is still a cut answer", async () => {
    server = await startScriptedServer([{ kind: "sse", chunks: [chunk({ content: "Half" })], destroy: true }, chatText("never")]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect((error as ProviderError).kind).toBe("stream");
    expect(server.requests).toHaveLength(1);
  });

  it("Anthropic: message_delta with its stop reason, then a reset before message_stop: a complete answer", async () => {
    server = await startScriptedServer([
      {
        kind: "sse",
        chunks: [messageStart(), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "Whole." }), blockStop(0), messageDelta("end_turn")],
        destroy: true,
      },
      anthropicText("never"),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Whole.");
    expect(ofType(parts, "finish")).toEqual([{ type: "finish", reason: "stop" }]);
    expect(server.requests).toHaveLength(1);
  });

  it("Anthropic: a tool_use answer whose body ends after message_delta without message_stop runs its call", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([sse(messageStart(), ...readFileCall(0, "toolu_1", "x1.txt"), messageDelta("tool_use")), anthropicText("Read.")]);
    const { outcome } = await engineTurn(dirs, await build(anthropicConfig(server.url)), { mode: "new" }, "read x1");
    expect(outcome.stopReason).toBe("completed");
    const messages = server.json(1)["messages"] as { role: string; content: Record<string, unknown>[] }[];
    const result = messages[2]?.content[0];
    expect(result?.["tool_use_id"]).toBe("toolu_1");
    expect(String(result?.["content"])).toContain("ONE");
    expect(result?.["is_error"]).toBeUndefined();
  });

  it("Anthropic: message_stop still ends the read at once, whatever the server does after", async () => {
    server = await startScriptedServer([sse(messageStart(), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "Done." }), blockStop(0), messageDelta("end_turn"), MESSAGE_STOP, { pauseMs: 60_000 })]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("Done.");
  });
});
