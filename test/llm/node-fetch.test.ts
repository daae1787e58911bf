// Our node:http fetch (the one under the provider SDKs) against real local servers: the bytes
// it sends, the response it hands over, and every way a request can go wrong, rejected or
// errored the way Node's fetch does it, since the SDKs and our error mapping read those shapes.
import diagnostics from "node:diagnostics_channel";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import https from "node:https";
import type { AddressInfo, Socket } from "node:net";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { nodeFetch } from "../../src/engine/llm/node-fetch.js";
import { REQUEST_BODY_SENT_CHANNEL } from "../../src/engine/llm/request-channel.js";
import { HAVE_OPENSSL, selfSignedCertificate } from "../helpers/https-files.js";
import { waitFor } from "../helpers/processes.js";

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
}

interface Local {
  url: string;
  seen: Seen[];
  connections: number;
  closedRequests: number;
  close(): Promise<void>;
}

const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A local server whose handler runs once each request body has arrived. */
async function serve(handler: (req: IncomingMessage, res: ServerResponse, seen: Seen) => void, host = "127.0.0.1"): Promise<Local> {
  const local: Local = { url: "", seen: [], connections: 0, closedRequests: 0, close: async () => undefined };
  const server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on("data", (part: Buffer) => parts.push(part));
    req.on("end", () => {
      const seen = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(parts) };
      local.seen.push(seen);
      handler(req, res, seen);
    });
    res.on("close", () => (local.closedRequests += 1));
  });
  server.on("connection", () => (local.connections += 1));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  local.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return local;
}

/** A URL on a port nothing listens on any more. */
async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

async function rejection(promise: Promise<unknown>): Promise<Error & { cause?: { code?: string } }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { cause?: { code?: string } };
  }
  throw new Error("expected a rejection");
}

describe("what the fetch sends", () => {
  it("sends a string body byte for byte, with its length and the SDK's headers, and fetch's accept headers", async () => {
    const local = await serve((_req, res) => res.end("ok"));
    const body = JSON.stringify({ model: "m", text: "grüße ✓" });
    const headers = new Headers({ "content-type": "application/json", "X-Stainless-Retry-Count": "0" });
    headers.append("x-multi", "a");
    headers.append("x-multi", "b");
    const response = await nodeFetch(`${local.url}/v1/chat`, { method: "post", headers, body });
    expect(await response.text()).toBe("ok");
    const [seen] = local.seen;
    expect(seen?.method).toBe("POST");
    expect(seen?.path).toBe("/v1/chat");
    expect(seen?.body.toString("utf8")).toBe(body);
    expect(seen?.headers["content-length"]).toBe(String(Buffer.byteLength(body)));
    expect(seen?.headers["content-type"]).toBe("application/json");
    expect(seen?.headers["x-stainless-retry-count"]).toBe("0");
    expect(seen?.headers["x-multi"]).toBe("a, b");
    expect(seen?.headers["accept-encoding"]).toBe("gzip, deflate");
    expect(seen?.headers["accept"]).toBe("*/*");
  });

  it("sends a Uint8Array view and a Blob as their bytes, from a plain header object", async () => {
    const local = await serve((_req, res) => res.end());
    const backing = new Uint8Array([9, 1, 2, 3, 9]);
    await nodeFetch(local.url, { method: "PUT", body: backing.subarray(1, 4), headers: { "Content-Type": "application/octet-stream" } });
    await nodeFetch(local.url, { method: "POST", body: new Blob(["blob body"], { type: "text/x-test" }) });
    expect([...(local.seen[0]?.body ?? [])]).toEqual([1, 2, 3]);
    expect(local.seen[0]?.headers["content-length"]).toBe("3");
    expect(local.seen[1]?.body.toString()).toBe("blob body");
    expect(local.seen[1]?.headers["content-type"]).toBe("text/x-test");
  });

  it("publishes on its request-sent channel once the body is out, before the answer", async () => {
    const sent: unknown[] = [];
    const onSent = (message: unknown) => sent.push(message);
    diagnostics.subscribe(REQUEST_BODY_SENT_CHANNEL, onSent);
    try {
      // The answer waits for the publication: were it published only later, this would never resolve.
      const local = await serve((_req, res) => void waitFor(() => sent.length > 0, 10_000, "the channel").then(() => res.end("late")));
      const response = await nodeFetch(`${local.url}/x`, { method: "POST", body: "{}" });
      expect(await response.text()).toBe("late");
      expect(sent).toEqual([{ url: `${local.url}/x` }]);
    } finally {
      diagnostics.unsubscribe(REQUEST_BODY_SENT_CHANNEL, onSent);
    }
  });

  it("reuses one kept-alive connection for requests in turn", async () => {
    const local = await serve((_req, res) => res.end("again"));
    for (let i = 0; i < 3; i++) expect(await (await nodeFetch(local.url, { method: "POST", body: "{}" })).text()).toBe("again");
    expect(local.connections).toBe(1);
  });
});

describe("what the fetch hands over", () => {
  it("keeps the status, its text, the URL and every header, repeated ones too", async () => {
    const local = await serve((_req, res) => {
      res.writeHead(201, "Made It", [["set-cookie", "a=1"], ["set-cookie", "b=2"], ["x-request-id", "req_7"], ["x-dup", "one"], ["x-dup", "two"]]);
      res.end("created");
    });
    const response = await nodeFetch(`${local.url}/made`, { method: "POST", body: "{}" });
    expect(response.status).toBe(201);
    expect(response.ok).toBe(true);
    expect(response.statusText).toBe("Made It");
    expect(response.url).toBe(`${local.url}/made`);
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(response.headers.get("x-dup")).toBe("one, two");
    expect(response.headers.get("x-request-id")).toBe("req_7");
    expect(await response.text()).toBe("created");
  });

  it.each([
    ["gzip", "gzip", gzipSync],
    ["x-gzip", "x-gzip", gzipSync],
    ["zlib deflate", "deflate", deflateSync],
    ["raw deflate", "deflate", deflateRawSync], // which some servers send under "deflate"
    ["br", "br", brotliCompressSync],
  ])("decodes a %s body", async (_label, coding, encode) => {
    const text = "data: {\"x\":1}\n\n".repeat(200);
    const local = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "content-encoding": coding });
      res.end(encode(Buffer.from(text)));
    });
    const response = await nodeFetch(local.url, { method: "POST", body: "{}" });
    expect(response.headers.get("content-encoding")).toBe(coding);
    expect(await response.text()).toBe(text);
  });

  it("decodes two codings in the order they were applied", async () => {
    const local = await serve((_req, res) => {
      res.writeHead(200, { "content-encoding": "deflate, gzip" });
      res.end(gzipSync(deflateSync(Buffer.from("twice"))));
    });
    expect(await (await nodeFetch(local.url)).text()).toBe("twice");
  });

  it("gives a 204 no body and an error status its body", async () => {
    let calls = 0;
    const local = await serve((_req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(204).end();
      else res.writeHead(503, { "content-type": "application/json" }).end('{"error":{"message":"busy"}}');
    });
    const empty = await nodeFetch(local.url, { method: "POST", body: "{}" });
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const failed = await nodeFetch(local.url, { method: "POST", body: "{}" });
    expect(failed.ok).toBe(false);
    expect(await failed.json()).toEqual({ error: { message: "busy" } });
  });

  it("follows a 307 with the same body, a 303 as a GET, and drops the key when the origin changes", async () => {
    const target = await serve((_req, res) => res.end("landed"), "localhost");
    const local = await serve((req, res) => {
      if (req.url === "/first") res.writeHead(307, { location: "/second" }).end();
      else if (req.url === "/second") res.writeHead(303, { location: `${target.url}/third` }).end();
      else res.writeHead(500).end();
    });
    const response = await nodeFetch(`${local.url}/first`, { method: "POST", body: "keep me", headers: { authorization: "Bearer k" } });
    expect(await response.text()).toBe("landed");
    expect(response.url).toBe(`${target.url}/third`);
    expect(local.seen.map((s) => [s.method, s.path, s.body.toString(), s.headers.authorization])).toEqual([
      ["POST", "/first", "keep me", "Bearer k"],
      ["POST", "/second", "keep me", "Bearer k"],
    ]);
    expect(target.seen.map((s) => [s.method, s.body.length, s.headers.authorization, s.headers["content-length"]])).toEqual([
      ["GET", 0, undefined, undefined],
    ]);
  });
});

describe("when the request goes wrong", () => {
  it("rejects a refused connection as fetch does: TypeError 'fetch failed' with ECONNREFUSED as the cause", async () => {
    const error = await rejection(nodeFetch(await closedPortUrl(), { method: "POST", body: "{}" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect(error.cause?.code).toBe("ECONNREFUSED");
  });

  it("rejects an aborted signal with its reason and sends nothing", async () => {
    const local = await serve((_req, res) => res.end());
    const controller = new AbortController();
    controller.abort();
    const error = await rejection(nodeFetch(local.url, { method: "POST", body: "{}", signal: controller.signal }));
    expect(error.name).toBe("AbortError");
    expect(local.connections).toBe(0);
  });

  it("an abort while waiting for headers rejects with the reason and closes the connection", async () => {
    const local = await serve(() => undefined); // never answers
    const controller = new AbortController();
    const pending = nodeFetch(local.url, { method: "POST", body: "{}", signal: controller.signal });
    await waitFor(() => local.seen.length === 1, 10_000, "the request to arrive");
    controller.abort(new DOMException("stopped by the test", "AbortError"));
    const error = await rejection(pending);
    expect(error.name).toBe("AbortError");
    expect(error.message).toBe("stopped by the test");
    await waitFor(() => local.closedRequests === 1, 10_000, "the server to see the connection close");
  });

  it("an abort mid-body errors the body stream with the reason and closes the connection", async () => {
    const local = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: first\n\n"); // and nothing more
    });
    const controller = new AbortController();
    const response = await nodeFetch(local.url, { method: "POST", body: "{}", signal: controller.signal });
    const reader = response.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe("data: first\n\n");
    controller.abort();
    const error = await rejection(reader.read());
    expect(error.name).toBe("AbortError");
    await waitFor(() => local.closedRequests === 1, 10_000, "the server to see the connection close");
  });

  it("a connection reset mid-body errors the body with TypeError 'terminated' (ECONNRESET)", async () => {
    let socket: Socket | undefined;
    const local = await serve((req, res) => {
      socket = req.socket;
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: partial\n\n");
    });
    const response = await nodeFetch(local.url, { method: "POST", body: "{}" });
    const reader = response.body!.getReader();
    await reader.read();
    socket?.resetAndDestroy();
    const error = await rejection(reader.read());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("terminated");
    expect(error.cause?.code).toBe("ECONNRESET");
    expect(local.seen).toHaveLength(1);
  });

  it("a gzip body cut short by a reset errors too, instead of ending quietly", async () => {
    const whole = gzipSync(Buffer.from("data: x\n\n".repeat(5000)));
    const local = await serve((req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream", "content-encoding": "gzip" });
      res.write(whole.subarray(0, whole.length >> 1), () => req.socket.resetAndDestroy());
    });
    const response = await nodeFetch(local.url, { method: "POST", body: "{}" });
    const error = await rejection(response.text());
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("terminated");
  });

  it.skipIf(!HAVE_OPENSSL)("rejects an https server whose certificate nobody vouches for, naming why", async () => {
    const { key, cert } = selfSignedCertificate();
    const server = https.createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => res.end("never read"));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const error = await rejection(nodeFetch(`https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, { method: "POST", body: "{}" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect(error.cause?.code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("rejects a scheme it cannot speak as a network error", async () => {
    const error = await rejection(nodeFetch("ftp://127.0.0.1/x"));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error.cause)).toMatch(/unsupported URL scheme ftp:/);
  });
});
