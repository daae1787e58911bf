// An endpoint that accepts the connection and then says nothing: the first-byte timeout ends
// the attempt with a retryable error, published as a retry part, and the next attempt goes on.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { MESSAGE_STOP, PING, anthropicText, messageStart, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { DONE, chatText, chunk, responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { anthropicConfig, build, collect, kimiConfig, ofType, openAiConfig, request, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("first-byte timeout", () => {
  it("retries a request that never gets response headers, and the retry is published", async () => {
    server = await startScriptedServer([{ kind: "hang" }, chatText("answered on the second try")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { firstByteTimeoutMs: 1_000 }));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("answered on the second try");
    const [retry] = ofType(parts, "retry");
    expect(retry?.reason).toMatch(/first-byte timeout/);
    // A loaded machine may time out the second request too; what matters is that it carried on.
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    // Our side hung up the silent request: its socket does not linger.
    await waitFor(() => server!.answered === server!.requests.length, 10_000, "the hung request to be closed");
  });

  it("counts headers without a body as no answer yet", async () => {
    server = await startScriptedServer([sse({ pauseMs: 60_000 }, chunk({ content: "never" })), chatText("second")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { firstByteTimeoutMs: 1_000 }));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry").length).toBeGreaterThanOrEqual(1);
    expect(textOf(parts)).toBe("second");
  });

  it("gives up after the retries with a stream error naming the timeout", async () => {
    server = await startScriptedServer([{ kind: "hang" }, { kind: "hang" }]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { firstByteTimeoutMs: 200, retry: { maxRetries: 1, baseDelayMs: 5 } }));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).kind).toBe("stream");
    expect((error as Error).message).toMatch(/first-byte timeout/);
    expect((error as Error).message).toMatch(/gave up after 2 attempts/);
    expect(ofType(parts, "retry")).toHaveLength(1);
  });

  it("applies to the Anthropic adapter too", async () => {
    server = await startFakeAnthropicServer([{ kind: "hang" }, anthropicText("hello")]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url), { firstByteTimeoutMs: 1_000 }));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe("hello");
    expect(ofType(parts, "retry").length).toBeGreaterThanOrEqual(1);
  });

  it("an abort while waiting is an abort, not a timeout", async () => {
    server = await startScriptedServer([{ kind: "hang" }]);
    const provider = await build(kimiConfig(server.url), { firstByteTimeoutMs: 60_000 });
    const controller = new AbortController();
    const pending = collect(provider, request(undefined, { signal: controller.signal }));
    await waitFor(() => server!.requests.length === 1, 10_000, "the request to arrive");
    controller.abort();
    const { error } = await pending;
    expect((error as Error).name).toBe("AbortError");
  });
});

/** Keep-alives every 10 ms for ~300 ms, then an answer that comes too late: the idle timeout must fire first. */
function pinging(ping: string, late: string[]): (string | { pauseMs: number })[] {
  return [...Array.from({ length: 30 }, () => [ping, { pauseMs: 10 }]).flat(), ...late] as (string | { pauseMs: number })[];
}

describe("idle-stream timeout and keep-alives that arrive as events (docs/providers.md §7.9)", () => {
  const cases: [string, () => Promise<FakeServer>, (url: string) => ReturnType<typeof anthropicConfig>, boolean?][] = [
    ["Anthropic `event: ping`", () => startFakeAnthropicServer([sse(messageStart(), ...pinging(PING, [MESSAGE_STOP]))]), (url) => anthropicConfig(url)],
    ["a data-only `data: :ping`", () => startScriptedServer([sse(...pinging("data: :ping\n\n", [chunk({ content: "late" }), chunk({}, "stop"), DONE]))]), (url) => kimiConfig(url)],
    [
      "the Responses API's `keepalive`",
      () =>
        startScriptedServer([
          status(404, { error: { message: "This model is only supported in v1/responses" } }),
          sse(...pinging(responsesEvents([["keepalive", {}]]).join(""), responsesEvents([["response.completed", { response: responseObject({ status: "completed" }) }]]))),
        ]),
      (url) => openAiConfig(`${url}/v1`),
      true,
    ],
  ];
  for (const [name, start, config, fallback] of cases) {
    it(`does not count ${name} as data`, async () => {
      server = await start();
      const provider = await build(config(server.url), { idleTimeoutMs: 100, retry: { maxRetries: 0 }, ...(fallback ? { endpointFallback: true } : {}) });
      const { error } = await collect(provider);
      expect(error).toBeInstanceOf(ProviderError);
      expect((error as Error).message).toContain("idle-stream timeout");
    });
  }
});
