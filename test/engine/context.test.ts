import { describe, expect, it } from "vitest";
import { chooseBoundary, contextBudget, messageTokens, requestTokens, TokenMeter } from "../../src/engine/state/context.js";
import { DROPPED_RESULT, repairView } from "../../src/engine/state/context-repair.js";
import { filesTouched, pinnedRequests, summaryMessage, summaryRequestMessages } from "../../src/engine/turn/context-summary.js";
import type { Message } from "../../src/engine/messages.js";

const user = (content: string): Message => ({ role: "user", content });
const said = (text: string, ...calls: [id: string, name: string, args?: object][]): Message => ({
  role: "assistant",
  text,
  toolCalls: calls.map(([id, name, args]) => ({ id, name, arguments: JSON.stringify(args ?? {}) })),
});
const result = (callId: string, content = "ok", isError = false): Message => ({ role: "tool", callId, name: "read_file", content, isError });

/** A turn of `rounds` tool calls with results of `size` characters. */
function longTurn(rounds: number, size: number): Message[] {
  const messages: Message[] = [user("do the long thing")];
  for (let i = 0; i < rounds; i += 1) {
    messages.push(said(`round ${i}`, [`c${i}a`, "read_file", { path: `f${i}` }], [`c${i}b`, "grep"]));
    messages.push(result(`c${i}a`, "x".repeat(size)), result(`c${i}b`, "y"));
  }
  return messages;
}

describe("token estimate and budget", () => {
  it("counts about four characters a token, plus overhead, images and tool calls", () => {
    expect(messageTokens(user("x".repeat(400)))).toBe(104);
    expect(messageTokens({ role: "tool", callId: "c", name: "read_file", content: "", isError: false, images: [{ mediaType: "image/png", base64: "" }] })).toBeGreaterThan(1000);
    expect(messageTokens(said("", ["c", "write_file", { content: "z".repeat(4000) }]))).toBeGreaterThan(1000);
    expect(requestTokens({ system: "s".repeat(40), messages: [user("x".repeat(40))], tools: [] })).toBe(10 + 14 + 1);
  });

  it("calibrates to the provider's reported usage, within bounds", () => {
    const meter = new TokenMeter();
    const request = { system: "", messages: [user("x".repeat(4000))], tools: [] };
    const raw = requestTokens(request);
    meter.observe(raw, raw * 2);
    expect(meter.estimate(request)).toBe(raw * 2);
    meter.observe(raw, raw * 100);
    expect(meter.calibration).toBe(4);
    meter.observe(raw, 1);
    expect(meter.calibration).toBe(0.25);
    meter.observe(0, 500);
    expect(meter.calibration).toBe(0.25);
  });

  it("uses context_budget when set, else the model's window minus a reserve, else a default", () => {
    expect(contextBudget({ configured: 5000, model: "gpt-5" })).toBe(5000);
    expect(contextBudget({ model: "claude-sonnet-4-5" })).toBe(200_000 - 16_384);
    expect(contextBudget({ model: "anthropic/claude-opus-4" })).toBe(200_000 - 16_384);
    expect(contextBudget({ model: "kimi-k2-0905-preview" })).toBe(262_144 - 16_384);
    expect(contextBudget({ model: "some-local-model" })).toBe(128_000 - 16_384);
  });
});

describe("compaction boundary", () => {
  it("never cuts between a call and its results, keeps the latest exchange, and leaves something to summarise", () => {
    for (const [rounds, size, keep] of [[1, 10, 0], [3, 100, 50], [10, 400, 300], [30, 4000, 2500], [30, 10, 1_000_000]] as const) {
      const messages = longTurn(rounds, size);
      const boundary = chooseBoundary(messages, keep);
      if (rounds === 1) {
        // Only the prompt before the one exchange: that prompt is what gets summarised.
        expect(boundary).toBe(1);
        continue;
      }
      expect(boundary, `${rounds}×${size} keep ${keep}`).toBeGreaterThanOrEqual(1);
      expect(messages[boundary!]!.role).not.toBe("tool");
      const lastAssistant = messages.map((m) => m.role).lastIndexOf("assistant");
      expect(boundary).toBeLessThanOrEqual(lastAssistant);
    }
  });

  it("keeps as much recent history as the keep budget allows", () => {
    const messages = longTurn(10, 400);
    const per = messageTokens(messages[1]!) + messageTokens(messages[2]!) + messageTokens(messages[3]!);
    const boundary = chooseBoundary(messages, per * 3 + 1)!;
    expect(messages.length - boundary).toBe(9);
  });

  it("finds no cut in a conversation that is only its latest exchange", () => {
    expect(chooseBoundary([said("hi")], 10)).toBeUndefined();
    expect(chooseBoundary([user("only a prompt")], 10)).toBeUndefined();
    expect(chooseBoundary([], 10)).toBeUndefined();
  });
});

describe("view repair", () => {
  it("drops results without their call and answers calls without results, except those awaiting", () => {
    const repaired = repairView(
      [result("orphan"), user("go"), said("", ["a", "read_file"], ["b", "grep"], ["c", "run_command"]), result("a"), result("zz")],
      new Set(["c"]),
    );
    expect(repaired).toEqual([
      user("go"),
      said("", ["a", "read_file"], ["b", "grep"], ["c", "run_command"]),
      result("a"),
      { role: "tool", callId: "b", name: "grep", content: DROPPED_RESULT, isError: true },
    ]);
  });

  it("keeps a turn's reasoning whole or drops it together", () => {
    const signed: Message = { role: "assistant", text: "a", toolCalls: [], thinkingBlocks: [{ kind: "thinking", text: "t", signature: "sig" }, { kind: "redacted", data: "d" }] };
    const plain: Message = { role: "assistant", text: "b", toolCalls: [], thinkingBlocks: [{ kind: "thinking", text: "reasoning_content" }] };
    const mixed: Message = { role: "assistant", text: "c", toolCalls: [], thinkingBlocks: [{ kind: "thinking", text: "t", signature: "sig" }, { kind: "thinking", text: "cut" }] };
    expect(repairView([user("x"), signed, user("y"), plain, user("z"), mixed])).toEqual([
      user("x"),
      signed,
      user("y"),
      plain,
      user("z"),
      { role: "assistant", text: "c", toolCalls: [] },
    ]);
  });
});

describe("summary", () => {
  it("collects files read and changed by successful calls, on top of earlier compactions", () => {
    const messages = [
      said("", ["1", "read_file", { path: "a.ts" }], ["2", "edit_file", { path: "b.ts" }], ["3", "write_file", { path: "c.ts" }]),
      result("1"),
      result("2"),
      result("3", "denied", true),
      said("", ["4", "read_file", { nope: 1 }], ["5", "write_file"]),
    ];
    expect(filesTouched(messages, { filesRead: ["old.md"], filesChanged: ["b.ts"] })).toEqual({ filesRead: ["old.md", "a.ts"], filesChanged: ["b.ts"] });
  });

  it("pins the first request and the latest three that fit, never a summary, oldest first", () => {
    const summary = user("[Context summary] earlier");
    expect(pinnedRequests([], [summary, user("task"), said("x"), user("b"), user(" "), user("c")])).toEqual(["task", "b", "c"]);
    expect(pinnedRequests(["task", "b"], [user("c"), user("d"), user("e")])).toEqual(["task", "c", "d", "e"]);
    // Past the room, the older of the latest go first; the task always stays.
    const long = "x".repeat(9_000);
    expect(pinnedRequests([long], [user("y".repeat(5_000)), user("z".repeat(5_000))])).toEqual([long, "z".repeat(5_000)]);
    expect(pinnedRequests([], [said("no user here")])).toEqual([]);
  });

  it("clips long results in the summary request and ends with the ask and the focus", () => {
    const messages = summaryRequestMessages([user("goal"), said("", ["1", "read_file"]), result("1", "r".repeat(10_000))], "the API design");
    expect(messages).toHaveLength(4);
    expect((messages[2] as { content: string }).content.length).toBeLessThan(2_100);
    expect((messages[2] as { content: string }).content).toMatch(/8000 more characters not shown/);
    expect((messages[3] as { content: string }).content).toMatch(/focus on: the API design$/);
  });

  it("states the request verbatim, the files and only the open todos", () => {
    const text = summaryMessage({
      summary: "Goal: x",
      requests: ["fix  the\nbug", "go on"],
      filesRead: ["a"],
      filesChanged: [],
      todos: [
        { content: "done one", status: "done" },
        { content: "next one", status: "pending" },
      ],
    });
    expect(text).toMatch(/^\[Context summary\]/);
    expect(text).toContain("The user's request, verbatim:\nfix  the\nbug");
    expect(text).toContain("The user's later messages, verbatim, oldest first:\n- go on");
    expect(text).toContain("Files read so far: a");
    expect(text).not.toContain("Files changed");
    expect(text).toContain("- [pending] next one");
    expect(text).not.toContain("done one");
  });
});
