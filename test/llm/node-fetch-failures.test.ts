// Every way a request through our node:http fetch can go wrong, against real local servers:
// rejected or errored the way Node's fetch does it, since the SDKs (and through them our error
// mapping, errors.ts) read those shapes: TypeError "fetch failed" / "terminated", the abort reason.
import { readFileSync } from "node:fs";
import https from "node:https";
import { createServer as createNetServer, type AddressInfo, type Socket } from "node:net";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { nodeFetch } from "../../src/engine/llm/transport/node-fetch.js";
import { HAVE_OPENSSL, selfSignedCertificate } from "../helpers/https-files.js";
import { closeAfterTest, closedPortUrl, rejection, serve } from "../helpers/local-http.js";
import { waitFor } from "../helpers/processes.js";

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
    closeAfterTest(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const error = await rejection(nodeFetch(`https://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, { method: "POST", body: "{}" }));
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toBe("fetch failed");
    expect(error.cause?.code).toBe("DEPTH_ZERO_SELF_SIGNED_CERT");
  });

  it("rejects a status no Response can carry as a network error", async () => {
    const raw = createNetServer((socket) => socket.once("data", () => socket.end("HTTP/1.1 600 Odd\r\ncontent-length: 2\r\n\r\nno")));
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    try {
      const error = await rejection(nodeFetch(`http://127.0.0.1:${(raw.address() as AddressInfo).port}/`, { method: "POST", body: "{}" }));
      expect(error).toBeInstanceOf(TypeError);
      expect(String(error.cause)).toMatch(/status 600/);
    } finally {
      await new Promise((resolve) => raw.close(resolve));
    }
  });

  it("rejects a scheme it cannot speak as a network error", async () => {
    const error = await rejection(nodeFetch("ftp://127.0.0.1/x"));
    expect(error).toBeInstanceOf(TypeError);
    expect(String(error.cause)).toMatch(/unsupported URL scheme ftp:/);
  });
});
