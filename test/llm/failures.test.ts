// Failure handling through the real transport: retries before a stream starts (visible as
// parts), no retry once output arrived, truncation, classification of auth, context-length
// and Kimi's client gate. Retry waits are kept tiny with retry-after-ms and a 5 ms base.
import { afterEach, describe, expect, it } from "vitest";
import { DONE, chatText, chunk, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { TEST_KEY, build, collect, kimiConfig, ofType, openAiConfig, providerError, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("retries before the stream starts", () => {
  it("waits what retry-after-ms asks on a 429, shows the retry, then succeeds", async () => {
    server = await startScriptedServer([
      status(429, { error: { message: "Rate limit reached. Please try again in 1s.", type: "requests", code: "rate_limit_exceeded" } }, { "retry-after-ms": "10" }),
      chatText("done"),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")).toEqual([{ type: "retry", attempt: 1, delayMs: 10, reason: expect.stringContaining("429") }]);
    expect(textOf(parts)).toBe("done");
    expect(server.requests).toHaveLength(2);
    // The SDK itself never retried: each attempt is a fresh request with retry count 0.
    expect(server.requests.map((r) => r.headers["x-stainless-retry-count"])).toEqual(["0", "0"]);
    expect(server.json(1)).toEqual(server.json(0));
  });

  it("honours retry-after in seconds", async () => {
    server = await startScriptedServer([status(503, { error: { message: "busy" } }, { "retry-after": "0.02" }), chatText("ok")]);
    const { parts } = await collect(await build(kimiConfig(server.url)));
    expect(ofType(parts, "retry")[0]?.delayMs).toBe(20);
  });

  it("does not retry a 503 that says x-should-retry: false", async () => {
    server = await startScriptedServer([status(503, { error: { message: "Slow Down" } }, { "x-should-retry": "false" }), chatText("never")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    const err = providerError(error);
    expect(err.kind).toBe("provider");
    expect(err.status).toBe(503);
    expect(ofType(parts, "retry")).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("backs off on 5xx with its own base delay and gives up after maxRetries", async () => {
    server = await startScriptedServer([status(500, "oops"), status(502, "bad gateway"), status(529, "overloaded")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { retry: { baseDelayMs: 5, maxRetries: 2 } }));
    expect(ofType(parts, "retry").map((r) => r.attempt)).toEqual([1, 2]);
    expect(ofType(parts, "retry").every((r) => r.delayMs <= 10)).toBe(true);
    expect(providerError(error).message).toContain("gave up after 3 attempts");
    expect(server.requests).toHaveLength(3);
  });

  it("retries a connection dropped before any response", async () => {
    server = await startScriptedServer([{ kind: "reset" }, chatText("ok")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect(textOf(parts)).toBe("ok");
  });

  it("retries a socket destroyed mid-stream before any output", async () => {
    server = await startScriptedServer([
      { kind: "sse", chunks: [chunk({ role: "assistant", content: "" })], destroy: true },
      chatText("second try"),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect(textOf(parts)).toBe("second try");
  });

  it("retries a stream that ended cleanly without [DONE] or a finish reason, before any output", async () => {
    server = await startScriptedServer([sse(chunk({ role: "assistant", content: "" })), chatText("whole")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")[0]?.reason).toContain("[DONE]");
  });

  it("does not retry a 429 for an exhausted quota", async () => {
    server = await startScriptedServer([
      status(429, { error: { message: "You exceeded your current quota, please check your plan and billing details.", type: "insufficient_quota", code: "insufficient_quota" } }),
    ]);
    const { error } = await collect(await build(openAiConfig(server.url)));
    expect(providerError(error).status).toBe(429);
    expect(server.requests).toHaveLength(1);
  });

  it("does not sit out a retry-after longer than a minute", async () => {
    server = await startScriptedServer([status(429, { error: { message: "slow down" } }, { "retry-after": "3600" })]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).message).toContain("asked to wait 3600s");
    expect(server.requests).toHaveLength(1);
  });

  it("reads OpenAI's 'try again in 1m30s' as 90 s, too long to sit out", async () => {
    server = await startScriptedServer([
      status(429, { error: { message: "Rate limit reached for gpt-5 on tokens per min (TPM): Limit 30000, Used 29000. Please try again in 1m30s.", code: "rate_limit_exceeded" } }),
    ]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).message).toContain("asked to wait 90s");
    expect(server.requests).toHaveLength(1);
  });

  it("a retry-after of zero or less asks for nothing: the default backoff, not an immediate retry", async () => {
    server = await startScriptedServer([
      status(429, { error: { message: "slow down" } }, { "retry-after": "-5" }),
      status(429, { error: { message: "slow down" } }, { "retry-after": "0" }),
      chatText("ok"),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { retry: { baseDelayMs: 40, maxBackoffMs: 80 } }));
    expect(error).toBeUndefined();
    // The backoff from a 40 ms base with its jitter (×0.75–1): at least 30 ms, then at least 60 ms.
    expect(ofType(parts, "retry").map((retry) => retry.delayMs >= 30 * 2 ** (retry.attempt - 1))).toEqual([true, true]);
  });

  it("retries an in-band server_error that arrives before any output", async () => {
    server = await startScriptedServer([
      sse(chunk({ role: "assistant" }), `data: {"error":{"message":"The server had an error while processing your request.","type":"server_error","param":null,"code":null}}\n\n`),
      chatText("ok"),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")).toHaveLength(1);
  });
});

describe("failures after output began", () => {
  it("keeps the text, ends with a stream error and does not retry when the socket dies mid-stream", async () => {
    server = await startScriptedServer([{ kind: "sse", chunks: [chunk({ content: "Port is " })], destroy: true }, chatText("never")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(textOf(parts)).toBe("Port is ");
    expect(providerError(error).kind).toBe("stream");
    expect(ofType(parts, "finish")).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("treats a truncated stream (no [DONE], no finish) as an error, not a silent success", async () => {
    server = await startScriptedServer([sse(chunk({ content: "partial" }))]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(textOf(parts)).toBe("partial");
    expect(providerError(error).kind).toBe("stream");
    expect(ofType(parts, "finish")).toEqual([]);
  });

  it("never yields a tool call from a stream that broke off", async () => {
    server = await startScriptedServer([
      { kind: "sse", chunks: [chunk({ content: "Reading." }), chunk({ tool_calls: [{ index: 0, id: "c1", function: { name: "read_file", arguments: '{"pa' } }] })], destroy: true },
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).kind).toBe("stream");
    expect(ofType(parts, "tool_call")).toEqual([]);
  });

  it("a socket that dies after text arrived is a stream that broke off, not a provider it could not reach", async () => {
    server = await startScriptedServer([{ kind: "sse", chunks: [chunk({ role: "assistant", content: "" }), chunk({ content: "Half an answ" })], destroy: true }]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(textOf(parts)).toBe("Half an answ");
    const err = providerError(error);
    expect(err.kind).toBe("stream");
    expect(err.message).toMatch(/stream broke off/);
    expect(err.message).not.toMatch(/Could not reach/);
    expect(server.requests).toHaveLength(1);
  });

  it("reports an in-band error after output as a stream error with the provider's words", async () => {
    server = await startScriptedServer([
      sse(chunk({ content: "par" }), `data: {"error":{"message":"The server had an error while processing your request.","type":"server_error"}}\n\n`),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(textOf(parts)).toBe("par");
    const err = providerError(error);
    expect(err.kind).toBe("stream");
    expect(err.message).toContain("The server had an error");
  });

  it("accepts a stream that has a finish reason but omits [DONE]", async () => {
    server = await startScriptedServer([sse(chunk({ content: "ok" }), chunk({}, "stop"))]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(parts.at(-1)).toEqual({ type: "finish", reason: "stop" });
  });
});

describe("classified errors", () => {
  it("explains Kimi's 403 access_terminated_error plainly and points to a Moonshot key or another provider", async () => {
    server = await startScriptedServer([
      status(403, {
        error: {
          message: "Kimi For Coding is currently only available for Coding Agents such as Kimi CLI, Claude Code, Roo Code, Kilo Code, etc.",
          type: "access_terminated_error",
        },
      }),
    ]);
    const { error } = await collect(await build(kimiConfig(`${server.url}/coding/v1`)));
    const err = providerError(error);
    expect(err.kind).toBe("auth");
    expect(err.status).toBe(403);
    expect(err.message).toContain("Kimi For Coding is currently only available for Coding Agents");
    expect(err.message).toContain("Moonshot");
    expect(err.message).toContain("--provider moonshot");
    expect(err.message).toContain("another provider");
    expect(server.requests).toHaveLength(1);
  });

  it("names the key's source on a 401 and never shows the key, even when the server echoes it", async () => {
    server = await startScriptedServer([
      status(401, { error: { message: `Incorrect API key provided: ${TEST_KEY}.`, type: "invalid_request_error", code: "invalid_api_key" } }),
    ]);
    const { error } = await collect(await build(openAiConfig(server.url)));
    const err = providerError(error);
    expect(err.kind).toBe("auth");
    expect(err.message).toContain("env OPENAI_API_KEY");
    expect(err.message).not.toContain(TEST_KEY);
    expect(err.message).toContain("sk-…wxyz");
    // The server's own full stop gives way to ours: never "wxyz.. The key came from".
    expect(err.message).toContain("sk-…wxyz. The key came from env OPENAI_API_KEY.");
  });

  it("recognises OpenAI's context_length_exceeded as its own kind", async () => {
    server = await startScriptedServer([
      status(400, {
        error: {
          message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 131072 tokens.",
          type: "invalid_request_error",
          param: "messages",
          code: "context_length_exceeded",
        },
      }),
    ]);
    const { error } = await collect(await build(openAiConfig(server.url)));
    expect(providerError(error).kind).toBe("context_length");
    expect(server.requests).toHaveLength(1);
  });

  it("recognises Kimi's token-limit wording as context length", async () => {
    server = await startScriptedServer([
      status(400, { error: { message: "Invalid request: Your request exceeded model token limit: 262144 (requested: 270112)", type: "invalid_request_error" } }),
    ]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).kind).toBe("context_length");
  });

  it("turns a JSON error under HTTP 200 into a classified error instead of a parse crash", async () => {
    server = await startScriptedServer([
      status(200, { error: { message: "Invalid request: Your request exceeded model token limit: 262144 (requested: 300000)", type: "invalid_request_error" } }),
    ]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).kind).toBe("context_length");
  });

  it("reports an HTML page under HTTP 200 as a broken stream", async () => {
    server = await startScriptedServer([status(200, "<html><body>Captive portal</body></html>", { "content-type": "text/html" })]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    const err = providerError(error);
    expect(err.kind).toBe("stream");
    expect(err.message).toContain("text/html");
    expect(server.requests).toHaveLength(1);
  });

  it("gives up on a stream that goes silent (keep-alives do not count as data)", async () => {
    const pings = Array.from({ length: 30 }, () => [": keep-alive\n\n", { pauseMs: 10 }]).flat() as (string | { pauseMs: number })[];
    server = await startScriptedServer([sse(...pings, chunk({ content: "late" }), chunk({}, "stop"), DONE)]);
    const { error } = await collect(await build(kimiConfig(server.url), { idleTimeoutMs: 100, retry: { maxRetries: 0 } }));
    const err = providerError(error);
    expect(err.kind).toBe("stream");
    expect(err.message).toContain("no data");
  });
});
