// A client of one of the CLI's line protocols (rpc, the Agent SDK's stream-json, ACP) speaking
// raw lines: the built CLI as a child, what the test writes going to its stdin as is (huge or
// pipelined lines included), every stdout line kept and parsed as JSON.
import type { ChildProcess } from "node:child_process";
import { collectLines } from "./child-lines.js";
import { waitFor } from "./processes.js";
import { startCli, type RunOptions } from "./run-cli.js";

export type Message = Record<string, unknown>;

export interface LineClient {
  child: ChildProcess;
  messages(): Message[];
  stderr(): string;
  write(text: string): void;
  send(message: unknown): void;
  /** Waits for the first message that matches. */
  waitFor(match: (message: Message) => boolean, what: string): Promise<Message>;
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startLineClient(args: string[], options: RunOptions): LineClient {
  const child = startCli(args, options);
  const { lines, stderr, exited } = collectLines(child);
  // A write the child never reads (it exited) must not fail the test by itself.
  child.stdin!.on("error", () => {});
  const messages = () => lines.filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as Message);
  return {
    child,
    messages,
    stderr,
    write: (text) => void child.stdin!.write(text),
    send: (message) => void child.stdin!.write(`${JSON.stringify(message)}\n`),
    async waitFor(match, what) {
      let found: Message | undefined;
      await waitFor(() => (found = messages().find(match)) !== undefined, 60_000, `${what}; stderr: ${stderr()}`);
      return found!;
    },
    exit: () => exited,
  };
}
