// Completed items (ADR 0040): what the loop builds from a stream, what the reducer folds from
// it, what a replay draws, and how an old file's deltas become the same messages.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/engine/events.js";
import { foldEvents } from "../../src/engine/state/state.js";
import { liveEventsOf, MessageBuilder, messageFromItem, replayEvents } from "../../src/engine/wire/wire-items.js";
import { upgradeLegacy } from "../../src/engine/wire/wire-legacy.js";

let seq = 0;
const at = <T extends Record<string, unknown>>(fields: T) => ({ ...fields, seq: ++seq, ts: "t" }) as unknown as AgentEvent;

describe("the step's message", () => {
  it("keeps reasoning blocks apart with their own signatures, redacted data in place, and calls whole", () => {
    const builder = new MessageBuilder();
    builder.thinking("first ", undefined, true);
    builder.thinking("block", "sig-1", false);
    builder.redacted("opaque");
    builder.thinking("second", "sig-2", false);
    builder.text("The ");
    builder.text("answer.");
    builder.call({ callId: "c1", name: "read_file", arguments: '{"path":"a"}' });
    const payload = builder.payload(false);
    expect(payload).toEqual({
      text: "The answer.",
      thinking: [{ text: "first block", signature: "sig-1" }, { redacted: "opaque" }, { text: "second", signature: "sig-2" }],
      toolCalls: [{ callId: "c1", name: "read_file", arguments: '{"path":"a"}' }],
    });
    const item = at({ type: "assistant.message", ...payload }) as Extract<AgentEvent, { type: "assistant.message" }>;
    expect(messageFromItem(item)).toEqual({
      role: "assistant",
      text: "The answer.",
      thinkingBlocks: [
        { kind: "thinking", text: "first block", signature: "sig-1" },
        { kind: "redacted", data: "opaque" },
        { kind: "thinking", text: "second", signature: "sig-2" },
      ],
      toolCalls: [{ id: "c1", name: "read_file", arguments: '{"path":"a"}' }],
    });
  });

  it("a cut stream is marked partial; a step that said nothing adds no message", () => {
    const builder = new MessageBuilder();
    builder.text("Half an ans");
    expect(builder.payload(true)).toEqual({ text: "Half an ans", toolCalls: [], partial: true });
    const silent = at({ type: "assistant.message", text: "", toolCalls: [] }) as Extract<AgentEvent, { type: "assistant.message" }>;
    expect(messageFromItem(silent)).toBeUndefined();
    expect(new MessageBuilder().empty).toBe(true);
  });

  it("a replay draws each stored message with the live events it came from, stamped as it was", () => {
    const item = at({
      type: "assistant.message",
      text: "done",
      thinking: [{ text: "why", signature: "s" }],
      toolCalls: [{ callId: "c9", name: "grep", arguments: "{}" }],
      agentId: "sub-1",
      parentCallId: "p1",
    }) as Extract<AgentEvent, { type: "assistant.message" }>;
    const live = liveEventsOf(item);
    expect(live.map((event) => event.type)).toEqual(["thinking.delta", "assistant.delta", "tool.call"]);
    expect(live.every((event) => event.seq === item.seq && event.agentId === "sub-1" && event.parentCallId === "p1")).toBe(true);
    const other = at({ type: "usage", inputTokens: 1, outputTokens: 1 });
    expect(replayEvents([item, other]).map((event) => event.type)).toEqual(["thinking.delta", "assistant.delta", "tool.call", "assistant.message", "usage"]);
  });
});

describe("an old file's deltas", () => {
  const oldSession = (): AgentEvent[] => [
    at({ type: "turn.started", turnId: "t1", prompt: "go" }),
    at({ type: "step.started", round: 1 }),
    at({ type: "thinking.delta", text: "one " }),
    at({ type: "thinking.delta", text: "", signature: "old-1" }),
    at({ type: "thinking.delta", text: "two", signature: "old-2", newBlock: true }),
    at({ type: "assistant.delta", text: "Read" }),
    at({ type: "assistant.delta", text: "ing." }),
    at({ type: "tool.call", callId: "c1", name: "read_file", arguments: "{}" }),
    at({ type: "usage", inputTokens: 5, outputTokens: 5 }),
    at({ type: "step.ended", round: 1, finishReason: "tool_calls" }),
    at({ type: "tool.output", callId: "c1", stream: "stdout", chunk: "x" }),
    at({ type: "tool.result", callId: "c1", name: "read_file", content: "x", isError: false }),
    at({ type: "step.started", round: 2 }),
    at({ type: "assistant.delta", text: "Done." }),
    at({ type: "step.ended", round: 2, finishReason: "stop" }),
    at({ type: "turn.ended", turnId: "t1", stopReason: "completed", rounds: 2 }),
  ];

  it("are gathered into one message per step, where the old reducer closed it", () => {
    const out: AgentEvent[] = [];
    const upgrade = upgradeLegacy((event) => out.push(event));
    for (const event of oldSession()) upgrade.push(event);
    upgrade.end();
    expect(out.map((event) => event.type)).toEqual([
      "turn.started", "step.started", "usage", "assistant.message", "step.ended", "tool.result",
      "step.started", "assistant.message", "step.ended", "turn.ended",
    ]);
    expect(out[3]).toMatchObject({
      text: "Reading.",
      thinking: [{ text: "one ", signature: "old-1" }, { text: "two", signature: "old-2" }],
      toolCalls: [{ callId: "c1", name: "read_file", arguments: "{}" }],
    });
    expect(foldEvents(oldSession()).messages).toEqual([
      { role: "user", content: "go" },
      {
        role: "assistant",
        text: "Reading.",
        thinkingBlocks: [{ kind: "thinking", text: "one ", signature: "old-1" }, { kind: "thinking", text: "two", signature: "old-2" }],
        toolCalls: [{ id: "c1", name: "read_file", arguments: "{}" }],
      },
      { role: "tool", callId: "c1", name: "read_file", content: "x", isError: false },
      { role: "assistant", text: "Done.", toolCalls: [] },
    ]);
  });

  it("cut by a crash mid-step keep what arrived, its call left open for the next run to answer", () => {
    const cut = oldSession().slice(0, 8);
    const state = foldEvents(cut);
    expect(state.messages.at(-1)).toMatchObject({ role: "assistant", text: "Reading.", toolCalls: [{ id: "c1" }] });
    expect(state.openCalls.map((call) => call.id)).toEqual(["c1"]);
    expect(state.openTurn).toEqual({ turnId: "t1", rounds: 1 });
  });

  it("before a stored message are that message's stream: a continued old file folds each step once", () => {
    const mixed = [
      at({ type: "turn.started", turnId: "t2", prompt: "again" }),
      at({ type: "step.started", round: 1 }),
      at({ type: "assistant.delta", text: "Hel" }),
      at({ type: "assistant.message", text: "Hello", toolCalls: [] }),
      at({ type: "step.ended", round: 1, finishReason: "stop" }),
      at({ type: "turn.ended", turnId: "t2", stopReason: "completed", rounds: 1 }),
    ];
    expect(foldEvents([...oldSession(), ...mixed]).messages.slice(-2)).toEqual([
      { role: "user", content: "again" },
      { role: "assistant", text: "Hello", toolCalls: [] },
    ]);
  });
});
