// A stdio transport like the SDK's, except that the server starts in its own process group
// and the whole group is stopped. Servers are often started through a wrapper (npx, uvx, a
// shell script) whose child holds the pipes: stopping only the wrapper left that child
// running with our pipes open, and the process waited for it before it could exit.
// On Windows, where there are no process groups, the SDK's own transport is used instead.
import type { ChildProcess } from "node:child_process";
import { PassThrough } from "node:stream";
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import * as childProcess from "node:child_process";
import { statSync } from "node:fs";
import { hostProgram } from "../../host/host-programs.js";
import { signalServerGroup } from "./mcp-children.js";
import { MAX_MCP_MESSAGE_BYTES, messageTooLarge } from "./mcp-message-cap.js";

export interface GroupStdioParams {
  command: string;
  args: string[];
  env: Record<string, string>;
  cwd: string;
}

/** How long a server gets to exit after its stdin ends, and then after SIGTERM. */
const GRACE_MS = 2000;
/** How long a server whose output ended gets to exit by itself before it is stopped. */
const OUTPUT_CLOSED_GRACE_MS = 1000;

export class GroupStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  /** How the server ended, for a message better than "Connection closed". */
  onexit?: (code: number | null, signal: NodeJS.Signals | null) => void;
  /** The server's stderr, available before start so nothing it says early is lost. */
  readonly stderr = new PassThrough();
  private child: ChildProcess | undefined;
  private leaderPid: number | undefined;
  private readonly buffer = new ReadBuffer({ maxBufferSize: MAX_MCP_MESSAGE_BYTES });
  /** Why we stopped the server ourselves (it broke the protocol), for the call it was answering. */
  failure: string | undefined;
  /** Set once we close it: its output ending then is expected. */
  private closing = false;

  constructor(private readonly params: GroupStdioParams) {}

  /** The server's pid, which is also its process group's id. */
  get pid(): number | null {
    return this.child ? (this.leaderPid ?? null) : null;
  }

  start(): Promise<void> {
    if (this.child) throw new Error("the MCP server was already started");
    // A bare name (npx, uvx) from a PATH folder outside the workspace only: a sandboxed command
    // may have planted one in a workspace folder on PATH (host/host-programs.ts, ADR 0061).
    const found = this.params.command.includes("/") ? { path: this.params.command } : hostProgram(this.params.command);
    if (found.path === undefined) return Promise.reject(new Error(found.missing));
    const program = found.path;
    // spawn blames the program for a missing cwd ("spawn /usr/bin/node ENOENT"): say which it is.
    const cwdProblem = folderProblem(this.params.cwd);
    if (cwdProblem) return Promise.reject(new Error(`its cwd ${this.params.cwd} ${cwdProblem}`));
    return new Promise((resolve, reject) => {
      const child = childProcess.spawn(program, this.params.args, {
        env: this.params.env,
        cwd: this.params.cwd,
        stdio: ["pipe", "pipe", "pipe"],
        // A new process group (and session) led by the server: one signal reaches all it starts.
        detached: true,
        windowsHide: true,
      });
      this.child = child;
      this.leaderPid = child.pid;
      child.on("error", (error: NodeJS.ErrnoException) => {
        if (error.code === "EACCES") error.message = `${program} cannot be run (permission denied: is it executable?)`;
        reject(error);
        this.onerror?.(error);
      });
      child.on("spawn", () => resolve());
      child.on("close", (code, signal) => {
        this.onexit?.(code, signal);
        this.child = undefined;
        this.onclose?.();
      });
      // A server that closes its output but keeps running can never answer: the call waited
      // out its 10-minute timeout. Given a moment to exit by itself (then its exit code tells
      // more), it is stopped, and what it did is the reason.
      child.stdout.on("end", () => {
        if (this.closing || this.failure) return;
        setTimeout(() => {
          if (this.child === child && !this.closing && child.exitCode === null && child.signalCode === null) this.fail("closed its output while still running");
        }, OUTPUT_CLOSED_GRACE_MS).unref();
      });
      child.stdin.on("error", (error) => this.onerror?.(error));
      child.stdout.on("error", (error) => this.onerror?.(error));
      child.stdout.on("data", (chunk: Buffer) => {
        if (this.failure) return;
        try {
          this.buffer.append(chunk);
        } catch {
          // Past the cap (mcp-message-cap.ts): this throw, uncaught here, used to end the CLI.
          this.fail(messageTooLarge());
          return;
        }
        for (;;) {
          let message: JSONRPCMessage | null;
          try {
            message = this.buffer.readMessage();
          } catch (error) {
            this.onerror?.(error as Error);
            continue;
          }
          if (message === null) break;
          this.onmessage?.(message);
        }
      });
      child.stderr.pipe(this.stderr);
    });
  }

  /** Stops a server that broke the protocol; its close rejects what is pending with `failure` at hand. */
  private fail(reason: string): void {
    this.failure = reason;
    this.buffer.clear();
    this.child?.stdout?.destroy();
    this.onerror?.(new Error(reason));
    if (this.leaderPid !== undefined) signalServerGroup(this.leaderPid, "SIGKILL");
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || stdin.destroyed) return reject(new Error("the MCP server is not running"));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /**
   * Ends the server's input and gives it a moment to exit, then signals its whole group:
   * whatever it started goes with it, also when the server itself exited cleanly.
   */
  async close(): Promise<void> {
    const child = this.child;
    const pid = this.leaderPid;
    if (!child || pid === undefined) return;
    this.closing = true;
    const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
    const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((resolve) => child.once("exit", () => resolve()));
    try {
      child.stdin?.end();
    } catch {
      // Its input is already gone.
    }
    await Promise.race([exited, delay(GRACE_MS)]);
    signalServerGroup(pid, "SIGTERM");
    await Promise.race([closed, delay(GRACE_MS)]);
    if (this.child === child) signalServerGroup(pid, "SIGKILL");
    this.buffer.clear();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

/** Why `dir` cannot be a working folder, or undefined. */
function folderProblem(dir: string): string | undefined {
  try {
    return statSync(dir).isDirectory() ? undefined : "is not a folder";
  } catch {
    return "does not exist";
  }
}
