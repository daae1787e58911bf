// Engine events → the SDK's messages, pure: the shapes the Agent SDK reads.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/engine/events.js";
import { SdkTranslator, type SdkMessage } from "../../src/claude-compat/sdk-messages.js";

let seq = 0;
const ev = (type: string, payload: Record<string, unknown> = {}): AgentEvent => ({ type, seq: ++seq, ts: "2026-12-01T00:00:00Z", ...payload }) as AgentEvent;

function translator(partial = false) {
  let clock = 1000;
  let ids = 0;
  return new SdkTranslator({ partial, now: () => (clock += 10), uuid: () => `u-${++ids}` });
}

function feed(t: SdkTranslator, events: AgentEvent[]): SdkMessage[] {
  return events.flatMap((event) => t.onEvent(event));
}

const turn = [
  ev("session.started", { sessionId: "s1", cwd: "/w", provider: "openai", model: "gpt-5", resumed: false }),
  ev("turn.started", { turnId: "t1", prompt: "go" }),
  ev("step.started", { round: 1 }),
  ev("thinking.delta", { text: "hmm", signature: "sig" }),
  ev("assistant.delta", { text: "Let me " }),
  ev("assistant.delta", { text: "look." }),
  ev("tool.call", { callId: "c1", name: "read_file", arguments: '{"path":"a.ts"}' }),
  ev("usage", { inputTokens: 100, outputTokens: 5, cacheReadTokens: 40, costUsd: 0.001 }),
  ev("step.ended", { round: 1, finishReason: "tool_calls" }),
  ev("tool.result", { callId: "c1", name: "read_file", content: "1\tx", isError: false }),
  ev("step.started", { round: 2 }),
  ev("assistant.delta", { text: "Done." }),
  ev("usage", { inputTokens: 120, outputTokens: 2, costUsd: 0.002 }),
  ev("step.ended", { round: 2, finishReason: "stop" }),
  ev("turn.ended", { turnId: "t1", stopReason: "completed", rounds: 2 }),
];

describe("SdkTranslator", () => {
  it("makes one assistant message per step, a user message per tool result, and a result per turn", () => {
    const messages = feed(translator(), turn);
    expect(messages.map((m) => m.type)).toEqual(["assistant", "user", "assistant", "result"]);
    expect(messages[0]).toMatchObject({
      parent_tool_use_id: null,
      session_id: "s1",
      message: {
        role: "assistant",
        model: "gpt-5",
        stop_reason: "tool_use",
        content: [
          { type: "thinking", thinking: "hmm", signature: "sig" },
          { type: "text", text: "Let me look." },
          { type: "tool_use", id: "c1", name: "Read", input: { file_path: "a.ts" } },
        ],
        usage: { input_tokens: 100, output_tokens: 5, cache_read_input_tokens: 40 },
      },
    });
    expect(messages[1]).toMatchObject({ type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "1\tx", is_error: false }] } });
    expect(messages[3]).toMatchObject({
      type: "result",
      subtype: "success",
      is_error: false,
      result: "Done.",
      num_turns: 2,
      session_id: "s1",
      total_cost_usd: 0.003,
      usage: { input_tokens: 220, output_tokens: 7, cache_read_input_tokens: 40, cache_creation_input_tokens: 0 },
      modelUsage: { "gpt-5": { inputTokens: 220, outputTokens: 7, costUSD: 0.003 } },
      permission_denials: [],
    });
  });

  it("reports refusals, stopped turns and the round limit as the SDK's error results", () => {
    const t = translator();
    feed(t, turn.slice(0, 9));
    const denied = feed(t, [
      ev("approval.decision", { callId: "c1", name: "read_file", decision: "deny", by: "user", reason: "no" }),
      ev("error", { kind: "provider", message: "overloaded" }),
      ev("turn.ended", { turnId: "t1", stopReason: "max_rounds", rounds: 1 }),
    ]);
    expect(denied).toEqual([expect.objectContaining({ type: "result", subtype: "error_max_turns", is_error: true, errors: ["provider: overloaded"], permission_denials: [{ tool_name: "Read", tool_use_id: "c1", tool_input: { file_path: "a.ts" } }] })]);
    const stopped = feed(t, [ev("turn.started", { turnId: "t2", prompt: "x" }), ev("turn.ended", { turnId: "t2", stopReason: "aborted", rounds: 0 })]);
    expect(stopped[0]).toMatchObject({ subtype: "error_during_execution", errors: ["interrupted: the turn was stopped"] });
  });

  it("stamps a subagent's messages with the call that started it, outside the turn's result usage", () => {
    const t = translator();
    feed(t, turn.slice(0, 2));
    const child = feed(t, [
      ev("step.started", { round: 1, agentId: "a1", parentCallId: "task_1" }),
      ev("assistant.delta", { text: "child says", agentId: "a1", parentCallId: "task_1" }),
      ev("usage", { inputTokens: 9, outputTokens: 1, agentId: "a1", parentCallId: "task_1" }),
      ev("step.ended", { round: 1, finishReason: "stop", agentId: "a1", parentCallId: "task_1" }),
    ]);
    expect(child).toEqual([expect.objectContaining({ type: "assistant", parent_tool_use_id: "task_1" })]);
    const [result] = feed(t, [ev("turn.ended", { turnId: "t1", stopReason: "completed", rounds: 0 })]);
    expect(result).toMatchObject({ usage: { input_tokens: 0 }, modelUsage: { "gpt-5": { inputTokens: 9 } } });
  });

  it("streams Anthropic's raw events with --include-partial-messages", () => {
    const events = feed(translator(true), turn.slice(0, 9))
      .filter((m) => m.type === "stream_event")
      .map((m) => (m["event"] as { type: string; delta?: { type: string } }).delta?.type ?? (m["event"] as { type: string }).type);
    expect(events).toEqual([
      "message_start",
      "content_block_start",
      "thinking_delta",
      "signature_delta",
      "content_block_stop",
      "content_block_start",
      "text_delta",
      "text_delta",
      "content_block_stop",
      "content_block_start",
      "input_json_delta",
      "content_block_stop",
      "message_delta",
      "message_delta",
      "message_stop",
    ]);
  });
});
