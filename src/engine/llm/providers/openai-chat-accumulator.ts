// Chat Completions chunks → normalised parts (docs/providers.md §2.9). Text and thinking stream
// through as they come; tool calls are collected by index and released only once the stream
// has ended properly, so a broken stream never yields a half-made call.
import { randomUUID } from "node:crypto";
import type { FinishReason, StreamPart } from "../provider.js";
import { chatUsage, type UsagePart } from "./usage.js";
import { WireError, isRecord, wireErrorFromPayload } from "../failures/wire-error.js";

interface PendingCall {
  id?: string;
  name?: string;
  args: string;
}

const REASONING_KEYS = ["reasoning_content", "reasoning"] as const;

export class ChatStreamState {
  private readonly calls = new Map<number, PendingCall>();
  private currentIndex: number | undefined;
  private usage: UsagePart | undefined;
  private finishReason: string | undefined;
  private sawThinking = false;
  /** The reasoning field this endpoint used, so we can echo it under the same name. */
  reasoningKey: string | undefined;

  /** A finish reason arrived: the answer is whole, only [DONE] and the usage may still come. */
  get settled(): boolean {
    return this.finishReason !== undefined;
  }

  push(chunk: unknown): StreamPart[] {
    if (!isRecord(chunk)) return [];
    if (chunk["error"] !== undefined && chunk["error"] !== null) {
      throw wireErrorFromPayload(chunk, "the provider reported an error mid-stream");
    }
    const choices = Array.isArray(chunk["choices"]) ? chunk["choices"] : [];
    // n > 1 is never requested, but a server may still send other choices: follow index 0 only.
    const choice = choices.find((c): c is Record<string, unknown> => isRecord(c) && (c["index"] ?? 0) === 0);
    // Last non-null usage wins, wherever it appears (top level, or choices[0] for Kimi).
    const usage = isRecord(chunk["usage"]) ? chunk["usage"] : isRecord(choice?.["usage"]) ? choice["usage"] : undefined;
    if (usage) this.usage = chatUsage(usage);
    if (!choice) return []; // usage-only or annotation chunks
    const parts = isRecord(choice["delta"]) ? this.delta(choice["delta"]) : [];
    // The delta in a finishing chunk is processed before the finish itself (§7.25).
    if (typeof choice["finish_reason"] === "string") this.finishReason = choice["finish_reason"];
    return parts;
  }

  private delta(delta: Record<string, unknown>): StreamPart[] {
    const parts: StreamPart[] = [];
    const reasoning = this.reasoningText(delta);
    // "" is meaningful once ("reasoned but empty"); repeated empty deltas are noise.
    if (reasoning !== undefined && (reasoning !== "" || !this.sawThinking)) {
      this.sawThinking = true;
      parts.push({ type: "thinking", text: reasoning });
    }
    if (typeof delta["content"] === "string" && delta["content"] !== "") parts.push({ type: "text", text: delta["content"] });
    if (typeof delta["refusal"] === "string" && delta["refusal"] !== "") parts.push({ type: "text", text: delta["refusal"] });
    if (Array.isArray(delta["tool_calls"])) {
      for (const fragment of delta["tool_calls"]) if (isRecord(fragment)) this.toolFragment(fragment);
    }
    return parts;
  }

  private reasoningText(delta: Record<string, unknown>): string | undefined {
    for (const key of REASONING_KEYS) {
      const value = delta[key];
      if (typeof value === "string") {
        this.reasoningKey ??= key;
        return value;
      }
    }
    // OpenRouter's structured form; skipped when a plain field carried the same text.
    const details = delta["reasoning_details"];
    if (!Array.isArray(details)) return undefined;
    const texts = details
      .filter(isRecord)
      .map((d) => (typeof d["text"] === "string" ? d["text"] : typeof d["summary"] === "string" ? d["summary"] : ""))
      .filter((t) => t !== "");
    return texts.length > 0 ? texts.join("") : undefined;
  }

  private toolFragment(fragment: Record<string, unknown>): void {
    const fn = isRecord(fragment["function"]) ? fragment["function"] : {};
    const name = typeof fn["name"] === "string" ? fn["name"].trim() : "";
    const id = typeof fragment["id"] === "string" ? fragment["id"].trim() : "";
    let index: number;
    if (typeof fragment["index"] === "number") {
      index = fragment["index"];
    } else {
      // Some compat servers omit `index`: a named fragment after a named call starts a new call.
      const current = this.currentIndex === undefined ? undefined : this.calls.get(this.currentIndex);
      const startsNew = current === undefined || (name !== "" && current.name !== undefined);
      index = startsNew ? (this.calls.size === 0 ? 0 : Math.max(...this.calls.keys()) + 1) : (this.currentIndex as number);
    }
    const call = this.calls.get(index) ?? { args: "" };
    this.calls.set(index, call);
    this.currentIndex = index;
    if (id !== "" && call.id === undefined) call.id = id; // first id wins (§6.4: ids may change mid-stream)
    if (name !== "" && call.name === undefined) call.name = name; // the name may arrive late, "" first
    if (typeof fn["arguments"] === "string") call.args += fn["arguments"];
  }

  /** The usage chunk seen so far, for a stream that breaks after it. */
  reportedUsage(): StreamPart[] {
    return this.usage ? [this.usage] : [];
  }

  /** Parts released at the end. `sawDone`: the `[DONE]` marker arrived. */
  end(sawDone: boolean): StreamPart[] {
    if (!sawDone && this.finishReason === undefined) {
      throw new WireError("the stream ended without [DONE] or a finish reason", { incomplete: true });
    }
    if (this.finishReason === "error" || this.finishReason === "insufficient_system_resource") {
      throw new WireError(`the provider stopped generating (finish_reason ${this.finishReason})`, {
        code: this.finishReason === "error" ? "server_error" : this.finishReason,
      });
    }
    const parts: StreamPart[] = [];
    for (const index of [...this.calls.keys()].sort((a, b) => a - b)) {
      const call = this.calls.get(index) as PendingCall;
      parts.push({
        type: "tool_call",
        id: call.id ?? `call_${randomUUID()}`,
        name: call.name ?? "",
        arguments: call.args === "" ? "{}" : call.args,
      });
    }
    if (this.usage) parts.push(this.usage);
    parts.push({ type: "finish", reason: this.finish() });
    return parts;
  }

  private finish(): FinishReason {
    switch (this.finishReason) {
      case "length":
        return "length";
      case "content_filter":
        return "content_filter";
      default:
        // Decide "wants tools" from the calls themselves; unknown reasons are not fatal.
        return this.calls.size > 0 ? "tool_calls" : "stop";
    }
  }

  /** A non-streaming completion (a server that ignored `stream: true`), replayed as one chunk. */
  fromCompletion(completion: Record<string, unknown>): StreamPart[] {
    const choices = Array.isArray(completion["choices"]) ? completion["choices"] : [];
    const choice = choices.find((c): c is Record<string, unknown> => isRecord(c) && (c["index"] ?? 0) === 0);
    const message = isRecord(choice?.["message"]) ? { ...choice["message"] } : {};
    if (Array.isArray(message["tool_calls"])) {
      message["tool_calls"] = message["tool_calls"].map((call, i) => (isRecord(call) ? { index: i, ...call } : call));
    }
    const parts = this.push({
      choices: [{ index: 0, delta: message, finish_reason: choice?.["finish_reason"] ?? "stop" }],
      usage: completion["usage"],
    });
    return [...parts, ...this.end(true)];
  }
}
