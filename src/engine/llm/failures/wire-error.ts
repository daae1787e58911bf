// An error found while reading a provider's stream (in-band error payload, truncation,
// idle timeout, unexpected body). It carries the same facts an SDK HTTP error does, so one
// classifier (errors.ts) decides the kind and whether a retry may help.
import { clipHead } from "../../secrets/word-cut.js";

export interface WireErrorInfo {
  /** Provider error type, e.g. "server_error", "overloaded_error", "invalid_request_error". */
  type?: string;
  /** Provider error code, e.g. "context_length_exceeded". */
  code?: string;
  /** HTTP status when the body came with one (a JSON error under a 200 counts as in-band). */
  status?: number;
  /** The stream ended, broke off or went silent before its terminal marker. */
  incomplete?: boolean;
  /** The body was not what a stream should be (HTML page, unparsable JSON). */
  malformed?: boolean;
}

export class WireError extends Error {
  constructor(
    message: string,
    readonly info: WireErrorInfo = {},
  ) {
    super(message);
    this.name = "WireError";
  }
}

/**
 * A payload that is an error, whatever the server: OpenAI's and most gateways' `{error: …}`
 * (an object or a bare string), Anthropic's and the Responses API's `{type: "error", …}`, and
 * the `{object: "error", message, code}` of vLLM and other OpenAI-compatible servers (§5.4).
 */
export function isErrorPayload(value: unknown): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  return (value["error"] !== undefined && value["error"] !== null) || value["type"] === "error" || value["object"] === "error";
}

/** Reads `{error: {message, type, code}}` (OpenAI / Kimi / OpenRouter), `{error: "text"}`, or Anthropic's `{type:"error", error:{…}}`. */
export function wireErrorFromPayload(payload: unknown, fallback: string): WireError {
  const outer = isRecord(payload) ? payload : {};
  const inner = isRecord(outer["error"]) ? outer["error"] : outer;
  const said = typeof inner["message"] === "string" ? inner["message"] : typeof outer["error"] === "string" ? outer["error"] : "";
  const message = said.trim() !== "" ? said : fallback;
  const info: WireErrorInfo = {};
  // "error" is the event's own name (Responses, Anthropic), not a kind of error.
  if (typeof inner["type"] === "string" && inner["type"] !== "error") info.type = inner["type"];
  if (typeof inner["code"] === "string") info.code = inner["code"];
  // OpenRouter and vLLM put the HTTP status in a numeric `code`.
  if (typeof inner["code"] === "number") info.status = inner["code"];
  return new WireError(message, info);
}

/** An SSE event named `error` is a failure whatever its data: JSON of any shape, or bare text. */
export function wireErrorFromEvent(data: string): WireError {
  const fallback = "the provider sent an error event";
  try {
    const value: unknown = JSON.parse(data);
    if (isRecord(value)) return wireErrorFromPayload(value, fallback);
  } catch {
    // Not JSON: the text is the message.
  }
  // Cut at a word's edge: half a key would pass the redactor.
  return new WireError(clipHead(data.trim(), 500) || fallback);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
