// Pure retry decisions: which failures a second attempt can fix, and how long to wait.
// Mirrors the SDKs' rules (docs/providers.md §5.3) minus their blind spots (§5.6: quota 429s).

export interface HeaderReader {
  get(name: string): string | null;
}

export interface RetryFacts {
  message: string;
  status?: number;
  type?: string;
  code?: string;
  headers?: HeaderReader;
  network?: boolean;
  incomplete?: boolean;
  malformed?: boolean;
}

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First default backoff; doubles per retry. */
  baseDelayMs: number;
  /** Cap for the default backoff. */
  maxBackoffMs: number;
  /** A server asking for a longer wait than this is not retried (the user should know). */
  maxServerDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxRetries: 4,
  baseDelayMs: 500,
  maxBackoffMs: 8_000,
  maxServerDelayMs: 60_000,
};

const RETRY_STATUSES = new Set([408, 409, 429]);
const RETRYABLE_IN_STREAM = new Set([
  "server_error",
  "api_error",
  "overloaded_error",
  "server_is_overloaded",
  "rate_limit_exceeded",
  "timeout_error",
  "insufficient_system_resource",
]);
// 429s that waiting never fixes: quota, spend caps, a single request above the TPM limit.
const NO_RETRY_CODES = new Set(["insufficient_quota", "exceeded_current_quota_error", "billing_error"]);
const NO_RETRY_MESSAGES: readonly RegExp[] = [
  /exceeded your current (?:token )?quota/i,
  /insufficient balance/i,
  /reached your usage limit/i,
  /request too large .* tokens per min/i,
  /must be reduced in order to run/i,
  /spend limit/i,
];

export function isQuotaError(facts: RetryFacts): boolean {
  if (facts.code && (NO_RETRY_CODES.has(facts.code) || facts.code.includes("spend_limit"))) return true;
  if (facts.type && NO_RETRY_CODES.has(facts.type)) return true;
  return NO_RETRY_MESSAGES.some((pattern) => pattern.test(facts.message));
}

export function isRetryable(facts: RetryFacts): boolean {
  if (facts.malformed) return false;
  const hint = facts.headers?.get("x-should-retry");
  if (hint === "false") return false;
  if (isQuotaError(facts)) return false;
  if (hint === "true") return true;
  if (facts.network || facts.incomplete) return true;
  if (facts.status !== undefined && facts.status !== 200) {
    return RETRY_STATUSES.has(facts.status) || facts.status >= 500;
  }
  // In-band errors after a 200: only the transient kinds.
  return RETRYABLE_IN_STREAM.has(facts.type ?? "") || RETRYABLE_IN_STREAM.has(facts.code ?? "");
}

/**
 * The wait the server asked for: retry-after-ms, then retry-after (seconds or a date), then
 * "try again in 11.054s" / "1m30s" in the message. A wait of zero or less, or a value that is
 * neither, asks for nothing: the default backoff applies, as in the SDKs (§5.3).
 */
export function serverDelayMs(facts: RetryFacts, now: number = Date.now()): number | undefined {
  const ms = parseFloat(facts.headers?.get("retry-after-ms") ?? "");
  if (Number.isFinite(ms) && ms > 0) return Math.round(ms);
  const after = facts.headers?.get("retry-after")?.trim();
  if (after) {
    // A number is seconds, never a date: Date.parse("-5") reads the year -5.
    if (/^[-+]?\d*\.?\d+$/.test(after)) {
      const seconds = Number(after);
      if (seconds > 0) return Math.round(seconds * 1000);
    } else {
      const wait = Date.parse(after) - now;
      if (wait > 0) return wait;
    }
  }
  const match = /try again in\s*((?:\d+(?:\.\d+)?\s*(?:ms|h|m|seconds?|s)(?![a-z])\s*)+)/i.exec(facts.message);
  if (!match?.[1]) return undefined;
  const unit: Record<string, number> = { ms: 1, s: 1000, second: 1000, seconds: 1000, m: 60_000, h: 3_600_000 };
  let total = 0;
  for (const [, value, name] of match[1].matchAll(/(\d+(?:\.\d+)?)\s*(ms|h|m|seconds?|s)/gi)) total += Number(value) * (unit[(name ?? "").toLowerCase()] ?? 0);
  return total > 0 ? Math.round(total) : undefined;
}

/** Exponential backoff with jitter (×0.75–1), as the SDKs do, from our own base. */
export function backoffMs(retriesDone: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const raw = Math.min(policy.baseDelayMs * 2 ** retriesDone, policy.maxBackoffMs);
  return Math.round(raw * (1 - 0.25 * random()));
}

export type RetryDecision = { retry: true; delayMs: number } | { retry: false; why?: string };

export function decideRetry(facts: RetryFacts, retriesDone: number, policy: RetryPolicy): RetryDecision {
  if (!isRetryable(facts)) return { retry: false };
  if (retriesDone >= policy.maxRetries) return { retry: false, why: `gave up after ${retriesDone + 1} attempts` };
  const asked = serverDelayMs(facts);
  if (asked !== undefined && asked > policy.maxServerDelayMs) {
    return { retry: false, why: `the provider asked to wait ${Math.ceil(asked / 1000)}s` };
  }
  return { retry: true, delayMs: asked ?? backoffMs(retriesDone, policy) };
}
