// The Anthropic side of the fake: the same scripted server, with builders that always emit
// `event:` lines (the SDK skips events without one; docs/providers.md §1.1).
import { sse, startScriptedServer, status, type Chunk, type FakeServer, type Step } from "./fake-openai-server.js";

export { startScriptedServer as startFakeAnthropicServer, sse, status } from "./fake-openai-server.js";
export type { FakeServer, Step };

export function event(type: string, payload: Record<string, unknown>): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...payload })}\n\n`;
}

export function messageStart(usage: Record<string, unknown> = { input_tokens: 14, output_tokens: 1 }): string {
  return event("message_start", {
    message: {
      id: "msg_01WireSample",
      type: "message",
      role: "assistant",
      model: "claude-example",
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage,
    },
  });
}

export function blockStart(index: number, block: Record<string, unknown>): string {
  return event("content_block_start", { index, content_block: block });
}

export function blockDelta(index: number, delta: Record<string, unknown>): string {
  return event("content_block_delta", { index, delta });
}

export function blockStop(index: number): string {
  return event("content_block_stop", { index });
}

export function messageDelta(stopReason: string, usage: Record<string, unknown> = { output_tokens: 20 }): string {
  return event("message_delta", { delta: { stop_reason: stopReason, stop_sequence: null }, usage });
}

export const MESSAGE_STOP = event("message_stop", {});
export const PING = `event: ping\ndata: {"type": "ping"}\n\n`;

/** A complete text-only message stream. */
export function anthropicText(...texts: string[]): Step {
  const chunks: Chunk[] = [
    messageStart(),
    blockStart(0, { type: "text", text: "" }),
    ...texts.map((text) => blockDelta(0, { type: "text_delta", text })),
    blockStop(0),
    messageDelta("end_turn"),
    MESSAGE_STOP,
  ];
  return sse(...chunks);
}

/** Anthropic's `GET /v1/models`: one page of model objects, newest first as the API lists them. */
export function anthropicModels(ids: readonly string[]): Step {
  const data = ids.map((id) => ({ type: "model", id, display_name: id, created_at: "2025-09-29T00:00:00Z" }));
  return status(200, { data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null });
}

/** A streamed `tool_use` block at `index`: a read_file call of `file` with id `id`. */
export function readFileCall(index: number, id: string, file: string): string[] {
  return [
    blockStart(index, { type: "tool_use", id, name: "read_file", input: {} }),
    blockDelta(index, { type: "input_json_delta", partial_json: JSON.stringify({ path: file }) }),
    blockStop(index),
  ];
}
