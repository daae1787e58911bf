// One event's size is bounded (docs/providers.md §1.2): a body that keeps a line open for
// tens of MB is dropped with a clear error once past the limit, rather than held in memory
// until the process dies; an event below it (a 2 MiB text delta) still arrives whole.
import { afterEach, describe, expect, it } from "vitest";
import { ProviderError } from "../../src/engine/llm/provider.js";
import { MAX_EVENT_CHARS } from "../../src/engine/llm/transport/sse-parser.js";
import { DONE, chunk, sse, startScriptedServer, type Chunk, type FakeServer } from "../helpers/fake-openai-server.js";
import { anthropicConfig, build, collect, kimiConfig, ofType, textOf } from "./harness.js";
import { messageStart } from "../helpers/fake-anthropic-server.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const MIB = Buffer.alloc(1024 * 1024, "a");

/** `head`, then `mib` MiB of one unbroken line. */
function endlessLine(head: string, mib: number): Chunk[] {
  return [head, ...Array.from({ length: mib }, () => MIB)];
}

describe("the size of one event", () => {
  it("is limited to 16 MiB", () => {
    expect(MAX_EVENT_CHARS).toBe(16 * 1024 * 1024);
  });

  it("Chat Completions: a data line past the limit fails the attempt, unretried, with nothing of it shown", async () => {
    server = await startScriptedServer([sse(chunk({ content: "Start. " }), ...endlessLine('data: {"choices":[{"index":0,"delta":{"content":"', 40))]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeInstanceOf(ProviderError);
    expect((error as ProviderError).message).toContain("longer than 16 MiB");
    expect(textOf(parts)).toBe("Start. ");
    expect(server.requests).toHaveLength(1);
  });

  it("Anthropic: the same before any output is not retried either (the server would send it again)", async () => {
    server = await startScriptedServer([sse(messageStart(), ...endlessLine('event: content_block_delta\ndata: {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"', 20))]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect((error as ProviderError).message).toContain("longer than 16 MiB");
    expect(ofType(parts, "retry")).toEqual([]);
    expect(server.requests).toHaveLength(1);
  });

  it("an event below the limit arrives whole", async () => {
    const big = "b".repeat(2 * 1024 * 1024);
    server = await startScriptedServer([sse(chunk({ content: big }, "stop"), DONE)]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(textOf(parts)).toBe(big);
  });
});
