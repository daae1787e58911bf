// A step's message as the session file keeps it (`assistant.message`) and as the conversation
// holds it, and the live events a face would have seen while it streamed. Pure.
import type { AgentEvent, EventOf, ToolCall, WireThinkingBlock } from "../events.js";
import { uniqueCallId, type AnswerSlot, type AssistantToolCall, type Message, type ThinkingBlock } from "../messages.js";

type AssistantMessage = Extract<Message, { role: "assistant" }>;

export function blockFromWire(block: WireThinkingBlock): ThinkingBlock {
  if (block.redacted !== undefined) return { kind: "redacted", data: block.redacted };
  const text = block.text ?? "";
  return block.signature === undefined ? { kind: "thinking", text } : { kind: "thinking", text, signature: block.signature };
}

export function blockToWire(block: ThinkingBlock): WireThinkingBlock {
  if (block.kind === "redacted") return { redacted: block.data };
  return block.signature === undefined ? { text: block.text } : { text: block.text, signature: block.signature };
}

type WireSlot = NonNullable<EventOf<"assistant.message">["order"]>[number];

function slotFromWire(slot: WireSlot): AnswerSlot {
  return slot.kind === "text" ? { kind: "text", length: slot.length ?? 0 } : { kind: slot.kind };
}

/** Reasoning, then at most one run of text, then calls: the order a message without `order` has. */
function plainOrder(slots: readonly WireSlot[]): boolean {
  let rank = 0;
  let texts = 0;
  for (const slot of slots) {
    const next = slot.kind === "thinking" ? 0 : slot.kind === "text" ? 1 : 2;
    if (next < rank) return false;
    if (next === 1) texts += 1;
    rank = next;
  }
  return texts <= 1;
}

/** A block worth keeping a message for: some reasoning, a signature or opaque data. */
function blockSaysSomething(block: ThinkingBlock): boolean {
  return block.kind === "redacted" || block.text !== "" || block.signature !== undefined;
}

/** The conversation's message for an `assistant.message`, or undefined when it says nothing at all. */
export function messageFromItem(item: EventOf<"assistant.message">): AssistantMessage | undefined {
  // Most messages have no reasoning: no array mapped for them (a resume folds 10,000s).
  const thinkingBlocks = item.thinking && item.thinking.length > 0 ? item.thinking.map(blockFromWire) : undefined;
  const toolCalls: AssistantToolCall[] = item.toolCalls.map((call) => ({ id: call.callId, name: call.name, arguments: call.arguments }));
  if (!item.text && !thinkingBlocks?.some(blockSaysSomething) && toolCalls.length === 0) return undefined;
  // Assigned, not spread in: a resume builds one per stored message, and spreading a
  // conditional object costs an allocation and a copy each time in code not yet optimised.
  const message: AssistantMessage = { role: "assistant", text: item.text, toolCalls };
  if (thinkingBlocks) message.thinkingBlocks = thinkingBlocks;
  if (item.order) message.order = item.order.map(slotFromWire);
  return message;
}

/**
 * The events a face saw live for a stored message: its reasoning, its text and its calls, each
 * whole. A face replaying a session file (the TUI's transcript) draws them as it drew the stream.
 */
export function liveEventsOf(item: EventOf<"assistant.message">): AgentEvent[] {
  const envelope = {
    seq: item.seq,
    ts: item.ts,
    ...(item.agentId !== undefined ? { agentId: item.agentId } : {}),
    ...(item.parentCallId !== undefined ? { parentCallId: item.parentCallId } : {}),
  };
  const events: AgentEvent[] = [];
  for (const block of item.thinking ?? []) {
    if (block.redacted !== undefined) events.push({ type: "thinking.redacted", data: block.redacted, ...envelope });
    else {
      const signature = block.signature !== undefined ? { signature: block.signature } : {};
      events.push({ type: "thinking.delta", text: block.text ?? "", newBlock: true, ...signature, ...envelope });
    }
  }
  if (item.text) events.push({ type: "assistant.delta", text: item.text, ...envelope });
  for (const call of item.toolCalls) events.push({ type: "tool.call", ...call, ...envelope });
  return events;
}

/** A session file's events as a face replays them: each stored message preceded by its live events. */
export function replayEvents(events: readonly AgentEvent[]): AgentEvent[] {
  const out: AgentEvent[] = [];
  for (const event of events) {
    if (event.type === "assistant.message") out.push(...liveEventsOf(event));
    out.push(event);
  }
  return out;
}

/** Builds a step's `assistant.message` from the stream's parts as they arrive (the loop). */
export class MessageBuilder {
  private readonly textParts: string[] = [];
  private readonly blocks: { text: string[]; signature?: string; redacted?: string }[] = [];
  readonly toolCalls: ToolCall[] = [];
  /** Where each part came, so the next request sends them back in that order. */
  private readonly slots: WireSlot[] = [];

  text(piece: string): void {
    this.textParts.push(piece);
    const last = this.slots.at(-1);
    if (last?.kind === "text") last.length = (last.length ?? 0) + piece.length;
    else this.slots.push({ kind: "text", length: piece.length });
  }

  /** A piece of reasoning; continues the current block unless it opens one. */
  thinking(piece: string, signature: string | undefined, newBlock: boolean): void {
    let block = this.blocks.at(-1);
    if (newBlock || !block || block.redacted !== undefined) {
      block = { text: [] };
      this.blocks.push(block);
      this.slots.push({ kind: "thinking" });
    }
    block.text.push(piece);
    if (signature) block.signature = signature;
  }

  redacted(data: string): void {
    this.blocks.push({ text: [], redacted: data });
    this.slots.push({ kind: "thinking" });
  }

  /** Adds a call under an id no other call of this answer has (`uniqueCallId`), and returns it as kept. */
  call(call: ToolCall): ToolCall {
    const taken = new Set(this.toolCalls.map((other) => other.callId));
    const callId = uniqueCallId(call.callId, taken);
    const kept = callId === call.callId ? call : { ...call, callId };
    this.toolCalls.push(kept);
    this.slots.push({ kind: "call" });
    return kept;
  }

  get empty(): boolean {
    return this.textParts.length === 0 && this.blocks.length === 0 && this.toolCalls.length === 0;
  }

  /** The payload of the step's `assistant.message`. */
  payload(partial: boolean): Omit<EventOf<"assistant.message">, "type" | "seq" | "ts"> {
    const thinking = this.blocks.map((block): WireThinkingBlock => {
      if (block.redacted !== undefined) return { redacted: block.redacted };
      const text = block.text.join("");
      return block.signature === undefined ? { text } : { text, signature: block.signature };
    });
    return {
      text: this.textParts.join(""),
      ...(thinking.length > 0 ? { thinking } : {}),
      toolCalls: [...this.toolCalls],
      ...(plainOrder(this.slots) ? {} : { order: this.slots.map((slot) => ({ ...slot })) }),
      ...(partial ? { partial: true } : {}),
    };
  }
}
