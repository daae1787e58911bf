// A body read whole (an error body, which the SDKs read to its end; a 200 JSON answer) stops
// at 16 MiB with an error naming the limit, instead of holding any size in memory; an event
// stream is not capped as a whole (each event is: sse-event-size.test.ts).
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { MAX_WHOLE_BODY_BYTES } from "../../src/engine/llm/transport/node-response.js";
import { DONE, chunk, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { anthropicConfig, build, collect, kimiConfig, ofType, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const HUGE = `{"error":{"message":"${"a".repeat(MAX_WHOLE_BODY_BYTES + 1024)}"}}`;

describe("a body read whole", () => {
  it("is limited to 16 MiB", () => {
    expect(MAX_WHOLE_BODY_BYTES).toBe(16 * 1024 * 1024);
  });

  it("a 500 whose JSON body is past the limit is that 500, retried as one, its message naming the limit", async () => {
    server = await startScriptedServer([status(500, HUGE), status(500, HUGE)]);
    const { parts, error } = await collect(await build(kimiConfig(server.url), { retry: { baseDelayMs: 5, maxRetries: 1 } }));
    expect(ofType(parts, "retry").map((r) => r.reason)).toEqual([expect.stringContaining("longer than 16 MiB")]);
    expect((error as ProviderError).status).toBe(500);
    expect((error as ProviderError).message).toContain("longer than 16 MiB");
    expect((error as ProviderError).message.length).toBeLessThan(1000);
  });

  it("Anthropic: the same for its error body", async () => {
    server = await startScriptedServer([status(529, HUGE)]);
    const { error } = await collect(await build(anthropicConfig(server.url), { retry: { maxRetries: 0 } }));
    expect((error as ProviderError).status).toBe(529);
    expect((error as ProviderError).message).toContain("longer than 16 MiB");
  });

  it("a 200 JSON answer past the limit fails, unretried", async () => {
    server = await startScriptedServer([status(200, HUGE), status(200, HUGE)]);
    const { error } = await collect(await build(kimiConfig(server.url)));
    expect((error as ProviderError).message).toContain("longer than 16 MiB");
    expect(server.requests).toHaveLength(1);
  });

  it("an event stream longer than the limit, in events below it, arrives whole", async () => {
    const piece = "c".repeat(1024 * 1024);
    const events = Array.from({ length: 18 }, () => chunk({ content: piece }));
    server = await startScriptedServer([sse(...events, chunk({}, "stop"), DONE)]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts).length).toBe(18 * piece.length);
  });
});
