// How big the conversation is and where to cut it: a token estimate per message (calibrated
// against what the provider reports), the budget, and the compaction boundary. Pure: the
// compactor (compactor.ts) does the requests and publishes the event.
import type { ToolSpec } from "../llm/provider.js";
import { contextWindowFor, DEFAULT_CONTEXT_WINDOW } from "../llm/model-windows.js";
import type { Message } from "../messages.js";

/** Characters per token for code and English text, before calibration. */
const CHARS_PER_TOKEN = 4;
/** Role markers, ids and separators each message costs on the wire. */
const MESSAGE_OVERHEAD = 4;
/** What a provider charges for one image, roughly (Anthropic: ~1,600 for 1092²; OpenAI ~765 per tile set). */
const IMAGE_TOKENS = 1_500;
/** Kept free for the answer when the budget comes from the model's window. */
const MAX_RESERVE = 16_384;

/**
 * Uncalibrated tokens of one message. Not cached: a few string lengths cost less than a
 * WeakMap entry per message did (36 ms on the first estimate after resuming 20,000 messages).
 */
export function messageTokens(message: Message): number {
  let chars = 0;
  let images = 0;
  if (message.role === "user") {
    chars = message.content.length;
    images = message.images?.length ?? 0;
  } else if (message.role === "tool") {
    chars = message.content.length + message.name.length;
    images = message.images?.length ?? 0;
  } else {
    chars = message.text.length;
    // Indexed loops: the first estimate after a resume runs this cold over 10,000s of messages,
    // where an iterator per array (and an empty array for no blocks) showed in the profile.
    const blocks = message.thinkingBlocks;
    for (let i = 0; blocks && i < blocks.length; i += 1) {
      const block = blocks[i]!;
      if (block.kind === "thinking") chars += block.text.length;
    }
    const calls = message.toolCalls;
    for (let i = 0; i < calls.length; i += 1) {
      const call = calls[i]!;
      chars += call.name.length + call.arguments.length + 8;
    }
  }
  return Math.ceil(chars / CHARS_PER_TOKEN) + MESSAGE_OVERHEAD + images * IMAGE_TOKENS;
}

const toolSizes = new WeakMap<readonly ToolSpec[], number>();

function toolTokens(tools: readonly ToolSpec[]): number {
  let tokens = toolSizes.get(tools);
  if (tokens === undefined) {
    tokens = Math.ceil(JSON.stringify(tools).length / CHARS_PER_TOKEN);
    toolSizes.set(tools, tokens);
  }
  return tokens;
}

export interface RequestShape {
  system: string;
  messages: readonly Message[];
  tools: readonly ToolSpec[];
}

/**
 * Uncalibrated tokens of a whole request. `knownMessageTokens` is the messages' own estimate
 * when the caller has it (the session state keeps its conversation's: state.ts).
 */
export function requestTokens(request: RequestShape, knownMessageTokens?: number): number {
  const tokens = Math.ceil(request.system.length / CHARS_PER_TOKEN) + toolTokens(request.tools);
  return tokens + (knownMessageTokens ?? messagesTokens(request.messages));
}

/** Uncalibrated tokens of a list of messages. */
export function messagesTokens(messages: readonly Message[]): number {
  let tokens = 0;
  for (let i = 0; i < messages.length; i += 1) tokens += messageTokens(messages[i]!);
  return tokens;
}

/**
 * Scales estimates to what the provider reports for the same request. The ratio is the
 * last observation's, bounded, so one odd report cannot make compaction run wild or never.
 */
export class TokenMeter {
  private ratio = 1;

  estimate(request: RequestShape, knownMessageTokens?: number): number {
    return Math.ceil(requestTokens(request, knownMessageTokens) * this.ratio);
  }

  scale(tokens: number): number {
    return Math.ceil(tokens * this.ratio);
  }

  /** `estimated` is the uncalibrated estimate of the request the provider answered with `reported` input tokens. */
  observe(estimated: number, reported: number): void {
    if (estimated <= 0 || reported <= 0) return;
    this.ratio = Math.min(4, Math.max(0.25, reported / estimated));
  }

  get calibration(): number {
    return this.ratio;
  }
}

/** `context_budget` when set, else the model's window minus room for the answer. */
export function contextBudget(options: { configured?: number; model: string }): number {
  if (options.configured !== undefined) return options.configured;
  const window = contextWindowFor(options.model) ?? DEFAULT_CONTEXT_WINDOW;
  return window - Math.min(MAX_RESERVE, Math.floor(window / 5));
}

/**
 * Where the kept tail starts: as early as fits `keepTokens`, but always after at least one
 * message (something to summarise), never at a tool result (a call and its results stay
 * together), and never after the latest assistant message (the model must see what it just
 * did). Undefined when no such cut exists.
 */
export function chooseBoundary(messages: readonly Message[], keepTokens: number, scale: (tokens: number) => number = (t) => t): number | undefined {
  let lastAssistant = -1;
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    if (messages[i]!.role === "assistant") {
      lastAssistant = i;
      break;
    }
  }
  // Without an assistant message the tail is the last user message.
  let latest = lastAssistant >= 0 ? lastAssistant : messages.length - 1;
  while (latest > 0 && messages[latest]!.role === "tool") latest -= 1;
  if (latest <= 0) return undefined;
  let boundary = latest;
  let kept = 0;
  for (let i = messages.length - 1; i >= latest; i -= 1) kept += scale(messageTokens(messages[i]!));
  for (let i = latest - 1; i >= 1; i -= 1) {
    kept += scale(messageTokens(messages[i]!));
    if (kept > keepTokens) break;
    if (messages[i]!.role !== "tool") boundary = i;
  }
  return boundary;
}

/** The tail compaction aims to keep: a third of the budget, so the next compaction is far off. */
export function keepTokensFor(budget: number): number {
  return Math.floor(budget * 0.3);
}
