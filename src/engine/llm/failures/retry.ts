// Our own retry loop around one streamed model call. The SDK clients run with
// maxRetries: 0 so that every retry is ours, visible as a `retry` part, and limited to the
// moment before the stream has produced output (docs/providers.md §5.3-5.4).
import { setTimeout as delay } from "node:timers/promises";
import { factsFrom, retryReason, toProviderError, type ErrorContext } from "./errors.js";
import { ProviderError, type StreamPart } from "../provider.js";
import { DEFAULT_RETRY_POLICY, decideRetry, type RetryPolicy } from "./retry-policy.js";

export interface RetryOptions {
  ctx: ErrorContext;
  policy?: RetryPolicy;
  signal?: AbortSignal;
}

export function abortError(): Error {
  return new DOMException("The operation was aborted.", "AbortError");
}

export async function* streamWithRetry(
  attempt: () => AsyncIterable<StreamPart>,
  options: RetryOptions,
): AsyncGenerator<StreamPart> {
  const policy = options.policy ?? DEFAULT_RETRY_POLICY;
  const { signal, ctx } = options;
  for (let retries = 0; ; retries++) {
    let committed = false;
    // Parts that show nothing yet (an empty thinking block opening) wait for the first part
    // that does: an attempt that fails before then is retried as if it had said nothing,
    // and its markers are dropped, so the step never holds an empty block from a dead attempt.
    const held: StreamPart[] = [];
    try {
      if (signal?.aborted) throw abortError();
      for await (const part of attempt()) {
        // A usage part is no output and counts even from a failed attempt: it passes, committing nothing.
        if (part.type !== "retry" && part.type !== "usage" && !committed) {
          if (!carriesOutput(part)) {
            held.push(part);
            continue;
          }
          committed = true;
          yield* held.splice(0);
        }
        yield part;
      }
      yield* held.splice(0);
      return;
    } catch (err) {
      if (signal?.aborted) throw abortError();
      if (err instanceof ProviderError) throw err; // already classified by a nested layer
      const facts = factsFrom(err);
      if (facts.aborted) throw abortError();
      // A socket that dies once the answer has begun did reach the provider: the stream broke.
      const broke = committed && facts.network === true;
      const error = toProviderError(broke ? { ...facts, network: false, incomplete: true } : facts, ctx);
      if (committed) throw afterOutput(error, broke);
      const decision = decideRetry(facts, retries, policy);
      if (!decision.retry) {
        if (decision.why) throw new ProviderError(`${error.message} (${decision.why})`, error.kind, error.status);
        throw error;
      }
      yield { type: "retry", attempt: retries + 1, delayMs: decision.delayMs, reason: retryReason(facts, ctx) };
      // Node's timer rejects with an AbortError when the turn is aborted mid-wait.
      await delay(decision.delayMs, undefined, signal ? { signal } : undefined);
    }
  }
}

/** Output already reached the user: the step ends with an error, what arrived is kept, no retry. */
function afterOutput(error: ProviderError, broke: boolean): ProviderError {
  if (error.kind !== "provider" && !broke) return error;
  return new ProviderError(`${error.message} (the response was cut off after it began; what arrived is kept)`, "stream", error.status);
}

/**
 * Whether a part shows the user something or settles the answer. An empty thinking part
 * without a signature only opens a block (Anthropic's thinking `content_block_start`, a
 * Responses reasoning item, Kimi's first `reasoning_content: ""`): it commits nothing.
 */
export function carriesOutput(part: StreamPart): boolean {
  if (part.type === "thinking") return part.text !== "" || part.signature !== undefined;
  if (part.type === "text") return part.text !== "";
  return part.type !== "retry" && part.type !== "usage";
}
