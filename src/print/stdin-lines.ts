// Line-delimited input for the headless protocols (`mini-agent rpc`, the Agent SDK's
// stream-json, ACP): one line at a time, framed by line-framer.ts (linear, at most
// MAX_LINE_BYTES a line; a CR before the newline dropped, a last line without its newline still
// a line). Split by hand, not with node:readline, which the print path's bundle chunk would
// then load on every run. Reading stops when the run is interrupted (a signal, a closed
// stdout): a stdin left open must not keep a run that has ended alive.
import type { Readable } from "node:stream";
import { LineFramer } from "./line-framer.js";

export interface LineReader {
  /** Stops reading: no more lines, and stdin is released so the process may exit. */
  stop(): void;
}

export interface LineHandlers {
  onLine(line: string): void;
  /** A line longer than MAX_LINE_BYTES, skipped up to its newline; `head`: its first bytes. */
  onTooLong(head: string): void;
  onEnd(): void;
}

export function readLines(input: Readable, handlers: LineHandlers, stopOn?: AbortSignal): LineReader {
  const framer = new LineFramer({ line: handlers.onLine, tooLong: handlers.onTooLong });
  let stopped = false;
  const onData = (chunk: Buffer | string) => framer.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  const onEnd = () => {
    if (stopped) return;
    framer.end();
    handlers.onEnd();
  };
  input.on("data", onData);
  input.on("end", onEnd);
  const reader: LineReader = {
    stop() {
      if (stopped) return;
      stopped = true;
      input.off("data", onData);
      input.off("end", onEnd);
      input.destroy();
    },
  };
  if (stopOn?.aborted) reader.stop();
  stopOn?.addEventListener("abort", () => reader.stop(), { once: true });
  return reader;
}
