// Classifies any failure from a provider call (SDK HTTP error, network error, in-band stream
// error) into the engine's ProviderError kinds with a message a person can act on.
// Duck-typed on purpose: importing the SDKs here would load them at start-up.
import { errorText } from "./error-text.js";
import { isContextOverflow } from "./context-overflow.js";
import { ProviderError } from "../provider.js";
import type { HeaderReader, RetryFacts } from "./retry-policy.js";
import { scrubSecrets } from "./scrub.js";
import { clipHead } from "../../secrets/word-cut.js";
import { WireError, isRecord } from "./wire-error.js";

export interface ErrorContext {
  /** Configured provider name, e.g. "kimi". */
  provider: string;
  model?: string;
  baseUrl?: string;
  /** The proxy requests to baseUrl go through (password hidden): a refused connection is its. */
  proxy?: string;
  /** Where the key came from, e.g. "env KIMI_API_KEY" (never the key). */
  keySource?: string;
  /** Values to scrub from every message. */
  secrets?: readonly (string | undefined)[];
}

export interface ErrorFacts extends RetryFacts {
  aborted?: boolean;
  inStream?: boolean;
  requestId?: string;
}

const NETWORK_CODES = /^(UND_ERR_|ECONN|EPIPE|ETIMEDOUT|ENOTFOUND|EAI_AGAIN|ENETUNREACH|EHOSTUNREACH)/;

export function factsFrom(err: unknown): ErrorFacts {
  if (err instanceof WireError) return { message: err.message, ...err.info, inStream: true };
  if (!(err instanceof Error)) return { message: String(err) };
  const name = `${err.name} ${err.constructor?.name ?? ""}`;
  if (err.name === "AbortError" || name.includes("APIUserAbortError")) return { message: err.message, aborted: true };
  if (name.includes("APIConnection")) {
    const cause = (err as { cause?: unknown }).cause;
    const detail = cause instanceof Error ? `: ${cause.message}${causeCode(cause) ? ` (${causeCode(cause)})` : ""}` : "";
    return { message: `${detail ? clause(err.message) : err.message}${detail}`, network: true };
  }
  const api = err as Error & { status?: unknown; headers?: unknown; error?: unknown; errorCode?: unknown };
  if ("status" in api && "headers" in api && typeof api.status === "number") return apiFacts(api, api.status);
  if (err instanceof TypeError || NETWORK_CODES.test(causeCode(err) ?? "")) {
    // undici's "TypeError: terminated" / "fetch failed" when a socket dies.
    const code = causeCode(err);
    return { message: `${err.message}${code ? ` (${code})` : ""}`, network: true };
  }
  return { message: err.message };
}

function apiFacts(api: Error & { headers?: unknown; error?: unknown; errorCode?: unknown }, status: number): ErrorFacts {
  const body = api.error;
  // OpenAI's SDK keeps the inner `error` object; Anthropic's keeps the whole body.
  const inner = isRecord(body) && isRecord(body["error"]) ? body["error"] : isRecord(body) ? body : {};
  const headers = isHeaderReader(api.headers) ? api.headers : undefined;
  const facts: ErrorFacts = {
    status,
    message: errorText(typeof inner["message"] === "string" ? inner["message"] : api.message.replace(/^\d{3}\s+/, "")),
  };
  if (headers) facts.headers = headers;
  if (typeof inner["type"] === "string") facts.type = inner["type"];
  if (typeof inner["code"] === "string") facts.code = inner["code"];
  const details = isRecord(inner["details"]) ? inner["details"] : undefined;
  if (!facts.code && typeof details?.["error_code"] === "string") facts.code = details["error_code"];
  const id = headers?.get("x-request-id") ?? headers?.get("request-id") ?? headers?.get("x-trace-id");
  if (id) facts.requestId = id;
  return facts;
}

/**
 * A message set inside our own sentence loses its full stop: the SDKs end theirs with one
 * ("Connection error."), and ours go on after it (": fetch failed", ". The key came from …").
 */
function clause(message: string): string {
  return message.replace(/\.+\s*$/, "");
}

function causeCode(err: Error): string | undefined {
  const cause = (err as { cause?: unknown }).cause;
  const code = isRecord(cause) ? cause["code"] : (err as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

function isHeaderReader(value: unknown): value is HeaderReader {
  return isRecord(value) && typeof (value as { get?: unknown }).get === "function";
}

export function isKimiAccessTerminated(facts: ErrorFacts): boolean {
  return facts.type === "access_terminated_error" || /only available for Coding Agents/i.test(facts.message);
}

/** The ProviderError the user and the loop see. Retry decisions are made separately on the facts. */
export function toProviderError(facts: ErrorFacts, ctx: ErrorContext): ProviderError {
  const scrub = (text: string) => scrubSecrets(text, ctx.secrets ?? []);
  const said = facts.message ? `: ${clause(facts.message)}` : "";
  const where = ctx.baseUrl ? ` at ${ctx.baseUrl}` : "";
  const keyFrom = ctx.keySource ? `The key came from ${ctx.keySource}.` : "No API key was configured.";
  const ref = facts.requestId ? ` (request id ${facts.requestId})` : "";
  const status = facts.status;
  const make = (message: string, kind: ProviderError["kind"]) => new ProviderError(scrub(message), kind, status);

  if (status === 403 && isKimiAccessTerminated(facts)) {
    return make(
      `Kimi's coding endpoint refused this client (403 access_terminated_error)${said}\n` +
        "That endpoint only serves coding agents Kimi has approved; mini-agent identifies itself honestly and does not pretend to be one.\n" +
        "To keep using Kimi models, create a key on the Moonshot platform (platform.moonshot.ai) and run with --provider moonshot and MOONSHOT_API_KEY, " +
        "or choose another provider, e.g. --provider openai (OPENAI_API_KEY) or --provider anthropic (ANTHROPIC_API_KEY).",
      "auth",
    );
  }
  if (status === 401) {
    return make(
      `${ctx.provider}${where} rejected the API key (401)${said}. ${keyFrom} Check that it is current and meant for this endpoint.`,
      "auth",
    );
  }
  if (status === 403) {
    return make(`${ctx.provider}${where} denied access (403)${said}. ${keyFrom}`, "auth");
  }
  if (isContextOverflow(facts)) {
    const model = ctx.model ? ` of ${ctx.model}` : "";
    return make(`The conversation no longer fits the context window${model} (${ctx.provider})${said}`, "context_length");
  }
  if (facts.network) return make(`Could not reach ${ctx.provider}${where}${ctx.proxy ? ` through the proxy ${ctx.proxy}` : ""}${said}`, "provider");
  if (facts.incomplete || facts.malformed) return make(`The ${ctx.provider} stream broke off${said}`, "stream");
  if (facts.inStream && status === undefined) {
    const label = facts.code ?? facts.type;
    return make(`${ctx.provider} reported an error mid-stream${label ? ` (${label})` : ""}${said}${ref}`, "provider");
  }
  return make(`${ctx.provider} error${status ? ` ${status}` : ""}${said}${ref}`, "provider");
}

/** A short reason for a retry event, e.g. "429 rate limited" or "connection reset". */
export function retryReason(facts: ErrorFacts, ctx: ErrorContext): string {
  const text = facts.status ? `${facts.status} ${facts.message}` : facts.message;
  // Cut at a word's edge: a key shape cut in two would pass the event redactor.
  return clipHead(scrubSecrets(text, ctx.secrets ?? []), 200, "");
}
