// stdin as the SDK writes it: one JSON object per line. A line that is not a JSON object is
// reported (with its number) and skipped; the session goes on.
import type { Readable } from "node:stream";
import { readLines } from "../print/stdin-lines.js";

export interface LineHandlers {
  onMessage(message: Record<string, unknown> & { type?: unknown }): void;
  onBadLine(lineNumber: number, problem: string): void;
  onEnd(): void;
}

export function readJsonLines(input: Readable, handlers: LineHandlers): void {
  let number = 0;
  let rest = "";
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
  readLines(input, take, handlers.onEnd);
  // A closed or failed stdin ends the session as an end of input does.
  input.on("error", () => handlers.onEnd());
}
