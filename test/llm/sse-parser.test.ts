// The SSE parser on its own (docs/providers.md §1.2): bytes in, events out.
import { describe, expect, it } from "vitest";
import { parseSse, type SseEvent } from "../../src/engine/llm/transport/sse-parser.js";
import { readSseData } from "../../src/engine/llm/transport/sse-data.js";
import { WireError } from "../../src/engine/llm/failures/wire-error.js";

function body(...chunks: (string | number[])[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(typeof c === "string" ? encoder.encode(c) : new Uint8Array(c));
      controller.close();
    },
  });
}

async function events(stream: ReadableStream<Uint8Array>): Promise<SseEvent[]> {
  const out: SseEvent[] = [];
  for await (const e of parseSse(stream)) out.push(e);
  return out;
}

describe("parseSse", () => {
  it("splits on blank lines with \\n, \\r\\n and bare \\r, even when a \\r\\n pair is split", async () => {
    expect(await events(body("data: a\n\ndata: b\r\n\r", "\ndata: c\r\rdata: d\n\n"))).toEqual([
      { data: "a" },
      { data: "b" },
      { data: "c" },
      { data: "d" },
    ]);
  });

  it("joins repeated data lines, keeps event names, drops comments, strips one space only", async () => {
    expect(await events(body(": comment\nevent: x\ndata:  two spaces\ndata:no space\nid: 7\nretry: 10\n\n"))).toEqual([
      { event: "x", data: " two spaces\nno space" },
    ]);
  });

  it("strips a leading BOM and decodes UTF-8 split across chunks", async () => {
    const bytes = [...new TextEncoder().encode("data: é\n\n")];
    const cut = bytes.indexOf(0xc3) + 1;
    expect(await events(body([0xef, 0xbb, 0xbf, ...bytes.slice(0, cut)], bytes.slice(cut)))).toEqual([{ data: "é" }]);
  });

  it("reports an unterminated final event instead of dropping it", async () => {
    expect(await events(body("data: a\n\ndata: [DONE]"))).toEqual([{ data: "a" }, { data: "[DONE]", unterminated: true }]);
  });

  it("an idle stream times out with a retryable incomplete error", async () => {
    const stalled = new ReadableStream<Uint8Array>({ start() {} });
    const run = async () => {
      for await (const _ of parseSse(stalled, { idleTimeoutMs: 30 })) void _;
    };
    await expect(run()).rejects.toSatisfy((e: unknown) => e instanceof WireError && e.info.incomplete === true);
  });
});

describe("readSseData", () => {
  it("recognises [DONE] trimmed, skips keep-alives, parses JSON, and flags corrupt JSON", () => {
    expect(readSseData({ data: " [DONE] " })).toEqual({ kind: "done" });
    expect(readSseData({ data: "" })).toEqual({ kind: "skip" });
    expect(readSseData({ data: ":ping" })).toEqual({ kind: "skip" });
    expect(readSseData({ data: '{"a":1}' })).toEqual({ kind: "json", value: { a: 1 } });
    expect(() => readSseData({ data: '{"a":' })).toThrow(WireError);
    expect(() => readSseData({ data: '{"a":', unterminated: true })).toThrow(/ended in the middle/);
  });
});
