import { describe, expect, it } from "vitest";
import { chooseBoundary, contextBudget, messageTokens, requestTokens, TokenMeter } from "../../src/engine/state/context.js";
import { DROPPED_RESULT, repairView } from "../../src/engine/state/context-repair.js";
import { filesTouched, pinnedRequests, summaryLimits, summaryMessage } from "../../src/engine/turn/context-summary.js";
import { summaryRequestMessages } from "../../src/engine/turn/summary-input.js";
import { mergeFiles } from "../../src/engine/state/state.js";
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
  it("collects files read and changed by successful calls, each once, the latest touched last", () => {
    const messages = [
      said("", ["1", "read_file", { path: "a.ts" }], ["2", "edit_file", { path: "b.ts" }], ["3", "write_file", { path: "c.ts" }]),
      result("1"),
      result("2"),
      result("3", "denied", true),
      said("", ["4", "read_file", { nope: 1 }], ["5", "write_file"], ["6", "read_file", { path: "z.ts" }], ["7", "read_file", { path: "a.ts" }]),
    ];
    expect(filesTouched(messages)).toEqual({ filesRead: ["z.ts", "a.ts"], filesChanged: ["b.ts"] });
    // The fold adds them to the earlier compactions' lists; a path touched again moves to the end.
    expect(mergeFiles(["old.md", "a.ts", "x.ts"], ["a.ts", "new.ts"])).toEqual(["old.md", "x.ts", "a.ts", "new.ts"]);
    expect(mergeFiles(undefined, ["a"])).toEqual(["a"]);
  });

  const LIMITS = { task: 8_000, later: 6_000 };

  it("pins the first request and the latest three that fit, never a summary, oldest first", () => {
    const summary = user("[Context summary] earlier");
    expect(pinnedRequests([], [summary, user("task"), said("x"), user("b"), user(" "), user("c")], LIMITS)).toEqual(["task", "b", "c"]);
    expect(pinnedRequests(["task", "b"], [user("c"), user("d"), user("e")], LIMITS)).toEqual(["task", "c", "d", "e"]);
    expect(pinnedRequests([], [said("no user here")], LIMITS)).toEqual([]);
  });

  it("cuts a long task and a long newest request to their start and end, and keeps the shorter ones between", () => {
    const task = `TASK-START ${"t".repeat(20_000)} TASK-END`;
    const newest = `NEWEST-START ${"n".repeat(20_000)} NEWEST-END`;
    const pinned = pinnedRequests([task, "use the v2 grammar"], [user("y".repeat(5_000)), user(newest)], LIMITS);
    expect(pinned).toHaveLength(3);
    const [first, between, last] = pinned as [string, string, string];
    expect(first.length).toBeLessThanOrEqual(LIMITS.task);
    expect(first.startsWith("TASK-START")).toBe(true);
    expect(first.endsWith("TASK-END")).toBe(true);
    expect(/\n\[… \d+ characters of this message elided to fit the context window; the session file keeps it whole …\]\n/.test(first)).toBe(true);
    // The 5,000-character one does not fit half the room and is skipped; the shorter one before it stays.
    expect(between).toBe("use the v2 grammar");
    expect(last.length).toBeLessThanOrEqual(LIMITS.later - between.length);
    expect(last.startsWith("NEWEST-START")).toBe(true);
    expect(last.endsWith("NEWEST-END")).toBe(true);
    // Pinning again (the next compaction) changes nothing: no cut of a cut.
    expect(pinnedRequests(pinned, [], LIMITS)).toEqual(pinned);
  });

  it("renders the summary request's input as text: calls, results and prompts clipped, no tool blocks", () => {
    const write = said("Writing.", ["1", "write_file", { path: "a.ts", content: "w".repeat(50_000) }]);
    const messages = summaryRequestMessages([user("goal"), write, result("1", "r".repeat(10_000)), user("p".repeat(30_000))], "the API design", 300);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "user", "user"]);
    expect(messages[1]).toMatchObject({ role: "assistant", toolCalls: [] });
    expect((messages[1] as { text: string }).text).toMatch(/^Writing\.\n\[called write_file \{"path":"a\.ts"/);
    expect((messages[1] as { text: string }).text.length).toBeLessThan(2_100);
    expect((messages[2] as { content: string }).content).toMatch(/^\[read_file returned\]\nrrr/);
    expect((messages[2] as { content: string }).content.length).toBeLessThan(2_100);
    expect((messages[2] as { content: string }).content).toMatch(/8\d{3} characters not shown/);
    expect((messages[3] as { content: string }).content.length).toBeLessThanOrEqual(6_000);
    expect((messages[4] as { content: string }).content).toMatch(/Keep it under about 300 words\.[\s\S]*focus on: the API design$/);
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
      limits: summaryLimits(100_000),
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
