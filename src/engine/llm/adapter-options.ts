// What every adapter needs from the composition in create-provider.ts. The transport is a
// function so adapters never import an SDK: create-provider loads the SDK lazily and hands
// over `open`, which sends the body through the SDK and returns the raw streaming Response.
import type { ErrorContext } from "./failures/errors.js";
import type { ThinkingLevel } from "./provider.js";
import type { RetryPolicy } from "./failures/retry-policy.js";
import type { UsagePart } from "./providers/usage.js";

export type OpenStream = (body: Record<string, unknown>, signal: AbortSignal | undefined) => Promise<Response>;

export interface AdapterOptions {
  name: string;
  model: string;
  open: OpenStream;
  ctx: ErrorContext;
  defaultThinking: ThinkingLevel;
  /** Send tool images as image input (the model is known to take it); otherwise text and a note. */
  imageInput?: boolean;
  retry?: RetryPolicy;
  /** Longest silence between data events before the attempt counts as broken. */
  idleTimeoutMs?: number;
  /** Longest wait from sending the request to the first bytes of the answer (headers and body). */
  firstByteTimeoutMs?: number;
  /** USD estimate for a usage part; undefined when the model has no known price. */
  costOf?: (usage: UsagePart) => number | undefined;
}

export const DEFAULT_IDLE_TIMEOUT_MS = 600_000;
/** An endpoint that takes the connection but never answers fails (and is retried) after this. */
export const DEFAULT_FIRST_BYTE_TIMEOUT_MS = 60_000;

/** Adds the cost estimate to usage parts; other parts pass through. */
export function priced<T extends { type: string }>(part: T, costOf: AdapterOptions["costOf"]): T {
  if (part.type !== "usage" || !costOf) return part;
  const cost = costOf(part as unknown as UsagePart);
  return cost === undefined ? part : { ...part, costUsd: cost };
}
