// Turns one SSE event's data into JSON, the end marker, or nothing (keep-alives).
import type { SseEvent } from "./sse-parser.js";
import { WireError } from "../failures/wire-error.js";
// Quoted cut at a word's edge: half a key would pass the redactor.
import { clipHead } from "../../secrets/word-cut.js";

export type SseData = { kind: "done" } | { kind: "json"; value: unknown } | { kind: "skip" };

export function readSseData(event: SseEvent): SseData {
  const text = event.data.trim();
  if (text === "[DONE]") return { kind: "done" };
  // Gateways send data-only keep-alives (`data:`, `data: :ping`); they must not fail a turn (docs/providers.md §1.1).
  if (text === "" || !(text.startsWith("{") || text.startsWith("["))) return { kind: "skip" };
  try {
    return { kind: "json", value: JSON.parse(text) as unknown };
  } catch {
    if (event.unterminated) {
      throw new WireError("the stream ended in the middle of an event", { incomplete: true });
    }
    throw new WireError(`the provider sent an event that is not valid JSON: ${clipHead(text, 121)}`, {
      malformed: true,
    });
  }
}
