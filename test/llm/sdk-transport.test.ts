// The official SDKs over our node:http fetch, end to end through createProvider: what the
// fetch hands the SDK (compressed streams, compressed error bodies, refused connections,
// aborts) reaches our adapters and error mapping as it did over Node's own fetch.
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { messageDelta, messageStart, blockDelta, blockStart, blockStop, event } from "../helpers/fake-anthropic-server.js";
import { DONE, chunk, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { closedPortUrl, serve } from "../helpers/local-http.js";
import { waitFor } from "../helpers/processes.js";
import { anthropicConfig, build, collect, kimiConfig, ofType, request, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A server that answers every request with one fixed, gzip-compressed response. */
async function gzipServer(status: number, contentType: string, body: string): Promise<string> {
  const local = await serve((_req, res) => {
    res.writeHead(status, { "content-type": contentType, "content-encoding": "gzip", "x-request-id": "req_gz" });
    res.end(gzipSync(Buffer.from(body)));
  });
  return `${local.url}/v1`;
}

describe("the SDKs over our fetch", () => {
  it("send through node:http, not Node's fetch: none of undici's browser headers go out", async () => {
    server = await startScriptedServer([{ kind: "sse", chunks: [chunk({ content: "hi" }), chunk({}, "stop"), DONE] }]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    const headers = server.requests[0]!.headers;
    expect(headers["sec-fetch-mode"]).toBeUndefined();
    expect(headers["accept-language"]).toBeUndefined();
    expect(headers["user-agent"]).toBe("mini-agent/9.9.9-test");
    expect(headers["accept-encoding"]).toBe("gzip, deflate");
  });

  it("a gzip-compressed event stream reaches the chat adapter decoded", async () => {
    const url = await gzipServer(200, "text/event-stream", chunk({ role: "assistant", content: "" }) + chunk({ content: "squeezed" }) + chunk({}, "stop") + DONE);
    const { parts, error } = await collect(await build(kimiConfig(url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("squeezed");
  });

  it("a gzip-compressed 400 error body reaches our error mapping with its message and request id", async () => {
    const url = await gzipServer(400, "application/json", JSON.stringify({ error: { message: "Invalid 'tools[0]': bad schema", type: "invalid_request_error" } }));
    const { error } = await collect(await build(kimiConfig(url)));
    expect(error).toBeInstanceOf(ProviderError);
    const err = error as ProviderError;
    expect(err.status).toBe(400);
    expect(err.message).toMatch(/kimi error 400: Invalid 'tools\[0\]': bad schema \(request id req_gz\)/);
  });

  it("a gzip-compressed 529 from Anthropic is retried and then reported with its body", async () => {
    const url = await gzipServer(529, "application/json", JSON.stringify({ type: "error", error: { type: "overloaded_error", message: "Overloaded" } }));
    const { parts, error } = await collect(await build(anthropicConfig(url), { retry: { baseDelayMs: 1, maxBackoffMs: 2, maxRetries: 1 } }));
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect((error as ProviderError).message).toMatch(/anthropic error 529: Overloaded.*gave up after 2 attempts/);
  });

  it("a refused connection is a retried network error naming ECONNREFUSED", async () => {
    const url = `${await closedPortUrl()}/v1`;
    const { parts, error } = await collect(await build(kimiConfig(url), { retry: { baseDelayMs: 1, maxBackoffMs: 2, maxRetries: 2 } }));
    expect(ofType(parts, "retry").map((part) => part.reason)).toEqual([expect.stringContaining("ECONNREFUSED"), expect.stringContaining("ECONNREFUSED")]);
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain(`Could not reach kimi at ${url}: Connection error: fetch failed (ECONNREFUSED)`);
  });

  it("a proxy that refuses the connection is named (password hidden), not only the model's address it never reached", async () => {
    const dead = await closedPortUrl();
    const proxy = dead.replace("http://", "http://bob:hunter2pass@");
    const url = "http://model.example:8080/v1";
    const { error } = await collect(await build(kimiConfig(url, { proxy: { httpProxy: proxy } }), { retry: { baseDelayMs: 1, maxBackoffMs: 2, maxRetries: 0 } }));
    const message = (error as ProviderError).message;
    expect(message).toContain(`Could not reach kimi at ${url} through the proxy ${dead.replace("http://", "http://…:…@")}: `);
    expect(message).toContain("ECONNREFUSED");
    expect(message).not.toContain("hunter2pass");
  });

  it("a host NO_PROXY exempts is reported without the proxy, as undici dials it directly", async () => {
    const url = `${await closedPortUrl()}/v1`;
    const config = kimiConfig(url, { proxy: { httpProxy: "http://127.0.0.1:9", httpsProxy: "http://127.0.0.1:9", noProxy: "example.org, 127.0.0.1" } });
    const { error } = await collect(await build(config, { retry: { baseDelayMs: 1, maxBackoffMs: 2, maxRetries: 0 } }));
    expect((error as ProviderError).message).toContain(`Could not reach kimi at ${url}: `);
    expect((error as ProviderError).message).not.toContain("proxy");
  });

  it("an abort while the server holds the headers ends the stream as cancelled, without a retry", async () => {
    server = await startScriptedServer([{ kind: "hang" }, { kind: "hang" }]);
    const controller = new AbortController();
    const outcome = collect(await build(anthropicConfig(server.url)), request(undefined, { signal: controller.signal }));
    await waitFor(() => server!.requests.length === 1, 10_000, "the request to arrive");
    controller.abort();
    const { parts, error } = await outcome;
    expect((error as Error).name).toBe("AbortError");
    expect(ofType(parts, "retry")).toEqual([]);
    await waitFor(() => server!.answered === 1, 10_000, "the server to see the hang-up");
    expect(server.requests).toHaveLength(1);
  });

  it("Anthropic's stream arrives whole over a kept-alive connection, twice in a row", async () => {
    const answer = {
      kind: "sse" as const,
      chunks: [
        messageStart(),
        blockStart(0, { type: "text", text: "" }),
        blockDelta(0, { type: "text_delta", text: "again" }),
        blockStop(0),
        messageDelta("end_turn"),
        event("message_stop", {}),
      ],
    };
    server = await startScriptedServer([answer, answer]);
    const provider = await build(anthropicConfig(server.url));
    expect(textOf((await collect(provider)).parts)).toBe("again");
    expect(textOf((await collect(provider)).parts)).toBe("again");
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/messages", "/v1/messages"]);
  });
});
