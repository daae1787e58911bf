// An error found while reading a provider's stream (in-band error payload, truncation,
// idle timeout, unexpected body). It carries the same facts an SDK HTTP error does, so one
// classifier (errors.ts) decides the kind and whether a retry may help.

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

/** Reads `{error: {message, type, code}}` (OpenAI / Kimi / OpenRouter) or Anthropic's `{type:"error", error:{…}}`. */
export function wireErrorFromPayload(payload: unknown, fallback: string): WireError {
  const outer = isRecord(payload) ? payload : {};
  const inner = isRecord(outer["error"]) ? outer["error"] : outer;
  const message = typeof inner["message"] === "string" ? inner["message"] : fallback;
  const info: WireErrorInfo = {};
  if (typeof inner["type"] === "string") info.type = inner["type"];
  if (typeof inner["code"] === "string") info.code = inner["code"];
  // OpenRouter puts the HTTP status in a numeric `code`.
  if (typeof inner["code"] === "number") info.status = inner["code"];
  return new WireError(message, info);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
