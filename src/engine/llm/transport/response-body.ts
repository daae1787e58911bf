// Looks at a 2xx response before parsing it as a stream: a proxy's HTML page or a JSON
// error under status 200 must become a clear error, not a parse crash (docs/providers.md §7.23).
// What of the body an error quotes is cut at a word's edge (word-cut.ts): half a key would pass the redactor.
import { parseSse, type SseEvent, type SseOptions } from "./sse-parser.js";
import { WireError, isErrorPayload, isRecord, wireErrorFromPayload } from "../failures/wire-error.js";
import { clipHead } from "../../secrets/word-cut.js";

export type OpenedBody =
  | { kind: "sse"; events: AsyncGenerator<SseEvent> }
  /** A non-streaming JSON answer (some compatible servers ignore `stream: true`). */
  | { kind: "json"; value: Record<string, unknown> };

export async function openBody(response: Response, options: SseOptions = {}): Promise<OpenedBody> {
  const type = (response.headers.get("content-type") ?? "").toLowerCase();
  if (type.includes("application/json")) {
    const text = await response.text();
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new WireError(`the provider answered with invalid JSON instead of a stream: ${clipHead(text, 121)}`, {
        malformed: true,
      });
    }
    if (isErrorPayload(value)) {
      throw wireErrorFromPayload(value, "the provider returned an error");
    }
    if (!isRecord(value)) throw new WireError("the provider answered with unexpected JSON", { malformed: true });
    return { kind: "json", value };
  }
  // Missing content-type: some local servers omit it; try SSE. Anything else is not ours.
  if (type !== "" && !type.includes("text/event-stream")) {
    const text = await response.text().catch(() => "");
    throw new WireError(
      `expected an event stream but got ${type.split(";")[0]} (a proxy or gateway page?): ${clipHead(text, 121)}`,
      { malformed: true },
    );
  }
  if (!response.body) throw new WireError("the provider sent an empty response", { incomplete: true });
  return { kind: "sse", events: parseSse(response.body, options) };
}
