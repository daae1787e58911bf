// Line-delimited input for the headless protocols (`mini-agent rpc`, the Agent SDK's
// stream-json): one line at a time, a CR before the newline dropped, a last line without its
// newline still a line. Split by hand, not with node:readline, which the print path's bundle
// chunk would then load on every run.
import type { Readable } from "node:stream";

export interface LineReader {
  /** Stops reading: no more lines, and stdin is released so the process may exit. */
  stop(): void;
}

export function readLines(input: Readable, onLine: (line: string) => void, onEnd: () => void): LineReader {
  let partial = "";
  const onData = (chunk: string) => {
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) onLine(line.endsWith("\r") ? line.slice(0, -1) : line);
  };
  input.setEncoding("utf8");
  input.on("data", onData);
  input.on("end", () => {
    if (partial !== "") onLine(partial.endsWith("\r") ? partial.slice(0, -1) : partial);
    partial = "";
    onEnd();
  });
  return {
    stop() {
      input.off("data", onData);
      input.destroy();
    },
  };
}
