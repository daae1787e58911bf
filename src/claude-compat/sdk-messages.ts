// Engine events → the Claude Agent SDK's messages: `assistant` (one per model step, Anthropic
// message shape), `user` (tool results), `stream_event` (with --include-partial-messages) and
// the turn's `result`. Tool names and inputs are Claude Code's where one exists (tool-names.ts).
// Pure apart from the clock and uuids, which are passed in.
import type { AgentEvent } from "../engine/index.js";
import { partialEvents, type PartialState } from "./partial-events.js";
import { claudeToolInput, claudeToolName, parseArguments } from "./tool-names.js";

export type SdkMessage = Record<string, unknown> & { type: string };

interface StepDraft {
  id: string;
  startedAt: number;
  content: Record<string, unknown>[];
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number };
}

interface TurnTotals {
  startedAt: number;
  apiMs: number;
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number };
  cost: number;
  lastText: string;
  errors: string[];
  denials: { tool_name: string; tool_use_id: string; tool_input: unknown }[];
}

export interface TranslatorOptions {
  partial: boolean;
  now(): number;
  uuid(): string;
}

const STOP_REASON: Readonly<Record<string, string>> = { stop: "end_turn", tool_calls: "tool_use", length: "max_tokens", content_filter: "refusal", aborted: "end_turn", error: "end_turn" };

const zeroUsage = () => ({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 });

function apiUsage(usage: StepDraft["usage"]): Record<string, unknown> {
  return {
    input_tokens: usage.input,
    output_tokens: usage.output,
    cache_read_input_tokens: usage.cacheRead,
    cache_creation_input_tokens: usage.cacheWrite,
    server_tool_use: { web_search_requests: 0, web_fetch_requests: 0 },
    service_tier: "standard",
  };
}

export class SdkTranslator {
  sessionId = "";
  model = "";
  /** Process-wide, as Claude Code reports it: each result carries the running total. */
  private totalCost = 0;
  private readonly modelUsage = new Map<string, { input: number; output: number; cacheRead: number; cacheWrite: number; cost: number }>();
  /** Per agent: "" is the session's own, else a subagent's id. */
  private readonly steps = new Map<string, StepDraft>();
  private readonly partial = new Map<string, PartialState>();
  private turn: TurnTotals | undefined;
  /** Calls seen, by id: what `can_use_tool` and a denial report. */
  readonly calls = new Map<string, { name: string; input: unknown }>();

  constructor(private readonly options: TranslatorOptions) {}

  /** The messages one event becomes (often none). */
  onEvent(event: AgentEvent): SdkMessage[] {
    const agent = event.agentId ?? "";
    const parent = event.parentCallId ?? null;
    const out: SdkMessage[] = [];
    const partial = this.options.partial ? this.partialFor(agent) : undefined;
    if (partial) for (const streamEvent of partialEvents(partial, event, this.model)) out.push(this.wrap({ type: "stream_event", event: streamEvent }, parent));
    switch (event.type) {
      case "session.started":
        this.sessionId = event.sessionId;
        this.model = event.model;
        break;
      case "model.changed":
        this.model = event.model;
        break;
      case "turn.started":
        if (!agent) this.turn = { startedAt: this.options.now(), apiMs: 0, usage: zeroUsage(), cost: 0, lastText: "", errors: [], denials: [] };
        break;
      case "step.started":
        this.steps.set(agent, { id: `msg_${this.options.uuid().replace(/-/g, "")}`, startedAt: this.options.now(), content: [], usage: zeroUsage() });
        break;
      case "assistant.delta":
        this.appendText(agent, "text", event.text);
        break;
      case "thinking.delta":
        this.appendThinking(agent, event.text, event.signature, event.newBlock ?? false);
        break;
      case "tool.call": {
        const input = parseArguments(event.arguments);
        this.calls.set(event.callId, { name: event.name, input });
        this.steps.get(agent)?.content.push({ type: "tool_use", id: event.callId, name: claudeToolName(event.name), input: claudeToolInput(event.name, input) });
        break;
      }
      case "usage":
        this.addUsage(agent, event);
        break;
      case "step.ended": {
        const message = this.endStep(agent, event.finishReason);
        if (message) out.push(this.wrap(message, parent));
        break;
      }
      case "tool.result":
        out.push(this.wrap(toolResultMessage(event), parent, { tool_use_result: event.content }));
        break;
      case "approval.decision":
        if (event.decision === "deny" && this.turn) {
          const call = this.calls.get(event.callId);
          this.turn.denials.push({ tool_name: claudeToolName(event.name), tool_use_id: event.callId, tool_input: call ? claudeToolInput(call.name, call.input) : {} });
        }
        break;
      case "error":
        if (!agent) this.turn?.errors.push(`${event.kind}: ${event.message}`);
        break;
      case "turn.ended":
        if (!agent) {
          const result = this.result(event);
          if (result) out.push(result);
        }
        break;
      default:
        break;
    }
    return out;
  }

  private partialFor(agent: string): PartialState {
    let state = this.partial.get(agent);
    if (!state) this.partial.set(agent, (state = { open: undefined, index: -1, messageId: "" }));
    return state;
  }

  private appendText(agent: string, kind: "text", text: string): void {
    const step = this.steps.get(agent);
    if (!step) return;
    const last = step.content.at(-1);
    if (last?.type === kind) last["text"] = `${String(last["text"])}${text}`;
    else step.content.push({ type: kind, text });
  }

  private appendThinking(agent: string, text: string, signature: string | undefined, newBlock: boolean): void {
    const step = this.steps.get(agent);
    if (!step) return;
    const last = step.content.at(-1);
    if (last?.type === "thinking" && !newBlock) last["thinking"] = `${String(last["thinking"])}${text}`;
    else step.content.push({ type: "thinking", thinking: text, signature: "" });
    if (signature !== undefined) step.content.at(-1)!["signature"] = signature;
  }

  private addUsage(agent: string, event: Extract<AgentEvent, { type: "usage" }>): void {
    const step = this.steps.get(agent);
    const add = { input: event.inputTokens, output: event.outputTokens, cacheRead: event.cacheReadTokens ?? 0, cacheWrite: event.cacheWriteTokens ?? 0 };
    if (step) for (const key of Object.keys(add) as (keyof typeof add)[]) step.usage[key] += add[key];
    const cost = event.costUsd ?? 0;
    this.totalCost += cost;
    const model = this.modelUsage.get(this.model) ?? { ...zeroUsage(), cost: 0 };
    for (const key of Object.keys(add) as (keyof typeof add)[]) model[key] += add[key];
    model.cost += cost;
    this.modelUsage.set(this.model, model);
    // The result's usage is the session's own loop, as Claude Code's is; cost counts every call.
    if (this.turn && !agent) for (const key of Object.keys(add) as (keyof typeof add)[]) this.turn.usage[key] += add[key];
    if (this.turn) this.turn.cost += cost;
  }

  private endStep(agent: string, finish: string): SdkMessage | undefined {
    const step = this.steps.get(agent);
    this.steps.delete(agent);
    if (!step) return undefined;
    if (this.turn && !agent) {
      this.turn.apiMs += this.options.now() - step.startedAt;
      const text = step.content.filter((block) => block.type === "text").map((block) => String(block["text"])).join("");
      if (finish !== "tool_calls" && text) this.turn.lastText = text;
    }
    if (step.content.length === 0) return undefined;
    return {
      type: "assistant",
      message: {
        id: step.id,
        type: "message",
        role: "assistant",
        model: this.model,
        content: step.content,
        stop_reason: STOP_REASON[finish] ?? "end_turn",
        stop_sequence: null,
        usage: apiUsage(step.usage),
      },
    };
  }

  /**
   * The answer to a user message that never became a turn (nothing to send, a bad image, dropped
   * from the queue by an interrupt): the SDK waits for one result per message, so it gets an
   * error result with the reason, as a start-up failure does.
   */
  refusal(reason: string): SdkMessage {
    return this.resultMessage({ subtype: "error_during_execution", durationMs: 0, apiMs: 0, rounds: 0, outcome: { errors: [reason] }, stopReason: null, usage: zeroUsage(), denials: [] });
  }

  private result(event: Extract<AgentEvent, { type: "turn.ended" }>): SdkMessage | undefined {
    const turn = this.turn;
    this.turn = undefined;
    if (!turn) return undefined;
    const subtype = event.stopReason === "completed" ? "success" : event.stopReason === "max_rounds" ? "error_max_turns" : "error_during_execution";
    const errors = event.stopReason === "aborted" ? ["interrupted: the turn was stopped", ...turn.errors] : turn.errors;
    return this.resultMessage({
      subtype,
      durationMs: this.options.now() - turn.startedAt,
      apiMs: turn.apiMs,
      rounds: event.rounds,
      outcome: subtype === "success" ? { result: turn.lastText } : { errors },
      stopReason: event.stopReason === "completed" ? "end_turn" : null,
      usage: turn.usage,
      denials: turn.denials,
    });
  }

  private resultMessage(fields: { subtype: string; durationMs: number; apiMs: number; rounds: number; outcome: Record<string, unknown>; stopReason: string | null; usage: StepDraft["usage"]; denials: TurnTotals["denials"] }): SdkMessage {
    return {
      type: "result",
      subtype: fields.subtype,
      is_error: fields.subtype !== "success",
      duration_ms: fields.durationMs,
      duration_api_ms: fields.apiMs,
      num_turns: fields.rounds,
      ...fields.outcome,
      stop_reason: fields.stopReason,
      session_id: this.sessionId,
      total_cost_usd: Number(this.totalCost.toFixed(6)),
      usage: apiUsage(fields.usage),
      modelUsage: Object.fromEntries(
        [...this.modelUsage].map(([model, usage]) => [
          model,
          { inputTokens: usage.input, outputTokens: usage.output, cacheReadInputTokens: usage.cacheRead, cacheCreationInputTokens: usage.cacheWrite, webSearchRequests: 0, costUSD: Number(usage.cost.toFixed(6)), contextWindow: 0, maxOutputTokens: 0 },
        ]),
      ),
      permission_denials: fields.denials,
      uuid: this.options.uuid(),
    };
  }

  private wrap(message: Record<string, unknown> & { type: string }, parent: string | null, extra: Record<string, unknown> = {}): SdkMessage {
    return { ...message, parent_tool_use_id: parent, session_id: this.sessionId, uuid: this.options.uuid(), ...extra };
  }
}

function toolResultMessage(event: Extract<AgentEvent, { type: "tool.result" }>): SdkMessage {
  const images = (event.images ?? []).map((image) => ({ type: "image", source: { type: "base64", media_type: image.mediaType, data: image.base64 } }));
  const content = images.length > 0 ? [{ type: "text", text: event.content }, ...images] : event.content;
  return { type: "user", message: { role: "user", content: [{ type: "tool_result", tool_use_id: event.callId, content, is_error: event.isError }] } };
}
