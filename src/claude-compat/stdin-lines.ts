// stdin as the SDK writes it: one JSON object per line. A line that is not a JSON object is
// reported (with its number) and skipped; the session goes on. So is a line longer than the
// limit (print/line-framer.ts); when its start shows a user message, that message is answered
// by an error result, as a refused one is, so the SDK does not wait for it forever.
import type { Readable } from "node:stream";
import { MAX_LINE_TEXT } from "../print/line-framer.js";
import { fieldInHead } from "../print/line-head.js";
import { readLines, type LineReader } from "../print/stdin-lines.js";

export interface LineHandlers {
  onMessage(message: Record<string, unknown> & { type?: unknown }): void;
  onBadLine(lineNumber: number, problem: string): void;
  /** A user message too long to read: it gets a result of its own. */
  onLostUserMessage(problem: string): void;
  onEnd(): void;
}

export function readJsonLines(input: Readable, handlers: LineHandlers, stopOn: AbortSignal): LineReader {
  let number = 0;
  const take = (line: string) => {
    number += 1;
    if (line.trim() === "") return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch (error) {
      handlers.onBadLine(number, `not JSON (${(error as Error).message})`);
      return;
    }
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      handlers.onBadLine(number, "not a JSON object");
      return;
    }
    handlers.onMessage(value as Record<string, unknown>);
  };
  const tooLong = (head: string) => {
    number += 1;
    const problem = `longer than the ${MAX_LINE_TEXT} a line may have; skipped up to its newline`;
    if (fieldInHead(head, "type") === "user") handlers.onLostUserMessage(`stdin line ${number} (a user message) is ${problem}`);
    else handlers.onBadLine(number, problem);
  };
  const reader = readLines(input, { onLine: take, onTooLong: tooLong, onEnd: handlers.onEnd }, stopOn);
  // A closed or failed stdin ends the session as an end of input does.
  input.on("error", () => handlers.onEnd());
  return reader;
}
