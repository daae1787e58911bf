// Anthropic thinking round trip through the whole engine: the real adapter streams from a
// server speaking the real event format, the loop publishes events, the reducer folds them,
// and the next request is read back from the bytes the server received. Thinking blocks
// must return one by one, in order, each with its own signature; redacted ones verbatim.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { createApprovalGate } from "../../src/engine/approval/gate/gate.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { createLoop } from "../../src/engine/turn/loop.js";
import { foldEvents, initialState, reduce } from "../../src/engine/state/state.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolRegistry } from "../../src/engine/tools/registry.js";
import { defineTool } from "../../src/engine/tools/tool.js";
import {
  MESSAGE_STOP,
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  messageDelta,
  messageStart,
  readFileCall as toolUse,
  sse,
  startFakeAnthropicServer,
  type FakeServer,
} from "../helpers/fake-anthropic-server.js";
import { anthropicConfig, build } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A read-only tool that answers with a fixed text, so the loop goes on to the next request. */
const readTool = defineTool({
  name: "read_file",
  description: "read a file",
  kind: "read",
  input: z.object({ path: z.string() }),
  execute: async (input) => ({ content: `contents of ${input.path}` }),
});

/** The engine as a session runs it: bus → reducer and an event log, loop over the real adapter. */
async function runTurn(url: string, prompt: string) {
  const bus = new EventBus();
  const state = initialState();
  const events: AgentEvent[] = [];
  bus.subscribe((event) => reduce(state, event));
  bus.subscribe((event) => events.push(event));
  const jail = createJail(mkdtempSync(path.join(os.tmpdir(), "thinking-")));
  const gate = createApprovalGate({
    rules: { jail },
    commandRules: () => ({ jail, classifyCommand: () => ({ decision: "confirm", reason: "test" }) }),
    approver: async () => ({ decision: "allow", by: "flag" }),
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
  });
  const loop = createLoop({
    provider: await build(anthropicConfig(url)),
    registry: new ToolRegistry([readTool]),
    gate,
    publish: bus.publish,
    state: () => state,
    systemPrompt: () => "test",
  });
  const outcome = await loop.runTurn(prompt, new AbortController().signal);
  return { outcome, state, events };
}

function thinkingBlock(index: number, texts: string[], signatures: string[]): string[] {
  return [
    blockStart(index, { type: "thinking", thinking: "", signature: "" }),
    ...texts.map((thinking) => blockDelta(index, { type: "thinking_delta", thinking })),
    ...signatures.map((signature) => blockDelta(index, { type: "signature_delta", signature })),
    blockStop(index),
  ];
}

function assistantContents(n: number): unknown[] {
  const messages = server!.json(n)["messages"] as { role: string; content: unknown }[];
  return messages.filter((message) => message.role === "assistant").map((message) => message.content);
}

describe("Anthropic thinking blocks round trip", () => {
  it("sends two signed blocks of one turn back apart, in order, each with its own signature, and across rounds", async () => {
    server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        // The first block's signature is replaced once (docs/providers.md §4.4): only the last one is its own.
        ...thinkingBlock(0, ["Read a.ts", " first."], ["sig-1-draft", "sig-1"]),
        ...thinkingBlock(1, ["Then b.ts."], ["sig-2"]),
        blockStart(2, { type: "text", text: "" }),
        blockDelta(2, { type: "text_delta", text: "Reading." }),
        blockStop(2),
        ...toolUse(3, "toolu_A", "a.ts"),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      sse(messageStart(), ...thinkingBlock(0, ["Now b.ts."], ["sig-3"]), ...toolUse(1, "toolu_B", "b.ts"), messageDelta("tool_use"), MESSAGE_STOP),
      anthropicText("Done."),
    ]);
    const { outcome, state, events } = await runTurn(server.url, "read both");
    expect(outcome.stopReason).toBe("completed");
    expect(server.requests).toHaveLength(3);

    const first = [
      { type: "thinking", thinking: "Read a.ts first.", signature: "sig-1" },
      { type: "thinking", thinking: "Then b.ts.", signature: "sig-2" },
      { type: "text", text: "Reading." },
      { type: "tool_use", id: "toolu_A", name: "read_file", input: { path: "a.ts" } },
    ];
    const second = [
      { type: "thinking", thinking: "Now b.ts.", signature: "sig-3" },
      { type: "tool_use", id: "toolu_B", name: "read_file", input: { path: "b.ts" } },
    ];
    expect(assistantContents(1)).toEqual([first]);
    expect(assistantContents(2)).toEqual([first, second]);
    // State is a fold: the same events rebuild the same blocks.
    expect(foldEvents(events).messages).toEqual(state.messages);
  });

  it("carries a redacted_thinking block back verbatim, in its place among the signed ones", async () => {
    server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        ...thinkingBlock(0, ["Look it up."], ["sig-1"]),
        blockStart(1, { type: "redacted_thinking", data: "EmwKAhgBexampleOpaque+/=" }),
        blockStop(1),
        ...thinkingBlock(2, [], ["sig-omitted"]), // display "omitted": no text, still signed
        ...toolUse(3, "toolu_A", "a.ts"),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("Done."),
    ]);
    const { state, events } = await runTurn(server.url, "look");
    expect(events.filter((event) => event.type === "thinking.redacted")).toEqual([
      expect.objectContaining({ data: "EmwKAhgBexampleOpaque+/=" }),
    ]);
    expect(assistantContents(1)).toEqual([
      [
        { type: "thinking", thinking: "Look it up.", signature: "sig-1" },
        { type: "redacted_thinking", data: "EmwKAhgBexampleOpaque+/=" },
        { type: "thinking", thinking: "", signature: "sig-omitted" },
        { type: "tool_use", id: "toolu_A", name: "read_file", input: { path: "a.ts" } },
      ],
    ]);
    expect(foldEvents(events).messages).toEqual(state.messages);
  });

  it("folds a session written before blocks existed (no newBlock) into one block with the last signature", () => {
    let seq = 0;
    const at = <T extends object>(event: T) => ({ ...event, seq: ++seq, ts: "2026-01-01T00:00:00.000Z" }) as unknown as AgentEvent;
    const state = foldEvents([
      at({ type: "turn.started", turnId: "t", prompt: "q" }),
      at({ type: "step.started", round: 1 }),
      at({ type: "thinking.delta", text: "one " }),
      at({ type: "thinking.delta", text: "", signature: "old-1" }),
      at({ type: "thinking.delta", text: "two", signature: "old-2" }),
      at({ type: "assistant.delta", text: "a" }),
      at({ type: "step.ended", round: 1, finishReason: "stop" }),
    ]);
    expect(state.messages[1]).toEqual({ role: "assistant", text: "a", thinkingBlocks: [{ kind: "thinking", text: "one two", signature: "old-2" }], toolCalls: [] });
  });
});
