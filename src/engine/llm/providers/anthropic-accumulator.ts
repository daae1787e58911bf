// Anthropic stream events → normalised parts (docs/providers.md §4.3-4.6). Blocks are tracked by
// index; each thinking or redacted_thinking block opens a block of its own downstream;
// signatures replace, usage overwrites, unknown events and blocks are ignored.
import type { FinishReason, StreamPart } from "../provider.js";
import { anthropicUsage } from "./usage.js";
import { WireError, isRecord, wireErrorFromPayload } from "../failures/wire-error.js";

interface Block {
  type: string;
  id?: string;
  name?: string;
  json: string;
  /** A tool_use `input` given whole in the start event (some gateways send no deltas). */
  startInput?: string;
  signature?: string;
}

const STOP_REASONS: Record<string, FinishReason> = {
  end_turn: "stop",
  stop_sequence: "stop",
  pause_turn: "stop",
  tool_use: "tool_calls",
  max_tokens: "length",
  model_context_window_exceeded: "length",
  refusal: "content_filter",
};

export class AnthropicStreamState {
  private readonly blocks = new Map<number, Block>();
  private calls = 0;
  private usage: Record<string, unknown> = {};
  private sawUsage = false;
  private stopReason: string | undefined;
  done = false;

  /** message_delta gave the stop reason: only message_stop is still to come. */
  get settled(): boolean {
    return this.done || this.stopReason !== undefined;
  }

  push(event: unknown): StreamPart[] {
    if (this.done || !isRecord(event)) return [];
    const index = typeof event["index"] === "number" ? event["index"] : -1;
    switch (event["type"]) {
      case "message_start": {
        const message = isRecord(event["message"]) ? event["message"] : {};
        this.mergeUsage(message["usage"]);
        return [];
      }
      case "content_block_start": {
        const block = isRecord(event["content_block"]) ? event["content_block"] : {};
        this.blocks.set(index, {
          type: typeof block["type"] === "string" ? block["type"] : "unknown",
          ...(typeof block["id"] === "string" ? { id: block["id"] } : {}),
          ...(typeof block["name"] === "string" ? { name: block["name"] } : {}),
          ...(isRecord(block["input"]) && Object.keys(block["input"]).length > 0 ? { startInput: JSON.stringify(block["input"]) } : {}),
          json: "",
        });
        return this.start(block);
      }
      case "content_block_delta":
        return this.delta(index, isRecord(event["delta"]) ? event["delta"] : {});
      case "content_block_stop":
        return this.stop(index);
      case "message_delta": {
        const delta = isRecord(event["delta"]) ? event["delta"] : {};
        if (typeof delta["stop_reason"] === "string") this.stopReason = delta["stop_reason"];
        this.mergeUsage(event["usage"]);
        return [];
      }
      case "message_stop":
        this.done = true;
        return [];
      case "error":
        throw wireErrorFromPayload(event, "the provider reported an error mid-stream");
      default:
        return []; // ping and event types added after this was written
    }
  }

  private start(block: Record<string, unknown>): StreamPart[] {
    const text = (key: string): string => {
      const value = block[key];
      return typeof value === "string" ? value : "";
    };
    switch (block["type"]) {
      // Text that arrives in the start block itself (rare, but legal).
      case "text":
        return text("text") !== "" ? [{ type: "text", text: text("text") }] : [];
      // Each thinking block is its own block in the engine too: its signature (arriving just
      // before its stop) belongs to it alone, and the API checks them one by one (§4.4).
      case "thinking":
        return [{ type: "thinking", text: text("thinking"), newBlock: true }];
      // Opaque and complete in the start event, no deltas: carried back unchanged.
      case "redacted_thinking":
        return text("data") !== "" ? [{ type: "redacted_thinking", data: text("data") }] : [];
      default:
        return [];
    }
  }

  private delta(index: number, delta: Record<string, unknown>): StreamPart[] {
    const block = this.blocks.get(index);
    if (!block) return []; // a delta for a block that never started (§7.21)
    switch (delta["type"]) {
      case "text_delta":
        return typeof delta["text"] === "string" && delta["text"] !== "" ? [{ type: "text", text: delta["text"] }] : [];
      case "thinking_delta":
        return typeof delta["thinking"] === "string" && delta["thinking"] !== "" ? [{ type: "thinking", text: delta["thinking"] }] : [];
      case "signature_delta":
        if (typeof delta["signature"] === "string") block.signature = delta["signature"]; // replaces, never appends
        return [];
      case "input_json_delta":
        if (typeof delta["partial_json"] === "string") block.json += delta["partial_json"];
        return [];
      default:
        return [];
    }
  }

  private stop(index: number): StreamPart[] {
    const block = this.blocks.get(index);
    if (!block) return [];
    if (block.type === "tool_use") {
      // Out as soon as it is whole, so it keeps its place among the text and thinking (§4.4).
      // Deltas, when any came, are the input (as the SDK does); else the start's own input; else {}.
      this.calls += 1;
      return [{ type: "tool_call", id: block.id ?? `toolu_${index}`, name: block.name ?? "", arguments: block.json || block.startInput || "{}" }];
    }
    if (block.type === "thinking" && block.signature) return [{ type: "thinking", text: "", signature: block.signature }];
    return [];
  }

  private mergeUsage(usage: unknown): void {
    if (!isRecord(usage)) return;
    // Cumulative totals: overwrite fields that are present, never add.
    for (const [key, value] of Object.entries(usage)) if (value !== null && value !== undefined) this.usage[key] = value;
    this.sawUsage = true;
  }

  /** message_start's input usage (and any running totals since): billed even if the stream breaks. */
  reportedUsage(): StreamPart[] {
    return this.sawUsage ? [anthropicUsage(this.usage)] : [];
  }

  end(): StreamPart[] {
    // Like a Chat Completions finish reason without [DONE]: a stop reason with no message_stop after it is accepted.
    if (!this.settled) throw new WireError("the stream ended before message_stop", { incomplete: true });
    const parts: StreamPart[] = [];
    if (this.sawUsage) parts.push(anthropicUsage(this.usage));
    const mapped = this.stopReason ? STOP_REASONS[this.stopReason] : undefined;
    parts.push({ type: "finish", reason: mapped ?? (this.calls > 0 ? "tool_calls" : "stop") });
    return parts;
  }
}
