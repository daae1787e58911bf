// A scripted model that streams like a real one: small deltas, tool calls, usage, finish.
// Request N gets scripted turn N; later requests get `after`.
import { appendFileSync } from "node:fs";
import { setTimeout as delay } from "node:timers/promises";
import { thinkingText, type Message } from "../../messages.js";
import { LAST_RESULT_PLACEHOLDER, type FakeScript, type ScriptedTurn } from "./fake-script.js";
import { ProviderError, type ModelProvider, type ModelRequest, type StreamPart } from "../provider.js";

const DEFAULT_AFTER: ScriptedTurn = { text: "Nothing more to do." };

/** Splits text into small pieces of 1–3 words, the way a model's deltas arrive. */
export function chunkText(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let i = 0; i < words.length; i += 2) chunks.push(words.slice(i, i + 2).join(""));
  return chunks;
}

function lastToolResult(messages: readonly Message[]): string {
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    const message = messages[i];
    if (message?.role === "tool") return message.content;
  }
  return "(no tool result)";
}

const toolChars = new WeakMap<ModelRequest["tools"], number>();

/** What a provider would report as input tokens: about 4 characters each, tool specs included. */
function estimateTokens(request: ModelRequest): number {
  // Character counts, not JSON.stringify of the history: the fake must not dominate a long-session bench.
  let tools = toolChars.get(request.tools);
  if (tools === undefined) {
    tools = JSON.stringify(request.tools).length;
    toolChars.set(request.tools, tools);
  }
  let chars = request.system.length + tools;
  // Indexed loops: after a resume this runs once, cold, over 10,000s of messages, where an
  // iterator per message array showed (as in context.ts).
  const messages = request.messages;
  for (let i = 0; i < messages.length; i += 1) {
    const message = messages[i]!;
    if (message.role === "user") chars += message.content.length;
    else if (message.role === "tool") chars += message.content.length;
    else {
      chars += message.text.length;
      // No joined string for the many messages without reasoning (a resumed history: 5,000 of them).
      if (message.thinkingBlocks) chars += thinkingText(message.thinkingBlocks).length;
      const calls = message.toolCalls;
      for (let j = 0; j < calls.length; j += 1) chars += calls[j]!.name.length + calls[j]!.arguments.length;
    }
  }
  return Math.ceil(chars / 4);
}


/** The summary a scripted model writes when its script has none left: it quotes what it was given first. */
function builtInSummary(request: ModelRequest): ScriptedTurn {
  const first = request.messages.find((message) => message.role === "user" && !message.content.startsWith("[Context summary]"));
  const goal = first?.role === "user" ? first.content : "as in the earlier summary";
  return { text: `Goal: "${goal.slice(0, 500)}"\nIn progress: the scripted work continues.` };
}

export class FakeProvider implements ModelProvider {
  readonly name = "fake";
  readonly model = "fake-scripted";
  private requests = 0;
  private summaries = 0;

  constructor(
    private readonly script: FakeScript,
    /** FAKE_LLM_RECORD: append every request as a JSON line, so tests can read what was sent. */
    private readonly recordFile?: string,
  ) {}

  async *stream(request: ModelRequest): AsyncIterable<StreamPart> {
    if (this.recordFile) {
      const { signal: _signal, ...sent } = request;
      appendFileSync(this.recordFile, `${JSON.stringify(sent)}\n`);
    }
    let turn: ScriptedTurn;
    if (request.purpose === "summary") {
      turn = this.script.summaries?.[this.summaries] ?? builtInSummary(request);
      this.summaries += 1;
    } else {
      turn = this.script.turns[this.requests] ?? this.script.after ?? DEFAULT_AFTER;
      this.requests += 1;
    }
    const pause = async () => {
      if (turn.delay_ms) await delay(turn.delay_ms, undefined, request.signal ? { signal: request.signal } : undefined);
      else if (request.signal?.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
    };
    if (turn.error) throw new ProviderError(turn.error.message, turn.error.kind);

    let outputChars = 0;
    for (const piece of chunkText(turn.reasoning ?? "")) {
      await pause();
      outputChars += piece.length;
      yield { type: "thinking", text: piece };
    }
    const text = (turn.text ?? "").replace(LAST_RESULT_PLACEHOLDER, () => lastToolResult(request.messages));
    for (const piece of chunkText(text)) {
      await pause();
      outputChars += piece.length;
      yield { type: "text", text: piece };
    }
    const calls = turn.tool_calls ?? [];
    for (const [index, call] of calls.entries()) {
      await pause();
      const args = typeof call.arguments === "string" ? call.arguments : JSON.stringify(call.arguments);
      outputChars += args.length;
      yield { type: "tool_call", id: `call_${this.requests}_${index + 1}`, name: call.name, arguments: args };
    }
    yield { type: "usage", inputTokens: estimateTokens(request), outputTokens: Math.ceil(outputChars / 4) };
    yield { type: "finish", reason: turn.finish ?? (calls.length > 0 ? "tool_calls" : "stop") };
  }
}
