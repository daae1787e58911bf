// An editor as ACP clients are written: the official library's client side, driving a real
// `mini-agent acp` child process over its stdio. It records every session/update and answers
// permission requests with a scripted choice.
import type { ChildProcess } from "node:child_process";
import { Readable, Writable } from "node:stream";
import {
  client,
  methods,
  ndJsonStream,
  PROTOCOL_VERSION,
  type ClientConnection,
  type RequestPermissionRequest,
  type RequestPermissionResponse,
  type SessionNotification,
} from "@agentclientprotocol/sdk";
import { afterEach } from "vitest";
import type { FakeServer } from "./fake-openai-server.js";
import { startCli } from "./run-cli.js";

/** A 1×1 PNG: the smallest image a prompt can carry. */
export const ONE_PIXEL_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/** Lists for the editors and fake servers a test file starts: each is closed after every test. */
export function closedAfterEachTest(): { editors: Editor[]; servers: FakeServer[] } {
  const started = { editors: [] as Editor[], servers: [] as FakeServer[] };
  afterEach(async () => {
    await Promise.all(started.editors.splice(0).map((editor) => editor.close()));
    await Promise.all(started.servers.splice(0).map((server) => server.close()));
  });
  return started;
}

export interface Editor {
  child: ChildProcess;
  connection: ClientConnection;
  updates: SessionNotification[];
  permissions: RequestPermissionRequest[];
  /** Permission requests the agent withdrew (`$/cancel_request` aborted the handler). */
  withdrawn: RequestPermissionRequest[];
  stderr(): string;
  /** Closes stdin (as an editor does when done) and waits for the exit code. */
  close(): Promise<number | null>;
  /** The exit code, once the process has exited (without closing stdin). */
  exited: Promise<number | null>;
}

export type PermissionAnswer = (request: RequestPermissionRequest, signal: AbortSignal) => Promise<RequestPermissionResponse> | RequestPermissionResponse;

export const choose = (optionId: string): PermissionAnswer => () => ({ outcome: { outcome: "selected", optionId } });

export function startEditor(cwd: string, env: Record<string, string>, answer: PermissionAnswer = choose("allow_once"), args: string[] = []): Editor {
  const child = startCli(["acp", ...args], { cwd, env });
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const updates: SessionNotification[] = [];
  const permissions: RequestPermissionRequest[] = [];
  const withdrawn: RequestPermissionRequest[] = [];
  const app = client({ name: "test-editor" })
    .onNotification(methods.client.session.update, ({ params }) => {
      updates.push(params);
    })
    .onRequest(methods.client.session.requestPermission, async ({ params, signal }) => {
      permissions.push(params);
      signal.addEventListener("abort", () => withdrawn.push(params), { once: true });
      return answer(params, signal);
    });
  const stream = ndJsonStream(Writable.toWeb(child.stdin!) as WritableStream<Uint8Array>, Readable.toWeb(child.stdout!) as ReadableStream<Uint8Array>);
  const connection = app.connect(stream);
  return {
    child,
    connection,
    updates,
    permissions,
    withdrawn,
    stderr: () => stderr,
    exited,
    close: async () => {
      child.stdin?.end();
      return exited;
    },
  };
}

export async function initialize(editor: Editor) {
  return editor.connection.agent.request(methods.agent.initialize, {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false },
    clientInfo: { name: "test-editor", version: "1.0.0" },
  });
}

/** The updates of one kind for a session, in order. */
export function updatesOf(editor: Editor, sessionId: string, kind: string): Record<string, unknown>[] {
  return editor.updates
    .filter((note) => note.sessionId === sessionId && note.update.sessionUpdate === kind)
    .map((note) => note.update as unknown as Record<string, unknown>);
}

/** The text of the agent_message_chunk (or another chunk kind) updates, joined. */
export function chunkText(editor: Editor, sessionId: string, kind = "agent_message_chunk"): string {
  return updatesOf(editor, sessionId, kind)
    .map((update) => (update["content"] as { type: string; text?: string }).text ?? "")
    .join("");
}
