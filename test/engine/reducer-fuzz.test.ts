// Random but valid event sequences, published live (reducer + wire writer on one bus) and
// rebuilt from the file: both folds must agree, and so must the same session written the old
// way (every delta, no completed message). Corrupting one line must cost that line only.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { messageTokens } from "../../src/engine/state/context.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { foldEvents, initialState, reduce, type SessionState } from "../../src/engine/state/state.js";
import { scanWire, WireWriter } from "../../src/engine/wire/wire.js";
import { MessageBuilder } from "../../src/engine/wire/wire-items.js";
import { persisted } from "../../src/engine/wire/wire-policy.js";
import { seededRandom } from "../helpers/seeded-random.js";

const random = seededRandom;

const WORDS = ["read", "the", "file", "é", "😀", '"quoted"', "\\", "\n", "line"];

/** Publishes about `count` events shaped like real turns, with compactions among them. */
function publishSession(bus: EventBus, state: SessionState, rand: () => number, count: number): void {
  const pick = <T,>(items: readonly T[]) => items[Math.floor(rand() * items.length)]!;
  const text = () => Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(WORDS)).join(" ");
  let call = 0;
  bus.publish("session.started", { sessionId: "s", cwd: "/w", provider: "fake", model: "m", resumed: false });
  for (let turn = 0; bus.lastSeq < count; turn += 1) {
    bus.publish("turn.started", { turnId: `t${turn}`, prompt: text() });
    const rounds = 1 + Math.floor(rand() * 4);
    for (let round = 1; round <= rounds; round += 1) {
      if (rand() < 0.2 && state.messages.length > 1) {
        bus.publish("context.compacted", {
          summary: `[Context summary] ${text()}`,
          replaced: 1 + Math.floor(rand() * (state.messages.length - 1)),
          kept: 0,
          mode: rand() < 0.5 ? "summary" : "dropped",
          trigger: pick(["auto", "overflow", "manual"] as const),
          tokensBefore: 100,
          tokensAfter: 50,
          filesRead: [text()],
          filesChanged: [],
          ...(rand() < 0.5 ? { request: text() } : {}),
        });
      }
      bus.publish("step.started", { round });
      // As the loop streams: live deltas and calls, then the step's whole message.
      const message = new MessageBuilder();
      for (let i = Math.floor(rand() * 4); i > 0; i -= 1) {
        if (rand() < 0.3) {
          const piece = text();
          const opens = rand() < 0.3;
          message.thinking(piece, opens ? "sig" : undefined, opens);
          bus.publish("thinking.delta", { text: piece, ...(opens ? { signature: "sig", newBlock: true } : {}) });
        } else if (rand() < 0.1) {
          message.redacted("opaque");
          bus.publish("thinking.redacted", { data: "opaque" });
        } else {
          const piece = text();
          message.text(piece);
          bus.publish("assistant.delta", { text: piece });
        }
      }
      const calls = round < rounds ? 1 + Math.floor(rand() * 3) : 0;
      const ids = Array.from({ length: calls }, () => `c${(call += 1)}`);
      for (const id of ids) {
        const made = { callId: id, name: pick(["read_file", "grep", "run_command"]), arguments: `{"path":"${pick(["a", "b"])}"}` };
        message.call(made);
        bus.publish("tool.call", made);
      }
      bus.publish("usage", { inputTokens: Math.floor(rand() * 1000), outputTokens: 5 });
      if (!message.empty) bus.publish("assistant.message", message.payload(false));
      bus.publish("step.ended", { round, finishReason: calls > 0 ? "tool_calls" : "stop" });
      for (const id of ids) {
        if (rand() < 0.3) bus.publish("approval.decision", { callId: id, name: "run_command", decision: "allow", by: "user", reason: "ok", always: rand() < 0.5 });
        if (rand() < 0.3) bus.publish("tool.output", { callId: id, stream: "stdout", chunk: text() });
        bus.publish("tool.result", { callId: id, name: "read_file", content: text(), isError: rand() < 0.1 });
      }
      if (rand() < 0.1) bus.publish("todo.updated", { todos: [{ content: text(), status: pick(["pending", "in_progress", "done", "blocked"] as const) }] });
    }
    bus.publish("turn.ended", { turnId: `t${turn}`, stopReason: "completed", rounds });
  }
}

function rebuild(file: string): { state: SessionState; seqs: number[]; warnings: string[] } {
  const state = initialState();
  const seqs: number[] = [];
  const scan = scanWire(file, (event: AgentEvent) => {
    seqs.push(event.seq);
    reduce(state, event);
  });
  return { state, seqs, warnings: scan.warnings };
}

/**
 * A random live session of `count` events, folded as it is published and written to `file`
 * as the session does (completed items only); `legacy` gets what the old wire kept instead.
 */
function recordSession(file: string, rand: () => number, count: number, legacy?: AgentEvent[]): SessionState {
  const writer = WireWriter.create(file, { sessionId: "s", cwd: "/w", created: "" });
  const live = initialState();
  const bus = new EventBus();
  bus.subscribe((event) => reduce(live, event));
  bus.subscribe((event) => {
    if (persisted(event)) writer.append(event);
    if (event.type !== "assistant.message") legacy?.push(event);
  });
  publishSession(bus, live, rand, count);
  writer.close();
  return live;
}

describe("reducer fuzz", () => {
  it("a rebuild from the wire equals the live fold, for many random sessions", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
    let withCalls = 0;
    for (let seed = 1; seed <= 60; seed += 1) {
      const file = path.join(dir, `${seed}.jsonl`);
      const legacy: AgentEvent[] = [];
      const live = recordSession(file, random(seed), 150 + seed * 5, legacy);
      const { state, seqs, warnings } = rebuild(file);
      expect(warnings, `seed ${seed}`).toEqual([]);
      // Live-only events took their numbers on the bus: the file's are increasing, with gaps.
      expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!)).toBe(true);
      expect(state, `seed ${seed}`).toEqual(live);
      // Written the old way, every delta and no message, the same session folds the same.
      expect(foldEvents(legacy), `seed ${seed}, old wire`).toEqual(live);
      if (live.messages.some((message) => message.role === "assistant" && message.toolCalls.length > 0)) withCalls += 1;
    }
    // The conversations folded hold calls (not only text that compactions kept).
    expect(withCalls).toBeGreaterThan(30);
  });

  it("the state's token estimate is its conversation's, through compactions and results lost with their lines", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
    const sum = (state: SessionState) => state.messages.reduce((tokens, message) => tokens + messageTokens(message), 0);
    let lostAnswered = 0;
    for (let seed = 200; seed < 230; seed += 1) {
      const rand = random(seed);
      const file = path.join(dir, `${seed}.jsonl`);
      const live = recordSession(file, rand, 300);
      expect(live.messageTokens, `seed ${seed}`).toBe(sum(live));
      // A tool result's line gone: the fold answers that call itself, splicing the conversation.
      const lines = readFileSync(file, "utf8").split("\n");
      const results = lines.flatMap((line, index) => (line.includes('"type":"tool.result"') ? [index] : []));
      lines.splice(results[Math.floor(rand() * results.length)]!, 1);
      writeFileSync(file, lines.join("\n"));
      const { state } = rebuild(file);
      if (state.messages.some((message) => message.role === "tool" && message.content.includes("lost this call's result"))) lostAnswered += 1;
      expect(state.messageTokens, `seed ${seed}, rebuilt`).toBe(sum(state));
    }
    expect(lostAnswered).toBeGreaterThan(5);
  });

  it("corrupting one line loses that line only, and the rest still folds", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "fuzz-"));
    for (let seed = 100; seed < 140; seed += 1) {
      const rand = random(seed);
      const file = path.join(dir, `${seed}.jsonl`);
      const live = recordSession(file, rand, 200);

      const lines = readFileSync(file, "utf8").split("\n");
      const victim = 1 + Math.floor(rand() * (lines.length - 2));
      const line = lines[victim]!;
      const at = Math.floor(rand() * line.length);
      // One of the ways a line goes bad: bytes overwritten, cut short, or run into the next.
      const damage = [
        () => `${line.slice(0, at)}\u0000\u0000${line.slice(at + 2)}`,
        () => line.slice(0, at),
        () => `${line.slice(0, at)}}{${line.slice(at)}`,
      ][seed % 3]!;
      lines[victim] = damage();
      writeFileSync(file, lines.join("\n"));

      // lines[0] is the header; the last element is the empty text after the final newline.
      const seqOf = (text: string) => Number(/"seq":(\d+)/.exec(text)?.[1]);
      const expected = lines.slice(1, -1).flatMap((text, index) => (index + 1 === victim ? [] : [seqOf(text)]));
      const { seqs, warnings } = rebuild(file);
      // The damaged line may still parse (a cut inside a string value can leave valid JSON
      // only rarely); either way no other line is lost.
      const lostOther = expected.filter((seq) => !seqs.includes(seq));
      expect(lostOther, `seed ${seed}, line ${victim + 1}`).toEqual([]);
      expect(warnings.length).toBeLessThanOrEqual(1);
    }
  });
});
