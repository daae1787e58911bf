// Compaction as the engine does it: when the next request would not fit the budget (or the
// provider said so, or a person asked), one summary request to the same model over the older
// part, then a `context.compacted` event the fold applies. If the summary request fails, the
// older part is dropped instead and the event says so. A result no smaller than what it would
// replace is not applied: no event, and the outcome says why.
import { chooseBoundary, keepTokensFor, messageTokens, requestTokens, type RequestShape, type TokenMeter } from "../state/context.js";
import { applyElisions, planElisions, type Elision } from "../state/context-elide.js";
import { boundedSummary, filesTouched, pinnedRequests, SUMMARY_MARK, SUMMARY_SYSTEM, summaryLimits, summaryMessage } from "./context-summary.js";
import { summaryRequestMessages } from "./summary-input.js";
import type { Publish } from "../event-bus.js";
import type { Payload } from "../events.js";
import type { ModelProvider, ToolSpec } from "../llm/provider.js";
import type { Message } from "../messages.js";
import { mergeFiles, type SessionState } from "../state/state.js";

/** Tokens below which an automatic compaction would save less than its summary costs. */
const MIN_SUMMARISED = 200;
/**
 * When the kept tail must be cut to fit, it is cut until the request takes this share of the
 * budget: just under the budget, the next step's request would compact again at once.
 */
const FIT_SHARE = 0.7;
/**
 * A context-overflow error proves the budget wrong for this provider: from then on the budget
 * is this share of the request it refused (never below FLOOR), until the budget changes.
 */
const OVERFLOW_SHARE = 0.5;
const FLOOR = 2_000;

export type CompactionTrigger = Payload<"context.compacted">["trigger"];

export interface CompactorOptions {
  /** Read per use: the summary goes to the model the session uses now. */
  provider(): ModelProvider;
  publish: Publish;
  state(): SessionState;
  /** Read per use: the budget follows the current model's window. */
  budget(): number;
  meter: TokenMeter;
  /** Runs once compaction is decided, before the summary request (PreCompact hooks). */
  beforeCompact?(trigger: CompactionTrigger, instructions: string | undefined, signal: AbortSignal | undefined): Promise<void>;
}

export interface CompactRequest {
  trigger: CompactionTrigger;
  system: string;
  tools: readonly ToolSpec[];
  signal?: AbortSignal;
  instructions?: string;
}

export type CompactOutcome = { compacted: true; event: Payload<"context.compacted"> } | { compacted: false; reason: string };

type Shape = Omit<RequestShape, "messages">;

function isAbort(error: unknown, signal: AbortSignal | undefined): boolean {
  return Boolean(signal?.aborted) || (error instanceof Error && error.name === "AbortError");
}

export function createCompactor(options: CompactorOptions) {
  const { publish, meter } = options;
  /** What an overflow taught about the provider's real window, for the budget it corrected. */
  let ceiling: { budget: number; tokens: number } | undefined;

  function budget(): number {
    const configured = options.budget();
    return ceiling && ceiling.budget === configured ? Math.min(configured, ceiling.tokens) : configured;
  }

  /** The summary request's input: the older part as text, trimmed from its second message on until it fits. */
  function summaryInput(older: readonly Message[], instructions: string | undefined, words: number): Message[] {
    const messages = summaryRequestMessages(older, instructions, words);
    const limit = budget();
    let tokens = meter.scale(requestTokens({ system: SUMMARY_SYSTEM, messages, tools: [] }));
    if (tokens <= limit) return messages;
    // The first message (the goal, or the previous summary) and the ask at the end stay;
    // the oldest of the rest go until it fits (one pass: a long history is thousands of messages).
    let cut = 1;
    while (tokens > limit && cut < messages.length - 2) {
      tokens -= meter.scale(messageTokens(messages[cut]!));
      cut += 1;
    }
    return [messages[0]!, ...messages.slice(cut)];
  }

  async function summarize(older: readonly Message[], request: CompactRequest, words: number): Promise<string> {
    let text = "";
    const stream = options.provider().stream({
      system: SUMMARY_SYSTEM,
      messages: summaryInput(older, request.instructions, words),
      tools: [],
      purpose: "summary",
      ...(request.signal ? { signal: request.signal } : {}),
    });
    for await (const part of stream) {
      if (part.type === "text") text += part.text;
      else if (part.type === "usage") {
        const { type: _type, ...usage } = part;
        publish("usage", usage);
      } else if (part.type === "retry") publish("retry", { attempt: part.attempt, delayMs: part.delayMs, reason: part.reason });
    }
    if (request.signal?.aborted) throw Object.assign(new Error("aborted"), { name: "AbortError" });
    return text.trim();
  }

  /** Estimated tokens of the request the loop would send now. */
  function estimate(shape: Shape, messages: readonly Message[] = options.state().messages): number {
    const state = options.state();
    return meter.estimate({ ...shape, messages }, messages === state.messages ? state.messageTokens : undefined);
  }

  function overBudget(shape: Shape): boolean {
    return estimate(shape) > budget();
  }

  /** The tail's largest results and call arguments cut so `[...head, ...tail]` fits (nothing when it already does). */
  function tailElisions(shape: Shape, head: readonly Message[], tail: readonly Message[]): Elision[] {
    const limit = budget();
    const tokens = estimate(shape, [...head, ...tail]);
    if (tokens <= limit) return [];
    const excess = Math.ceil((tokens - Math.floor(limit * FIT_SHARE)) / meter.calibration);
    return planElisions(tail, excess);
  }

  async function compact(request: CompactRequest): Promise<CompactOutcome> {
    const state = options.state();
    const messages = state.messages;
    const shape = { system: request.system, tools: request.tools };
    if (request.trigger === "overflow") {
      // Our estimate said it fits and the provider said no: trust the refusal, not the estimate.
      const refused = Math.min(budget(), estimate(shape, messages));
      ceiling = { budget: options.budget(), tokens: Math.max(FLOOR, Math.floor(refused * OVERFLOW_SHARE)) };
    }
    const limit = budget();
    // The provider said it does not fit, so our budget was wrong for it: keep only the latest exchange.
    const keep = request.trigger === "overflow" ? 0 : keepTokensFor(limit);
    const boundary = chooseBoundary(messages, keep, (tokens) => meter.scale(tokens));
    const older = boundary === undefined ? [] : messages.slice(0, boundary);
    const tail = boundary === undefined ? messages : messages.slice(boundary);
    // A summary costs a request and a few hundred tokens itself: not worth it for a sliver.
    const olderTokens = meter.scale(requestTokens({ system: "", messages: older, tools: [] }));
    const tooSmall = request.trigger !== "manual" && olderTokens < Math.max(MIN_SUMMARISED, limit * 0.05);
    if (boundary === undefined || tooSmall) {
      // Nothing worth summarising, but the latest results alone may not fit: cut them, no request.
      const elided = tailElisions(shape, older, tail);
      if (elided.length > 0) return publishElided(request, shape, elided);
      // After a refusal a small summary is still worth trying: it is the only thing left to shrink.
      if (boundary === undefined || request.trigger !== "overflow") {
        return {
          compacted: false,
          reason: boundary === undefined ? "nothing to compact: the conversation is only its latest exchange" : "the older part is too small to be worth a summary",
        };
      }
    }

    await options.beforeCompact?.(request.trigger, request.instructions, request.signal);
    const limits = summaryLimits(limit);
    let summary = "";
    let reason: string | undefined;
    // Announced before it is sent: the request counts in the usage whether or not it is applied.
    publish("context.compacting", { trigger: request.trigger });
    try {
      summary = boundedSummary(await summarize(older, request, Math.floor(limits.summary / 6)), limits);
      if (!summary) reason = "the model returned an empty summary";
    } catch (error) {
      if (isAbort(error, request.signal)) throw error;
      reason = `the summary request failed: ${(error as Error).message}`;
    }
    const touched = filesTouched(older);
    const first = older[0];
    // A failed summary carries the latest model summary forward, never the whole earlier
    // message: that one holds its own task, files and carried summary, and would nest.
    const previous = first?.role === "user" && first.content.startsWith(SUMMARY_MARK) ? state.compaction?.modelSummary : undefined;
    const modelSummary = summary || (previous ? boundedSummary(previous, limits) : undefined);
    // Every request the older part takes out stays pinned (the task first): a follow-up such
    // as "go on" or "now also X" must not replace the task it continues.
    const requests = pinnedRequests(state.compaction?.requests ?? [], older, limits);
    const text = summaryMessage({
      ...(summary ? { summary } : {}),
      ...(modelSummary && !summary ? { previous: modelSummary } : {}),
      requests,
      filesRead: mergeFiles(state.compaction?.filesRead, touched.filesRead),
      filesChanged: mergeFiles(state.compaction?.filesChanged, touched.filesChanged),
      todos: state.todos,
      limits,
    });
    const head: Message[] = [{ role: "user", content: text }];
    const elided = tailElisions(shape, head, tail);
    const event: Payload<"context.compacted"> = {
      summary: text,
      replaced: older.length,
      kept: tail.length,
      mode: summary ? "summary" : "dropped",
      trigger: request.trigger,
      tokensBefore: estimate(shape, messages),
      tokensAfter: estimate(shape, [...head, ...applyElisions(tail, elided)]),
      // Only what this compaction adds: the fold keeps the rest, so the file does not repeat it.
      ...touched,
      ...(modelSummary ? { modelSummary } : {}),
      ...(requests.length > 0 ? { requests } : {}),
      ...(reason ? { reason } : {}),
      ...(request.instructions?.trim() ? { instructions: request.instructions.trim() } : {}),
      ...(elided.length > 0 ? { elided } : {}),
    };
    // A short conversation can summarise to more than it was (the summary states the request,
    // the files and the todos besides): then it shrinks nothing, and the original says more.
    if (event.tokensAfter >= event.tokensBefore) {
      return {
        compacted: false,
        reason: `the summary would be no smaller than the conversation (${event.tokensBefore} → ${event.tokensAfter} tokens), so the conversation is kept as it was`,
      };
    }
    publish("context.compacted", event);
    // Losing part of the conversation without a summary is said in every output format.
    if (reason) publish("notice", { level: "warn", message: `context compacted by dropping the ${older.length} oldest messages: ${reason}` });
    return { compacted: true, event };
  }

  /** Only the kept results and arguments cut: the conversation stays whole otherwise, and no summary is asked for. */
  function publishElided(request: CompactRequest, shape: Shape, elided: Elision[]): CompactOutcome {
    const messages = options.state().messages;
    const event: Payload<"context.compacted"> = {
      summary: "",
      replaced: 0,
      kept: messages.length,
      mode: "elided",
      trigger: request.trigger,
      tokensBefore: estimate(shape, messages),
      tokensAfter: estimate(shape, applyElisions(messages, elided)),
      filesRead: [],
      filesChanged: [],
      elided,
    };
    publish("context.compacted", event);
    return { compacted: true, event };
  }

  return { compact, overBudget, estimate };
}

export type Compactor = ReturnType<typeof createCompactor>;
