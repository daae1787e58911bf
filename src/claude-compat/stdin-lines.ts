// stdin as the SDK writes it: one JSON object per line. A line that is not a JSON object is
// reported (with its number) and skipped; the session goes on.
import { createInterface } from "node:readline";
import type { Readable } from "node:stream";

export interface LineHandlers {
  onMessage(message: Record<string, unknown> & { type?: unknown }): void;
  onBadLine(lineNumber: number, problem: string): void;
  onEnd(): void;
}

export function readJsonLines(input: Readable, handlers: LineHandlers): () => void {
  const lines = createInterface({ input, crlfDelay: Infinity });
  let number = 0;
  lines.on("line", (line) => {
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
  });
  lines.on("close", () => handlers.onEnd());
  return () => lines.close();
}
