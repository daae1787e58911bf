// Turns one SSE event's data into JSON, the end marker, or nothing (keep-alives).
import type { SseEvent } from "./sse-parser.js";
import { WireError, isErrorPayload, wireErrorFromEvent, wireErrorFromPayload } from "../failures/wire-error.js";
// Quoted cut at a word's edge: half a key would pass the redactor.
import { clipHead } from "../../secrets/word-cut.js";

export type SseData = { kind: "done" } | { kind: "json"; value: unknown } | { kind: "skip" };

/** Throws the in-band error an event carries, in any of the shapes servers use (§5.4). */
export function readSseData(event: SseEvent): SseData {
  const text = event.data.trim();
  // Gateways name an error in the event line with data of their own shape; the SDKs would pass it on as a chunk.
  if (event.event === "error") throw wireErrorFromEvent(text);
  if (text === "[DONE]") return { kind: "done" };
  // Gateways send data-only keep-alives (`data:`, `data: :ping`); they must not fail a turn (docs/providers.md §1.1).
  if (text === "" || !(text.startsWith("{") || text.startsWith("["))) return { kind: "skip" };
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    if (event.unterminated) {
      throw new WireError("the stream ended in the middle of an event", { incomplete: true });
    }
    throw new WireError(`the provider sent an event that is not valid JSON: ${clipHead(text, 121)}`, {
      malformed: true,
    });
  }
  if (isErrorPayload(value)) throw wireErrorFromPayload(value, "the provider reported an error mid-stream");
  return { kind: "json", value };
}
