// A scripted HTTP server on 127.0.0.1 that speaks provider wire formats byte for byte
// (docs/providers.md §8). It records every request (method, path, headers, body bytes) and answers
// the Nth request with the Nth step: SSE bytes with pauses, a status with headers, or a
// socket destroyed mid-stream. The Anthropic fake reuses the server and adds its builders.
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  /** Path as sent; an absolute URL when the client used this server as an HTTP proxy. */
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A piece of the response body, or a pause between writes. */
export type Chunk = string | Buffer | { pauseMs: number };

export type Step =
  | {
      kind: "sse";
      chunks: Chunk[];
      status?: number;
      headers?: Record<string, string>;
      /** Destroy the socket after the chunks instead of ending the response cleanly. */
      destroy?: boolean;
    }
  | { kind: "status"; status: number; headers?: Record<string, string>; body?: string | object }
  /** Drop the connection before sending any response. */
  | { kind: "reset" }
  /** Accept the request and never answer (until the client gives up and hangs up). */
  | { kind: "hang" };

export interface FakeServer {
  url: string;
  requests: RecordedRequest[];
  /** How many responses the server has finished with (sent, or given up on a hung-up client). */
  readonly answered: number;
  /** Body of request n parsed as JSON. */
  json(n: number): Record<string, unknown>;
  close(): Promise<void>;
}

export function sse(...chunks: Chunk[]): Step {
  return { kind: "sse", chunks };
}

export function status(code: number, body?: string | object, headers?: Record<string, string>): Step {
  return { kind: "status", status: code, ...(body !== undefined ? { body } : {}), ...(headers ? { headers } : {}) };
}

/** A script: the Nth step answers the Nth request, or a function chooses by what was asked. */
export type Script = Step[] | ((request: RecordedRequest, index: number) => Step);

export async function startScriptedServer(script: Script): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  let answered = 0;
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(parts) };
      requests.push(request);
      const step =
        (typeof script === "function" ? script(request, requests.length - 1) : script[requests.length - 1]) ??
        status(500, { error: { message: "fake server: script exhausted" } });
      void answer(step, res).finally(() => (answered += 1));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get answered() {
      return answered;
    },
    json: (n) => JSON.parse((requests[n] as RecordedRequest).body.toString("utf8")) as Record<string, unknown>,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function answer(step: Step, res: ServerResponse): Promise<void> {
  if (step.kind === "reset") {
    res.socket?.destroy();
    return;
  }
  if (step.kind === "hang") {
    await new Promise((resolve) => res.once("close", resolve));
    return;
  }
  if (step.kind === "status") {
    const body = typeof step.body === "string" ? step.body : step.body === undefined ? "" : JSON.stringify(step.body);
    res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
    res.end(body);
    return;
  }
  res.writeHead(step.status ?? 200, { "content-type": "text/event-stream", "cache-control": "no-cache", ...step.headers });
  res.flushHeaders();
  for (const chunk of step.chunks) {
    // The client may hang up (abort, early error); stop writing rather than crash (§7.20).
    if (res.destroyed) return;
    if (typeof chunk === "object" && !Buffer.isBuffer(chunk)) await new Promise((r) => setTimeout(r, chunk.pauseMs));
    else res.write(chunk);
  }
  if (step.destroy) {
    // Give the written bytes a moment to leave before the reset.
    await new Promise((r) => setTimeout(r, 20));
    res.socket?.destroy();
  } else if (!res.destroyed) {
    res.end();
  }
}

// ---- OpenAI Chat Completions (§2) -------------------------------------------------------

export const DONE = "data: [DONE]\n\n";

export function data(payload: unknown): string {
  return `data: ${JSON.stringify(payload)}\n\n`;
}

/** One chat.completion.chunk with choice 0 carrying `delta`. */
export function chunk(delta: Record<string, unknown>, finish: string | null = null, extra: Record<string, unknown> = {}): string {
  return data({
    id: "chatcmpl-w1",
    object: "chat.completion.chunk",
    created: 1764460800,
    model: "gpt-example",
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    usage: null,
    ...extra,
  });
}

export function usageChunk(usage: Record<string, unknown>): string {
  return data({ id: "chatcmpl-w1", object: "chat.completion.chunk", created: 1764460800, model: "gpt-example", choices: [], usage });
}

export function toolDelta(index: number, fields: { id?: string; name?: string; args?: string }): Record<string, unknown> {
  const fn: Record<string, unknown> = {};
  if (fields.name !== undefined) fn["name"] = fields.name;
  if (fields.args !== undefined) fn["arguments"] = fields.args;
  return {
    tool_calls: [{ index, ...(fields.id !== undefined ? { id: fields.id, type: "function" } : {}), function: fn }],
  };
}

/** A complete plain-text chat stream: role chunk, text chunks, finish, usage, [DONE]. */
export function chatText(...texts: string[]): Step {
  return sse(
    chunk({ role: "assistant", content: "" }),
    ...texts.map((t) => chunk({ content: t })),
    chunk({}, "stop"),
    usageChunk({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 }),
    DONE,
  );
}

// ---- OpenAI Responses (§3) --------------------------------------------------------------

/** Builds Responses events with increasing sequence_number, each with its `event:` line. */
export function responsesEvents(events: [type: string, fields: Record<string, unknown>][]): string[] {
  return events.map(([type, fields], i) => `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: i, ...fields })}\n\n`);
}

export function responseObject(fields: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: "resp_w4", object: "response", created_at: 1764460804, model: "gpt-example", output: [], usage: null, ...fields };
}

// ---- Model lists ------------------------------------------------------------------------

/** OpenAI-compatible `GET /models`: one page, as api.openai.com answers it. */
export function openAiModels(ids: readonly string[]): Step {
  return status(200, { object: "list", data: ids.map((id) => ({ id, object: "model", created: 1764460800, owned_by: "fake" })) });
}

/** A script that answers `GET …/models` with `ids` and every other request from `rest` in order. */
export function withModelsRoute(ids: readonly string[], rest: Step[], list: (ids: readonly string[]) => Step = openAiModels): Script {
  let next = 0;
  return (request) => (request.method === "GET" && /\/models(\?|$)/.test(request.path) ? list(ids) : (rest[next++] ?? status(500, { error: { message: "fake server: script exhausted" } })));
}
