// Drives `mini-agent rpc` as a client would: the built CLI as a child process, ops written to
// its stdin one JSON line each, every stdout line kept (and parsed) as it arrives.
import type { ChildProcess } from "node:child_process";
import { afterEach } from "vitest";
import { startCli, type RunOptions } from "./run-cli.js";
import { waitFor } from "./processes.js";
import { collectLines } from "./child-lines.js";

export type RpcEvent = Record<string, unknown> & { type: string };

export interface RpcClient {
  child: ChildProcess;
  /** Every stdout line so far, as written. */
  lines: string[];
  /** The lines parsed (a line that is not JSON fails the test where it is read). */
  events(): RpcEvent[];
  stderr(): string;
  send(op: Record<string, unknown>): void;
  /** Writes a raw line (for malformed input). */
  sendLine(line: string): void;
  /** Waits for the first event, from `after` on (an index into events()), that matches. */
  waitForEvent(match: (event: RpcEvent) => boolean, what: string, after?: number): Promise<RpcEvent>;
  /** The `op.result` for the op sent with this id (a string or a number, matched exactly). */
  result(id: string | number): Promise<RpcEvent>;
  closeStdin(): void;
  exit(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export function startRpc(args: string[], options: RunOptions): RpcClient {
  const child = startCli(["rpc", ...args], options);
  const { lines, stderr, exited } = collectLines(child);
  const events = () => lines.map((line) => JSON.parse(line) as RpcEvent);
  const client: RpcClient = {
    child,
    lines,
    events,
    stderr,
    send: (op) => void child.stdin!.write(`${JSON.stringify(op)}\n`),
    sendLine: (line) => void child.stdin!.write(`${line}\n`),
    async waitForEvent(match, what, after = 0) {
      let found: RpcEvent | undefined;
      await waitFor(() => (found = events().slice(after).find(match)) !== undefined, 30_000, `${what}; stderr: ${stderr()}`);
      return found!;
    },
    result: (id) => client.waitForEvent((event) => event.type === "op.result" && event.id === id, `the op.result of op ${id}`),
    closeStdin: () => void child.stdin!.end(),
    exit: () => exited,
  };
  return client;
}

/**
 * The fake servers and rpc children a test file starts, pushed by its tests and stopped after
 * each one (a child still running is killed), so no test leaks a process into the next.
 */
export function stoppedAfterEach(): { servers: { close(): Promise<void> }[]; clients: RpcClient[] } {
  const held = { servers: [] as { close(): Promise<void> }[], clients: [] as RpcClient[] };
  afterEach(async () => {
    for (const client of held.clients) if (client.child.exitCode === null) client.child.kill("SIGKILL");
    await Promise.all(held.servers.map((server) => server.close()));
    held.servers.length = 0;
    held.clients.length = 0;
  });
  return held;
}
