// Responses API events → normalised parts (docs/providers.md §3.2-3.4). Deltas append, `.done`
// events replace with the authoritative value, and nothing after a terminal event counts.
import type { FinishReason, StreamPart } from "../provider.js";
import { responsesUsage, type UsagePart } from "./usage.js";
import { WireError, isRecord } from "../failures/wire-error.js";

interface PendingCall {
  callId: string;
  name: string;
  args: string;
  outputIndex: number;
  /** Arguments given whole when the item was added (a gateway that sends no deltas and no `.done`). */
  startArgs?: string;
  /** Already handed on (at its output_item.done). */
  sent?: boolean;
}

export class ResponsesStreamState {
  private readonly calls = new Map<string, PendingCall>(); // keyed by item id
  private usage: UsagePart | undefined;
  private finishReason: FinishReason | undefined;
  private lastSummary: string | undefined;
  /** Reasoning items whose thinking block is open (by item id). */
  private readonly reasoningItems = new Set<string>();
  /** Message items whose text has been handed on (from deltas or a `.done`), by item id. */
  private readonly textItems = new Set<string>();
  /** A terminal event (completed / incomplete) arrived. */
  done = false;

  /** Nothing short of the terminal event settles a response: it carries the usage and the reason. */
  get settled(): boolean {
    return this.done;
  }

  push(event: unknown): StreamPart[] {
    if (this.done || !isRecord(event)) return []; // late duplicates after the terminal event (§7.14)
    const type = typeof event["type"] === "string" ? event["type"] : "";
    switch (type) {
      case "response.output_text.delta":
      case "response.refusal.delta":
        if (typeof event["delta"] !== "string" || event["delta"] === "") return [];
        this.textItems.add(textKey(event));
        return [{ type: "text", text: event["delta"] }];
      case "response.output_text.done":
      case "response.refusal.done":
        // A server that sends no deltas still sends the whole text here (§3.2).
        return this.wholeText(textKey(event), str(event["text"]) || str(event["refusal"]));
      case "response.reasoning_summary_text.delta":
      case "response.reasoning_text.delta":
        return this.reasoning(event);
      case "response.output_item.added":
      case "response.output_item.done":
        return this.item(event);
      case "response.function_call_arguments.delta": {
        const call = this.callFor(event);
        if (call) call.args += str(event["delta"]);
        return [];
      }
      case "response.function_call_arguments.done": {
        const call = this.callFor(event);
        if (call && typeof event["arguments"] === "string") call.args = event["arguments"];
        return [];
      }
      case "response.completed":
      case "response.incomplete":
        return this.terminal(event, type);
      case "response.failed": {
        const response = isRecord(event["response"]) ? event["response"] : {};
        const error = isRecord(response["error"]) ? response["error"] : {};
        // A failed response may still say what it used: counted (keepingUsage).
        if (isRecord(response["usage"])) this.usage = responsesUsage(response["usage"]);
        throw new WireError(str(error["message"]) || "the response failed", { ...codeOf(error) });
      }
      case "error":
        // openai@6 yields this event instead of throwing; we must handle it (§3.4).
        throw new WireError(str(event["message"]) || "the provider reported an error", { ...codeOf(event) });
      default:
        return []; // created, in_progress, keepalive, content_part.*, unknown future events
    }
  }

  private reasoning(event: Record<string, unknown>): StreamPart[] {
    const text = str(event["delta"]);
    if (text === "") return [];
    // Separate summary parts the way the UI would show paragraphs.
    const key = `${str(event["item_id"])}:${String(event["summary_index"] ?? event["content_index"] ?? 0)}`;
    const prefix = this.lastSummary !== undefined && this.lastSummary !== key ? "\n\n" : "";
    this.lastSummary = key;
    return [{ type: "thinking", text: prefix + text }];
  }

  private item(event: Record<string, unknown>): StreamPart[] {
    const item = isRecord(event["item"]) ? event["item"] : {};
    const outputIndex = typeof event["output_index"] === "number" ? event["output_index"] : this.calls.size;
    if (item["type"] === "function_call") {
      const itemId = str(item["id"]) || `output_${outputIndex}`;
      const call = this.calls.get(itemId) ?? { callId: "", name: "", args: "", outputIndex };
      if (str(item["call_id"])) call.callId = str(item["call_id"]);
      if (str(item["name"])) call.name = str(item["name"]);
      if (event["type"] === "response.output_item.added" && str(item["arguments"])) call.startArgs = str(item["arguments"]);
      this.calls.set(itemId, call);
      if (event["type"] === "response.output_item.done" && !call.sent) {
        if (typeof item["arguments"] === "string") call.args = item["arguments"];
        // Out as soon as it is whole, so it keeps its place after the reasoning before it (§3.5).
        call.sent = true;
        return [callPart(call)];
      }
    }
    if (item["type"] === "message" && event["type"] === "response.output_item.done") {
      const content = Array.isArray(item["content"]) ? item["content"] : [];
      const text = content.map((part) => (isRecord(part) ? str(part["text"]) || str(part["refusal"]) : "")).join("");
      return this.wholeText(str(item["id"]) || `output_${outputIndex}`, text);
    }
    if (item["type"] === "reasoning") return this.reasoningItem(event["type"], str(item["id"]) || `output_${outputIndex}`, item);
    return [];
  }

  /**
   * One reasoning item is one thinking block: its summary is the text and its encrypted
   * content the block's signature, so each item goes back in its own place. Output items
   * stream one after another, so deltas and the signature land on the block opened last.
   */
  private reasoningItem(type: unknown, itemId: string, item: Record<string, unknown>): StreamPart[] {
    const opened = this.reasoningItems.has(itemId);
    this.reasoningItems.add(itemId);
    if (type === "response.output_item.added") {
      this.lastSummary = undefined;
      return opened ? [] : [{ type: "thinking", text: "", newBlock: true }];
    }
    const encrypted = str(item["encrypted_content"]);
    if (encrypted === "" && opened) return [];
    return [{ type: "thinking", text: "", ...(encrypted !== "" ? { signature: encrypted } : {}), ...(opened ? {} : { newBlock: true }) }];
  }

  /** A message item's whole text, handed on only when no delta of it came. */
  private wholeText(key: string, text: string): StreamPart[] {
    if (this.textItems.has(key) || text === "") return [];
    this.textItems.add(key);
    return [{ type: "text", text }];
  }

  private callFor(event: Record<string, unknown>): PendingCall | undefined {
    const byId = this.calls.get(str(event["item_id"]));
    if (byId) return byId;
    for (const call of this.calls.values()) if (call.outputIndex === event["output_index"]) return call;
    return undefined;
  }

  private terminal(event: Record<string, unknown>, type: string): StreamPart[] {
    this.done = true;
    const response = isRecord(event["response"]) ? event["response"] : {};
    if (isRecord(response["usage"])) this.usage = responsesUsage(response["usage"]);
    if (type === "response.incomplete") {
      const details = isRecord(response["incomplete_details"]) ? response["incomplete_details"] : {};
      this.finishReason = details["reason"] === "content_filter" ? "content_filter" : "length";
    }
    return [];
  }

  reportedUsage(): StreamPart[] {
    return this.usage ? [this.usage] : [];
  }

  end(): StreamPart[] {
    if (!this.done) throw new WireError("the stream ended before response.completed", { incomplete: true });
    const parts: StreamPart[] = [];
    const calls = [...this.calls.values()].sort((a, b) => a.outputIndex - b.outputIndex);
    // Calls whose output_item.done never came (a gateway that leaves it out).
    for (const call of calls) if (!call.sent) parts.push(callPart(call));
    if (this.usage) parts.push(this.usage);
    parts.push({ type: "finish", reason: this.finishReason ?? (calls.length > 0 ? "tool_calls" : "stop") });
    return parts;
  }
}

/** The message item a text event belongs to: its item id, else its place in the output. */
function textKey(event: Record<string, unknown>): string {
  return str(event["item_id"]) || `output_${String(event["output_index"] ?? 0)}`;
}

function callPart(call: PendingCall): StreamPart {
  return { type: "tool_call", id: call.callId || `call_${call.outputIndex}`, name: call.name, arguments: call.args || call.startArgs || "{}" };
}

function str(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function codeOf(error: Record<string, unknown>): { code?: string; type?: string } {
  const out: { code?: string; type?: string } = {};
  if (typeof error["code"] === "string") out.code = error["code"];
  if (typeof error["type"] === "string" && error["type"] !== "error") out.type = error["type"];
  return out;
}
