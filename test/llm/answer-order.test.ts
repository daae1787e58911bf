// An answer's parts go back in the order they came: Anthropic's interleaved thinking
// (docs/providers.md §4.4) and the Responses API's reasoning items, each before the item that
// followed it (§3.5). Through the real adapters, the engine and its session file, and a resume.
import { afterEach, describe, expect, it } from "vitest";
import { CUT_RESULT } from "../../src/engine/turn/loop.js";
import {
  MESSAGE_STOP,
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  messageDelta,
  messageStart,
  readFileCall as toolUse,
} from "../helpers/fake-anthropic-server.js";
import { responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";
import { anthropicConfig, build, engineTurn, openAiConfig, sessionWorkspace } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

function thinking(index: number, text: string, signature: string): string[] {
  return [
    blockStart(index, { type: "thinking", thinking: "", signature: "" }),
    blockDelta(index, { type: "thinking_delta", thinking: text }),
    blockDelta(index, { type: "signature_delta", signature }),
    blockStop(index),
  ];
}

function text(index: number, value: string): string[] {
  return [blockStart(index, { type: "text", text: "" }), blockDelta(index, { type: "text_delta", text: value }), blockStop(index)];
}

/** The first assistant turn of request n, each block reduced to what names it. */
function anthropicAssistant(n: number): string[] {
  const messages = server!.json(n)["messages"] as { role: string; content: Record<string, unknown>[] }[];
  const assistant = messages.find((message) => message.role === "assistant")!;
  return assistant.content.map((block) => `${String(block["type"])}:${String(block["signature"] ?? block["data"] ?? block["text"] ?? block["id"])}`);
}

/** The items of request n's input after the first user message, each reduced to what names it. */
function responsesItems(n: number): string[] {
  const input = server!.json(n)["input"] as Record<string, unknown>[];
  return input.map((item) => `${String(item["type"])}:${String(item["encrypted_content"] ?? item["call_id"] ?? item["role"])}`);
}

describe("the order of an answer's parts", () => {
  it("Anthropic: thinking, redacted, text, thinking, tool_use go back as they came, live and after a resume", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([
      sse(
        messageStart(),
        ...thinking(0, "Look first.", "SIG-ONE"),
        blockStart(1, { type: "redacted_thinking", data: "OPAQUE" }),
        blockStop(1),
        ...text(2, "Reading x1."),
        ...thinking(3, "Now the call.", "SIG-TWO"),
        ...toolUse(4, "toolu_1", "x1.txt"),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("Done."),
      anthropicText("Again."),
    ]);
    const provider = await build(anthropicConfig(server.url, { thinking: "high" }));
    await engineTurn(dirs, provider, { mode: "new" }, "read");
    const expected = ["thinking:SIG-ONE", "redacted_thinking:OPAQUE", "text:Reading x1.", "thinking:SIG-TWO", "tool_use:toolu_1"];
    expect(anthropicAssistant(1)).toEqual(expected);
    await engineTurn(dirs, provider, { mode: "continue" }, "again");
    expect(anthropicAssistant(2)).toEqual(expected);
  });

  it("Responses: rs_1, fc_1, rs_2, fc_2 stay in that order, live and after a resume", async () => {
    const dirs = sessionWorkspace();
    const reasoning = (index: number, id: string, encrypted: string): [string, Record<string, unknown>][] => [
      ["response.output_item.added", { output_index: index, item: { id, type: "reasoning", summary: [] } }],
      ["response.output_item.done", { output_index: index, item: { id, type: "reasoning", summary: [], encrypted_content: encrypted } }],
    ];
    const call = (index: number, id: string, callId: string, file: string): [string, Record<string, unknown>][] => [
      ["response.output_item.added", { output_index: index, item: { id, type: "function_call", arguments: "", call_id: callId, name: "read_file" } }],
      ["response.output_item.done", { output_index: index, item: { id, type: "function_call", arguments: JSON.stringify({ path: file }), call_id: callId, name: "read_file" } }],
    ];
    const done = (text: string) =>
      sse(
        ...responsesEvents([
          ["response.output_item.added", { output_index: 0, item: { id: "msg", type: "message", role: "assistant", content: [] } }],
          ["response.output_text.delta", { item_id: "msg", output_index: 0, content_index: 0, delta: text }],
          ["response.completed", { response: responseObject({ status: "completed" }) }],
        ]),
      );
    server = await startScriptedServer([
      status(404, { error: { message: "This model is only supported in v1/responses" } }),
      sse(
        ...responsesEvents([
          ["response.created", { response: responseObject({ status: "in_progress" }) }],
          ...reasoning(0, "rs_1", "ENC-1"),
          ...call(1, "fc_1", "call_1", "x1.txt"),
          ...reasoning(2, "rs_2", "ENC-2"),
          ...call(3, "fc_2", "call_2", "x2.txt"),
          ["response.completed", { response: responseObject({ status: "completed" }) }],
        ]),
      ),
      done("Done."),
      done("Again."),
    ]);
    const provider = await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true });
    await engineTurn(dirs, provider, { mode: "new" }, "read");
    const expected = [
      "message:user",
      "reasoning:ENC-1",
      "function_call:call_1",
      "reasoning:ENC-2",
      "function_call:call_2",
      "function_call_output:call_1",
      "function_call_output:call_2",
    ];
    expect(responsesItems(2)).toEqual(expected);
    // The order is in the session file, not only in memory.
    expect(eventLines(onlySessionFile(dirs.home)).find((line) => line["type"] === "assistant.message")?.["order"]).toEqual([
      { kind: "thinking" },
      { kind: "call" },
      { kind: "thinking" },
      { kind: "call" },
    ]);
    await engineTurn(dirs, provider, { mode: "continue" }, "again");
    expect(responsesItems(3).slice(0, expected.length)).toEqual(expected);
  });

  it("a call whole before the stream broke keeps its place and is answered as not run", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([
      { kind: "sse", chunks: [messageStart(), ...text(0, "Reading."), ...toolUse(1, "toolu_1", "x1.txt")], destroy: true },
      anthropicText("Resumed."),
    ]);
    const provider = await build(anthropicConfig(server.url, { thinking: "off" }), { retry: { maxRetries: 0 } });
    expect((await engineTurn(dirs, provider, { mode: "new" }, "read")).outcome.stopReason).toBe("error");
    await engineTurn(dirs, provider, { mode: "continue" }, "go on");
    const messages = server.json(1)["messages"] as { role: string; content: Record<string, unknown>[] | string }[];
    expect(anthropicAssistant(1)).toEqual(["text:Reading.", "tool_use:toolu_1"]);
    expect(messages[2]?.content).toEqual([
      expect.objectContaining({ type: "tool_result", tool_use_id: "toolu_1", content: CUT_RESULT, is_error: true }),
      { type: "text", text: "go on" },
    ]);
  });
});
