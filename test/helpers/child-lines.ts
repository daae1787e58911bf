// What a line-protocol child (rpc, the Agent SDK face, ACP) writes, collected as it arrives:
// every stdout line as written, its stderr, and how it ended. Shared by the test clients.
import type { ChildProcess } from "node:child_process";

export interface ChildLines {
  /** Every complete stdout line so far, as written (blank ones included). */
  lines: string[];
  stderr(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function collectLines(child: ChildProcess): ChildLines {
  const lines: string[] = [];
  let partial = "";
  let stderr = "";
  child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
    const parts = (partial + chunk).split("\n");
    partial = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on("close", (code, signal) => resolve({ code, signal })));
  return { lines, stderr: () => stderr, exited };
}
