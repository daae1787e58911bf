// Our node:http fetch (the one under the provider SDKs) against real local servers: the bytes
// it sends and the response it hands over, in the shapes the SDKs read from Node's fetch.
import diagnostics from "node:diagnostics_channel";
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { nodeFetch } from "../../src/engine/llm/transport/node-fetch.js";
import { REQUEST_BODY_SENT_CHANNEL } from "../../src/engine/llm/transport/request-channel.js";
import { serve } from "../helpers/local-http.js";
import { waitFor } from "../helpers/processes.js";

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
    const response = await nodeFetch(`${local.url}/first`, { method: "POST", body: "keep me", headers: { authorization: "Bearer k", "x-api-key": "sk-ant-k" } });
    expect(await response.text()).toBe("landed");
    expect(response.url).toBe(`${target.url}/third`);
    expect(local.seen.map((s) => [s.method, s.path, s.body.toString(), s.headers.authorization])).toEqual([
      ["POST", "/first", "keep me", "Bearer k"],
      ["POST", "/second", "keep me", "Bearer k"],
    ]);
    expect(target.seen.map((s) => [s.method, s.body.length, s.headers.authorization, s.headers["x-api-key"], s.headers["content-length"]])).toEqual([
      ["GET", 0, undefined, undefined, undefined],
    ]);
  });
});
