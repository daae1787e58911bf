// The event → session/update mapping, as pure functions: what an editor is sent for each event.
import { describe, expect, it } from "vitest";
import type { AgentEvent } from "../../src/engine/events.js";
import { createUpdateMapper, OUTPUT_TAIL_CHARS } from "../../src/acp/event-updates.js";
import { promptOf } from "../../src/acp/prompt-text.js";
import { toolCallView } from "../../src/acp/tool-call-view.js";

let seq = 0;
function event(fields: Record<string, unknown>): AgentEvent {
  seq += 1;
  return { seq, ts: "2026-01-01T00:00:00.000Z", ...fields } as unknown as AgentEvent;
}

const WITH_NOTICES = { replay: false, notices: true, log: () => {} };
const REPLAY = { ...WITH_NOTICES, replay: true };

describe("event → session/update", () => {
  it("maps text and thinking to chunks; ignores a subagent's own events", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    expect(mapper.map(event({ type: "assistant.delta", text: "Hel" }))).toEqual([{ sessionUpdate: "agent_message_chunk", content: { type: "text", text: "Hel" } }]);
    expect(mapper.map(event({ type: "thinking.delta", text: "hmm" }))).toEqual([{ sessionUpdate: "agent_thought_chunk", content: { type: "text", text: "hmm" } }]);
    expect(mapper.map(event({ type: "assistant.delta", text: "child", agentId: "a1", parentCallId: "c" }))).toEqual([]);
    expect(mapper.map(event({ type: "step.started", round: 1 }))).toEqual([]);
  });

  it("a prompt is told only in a replay (the editor shows a live one itself); work in progress only live", () => {
    const live = createUpdateMapper("/w", WITH_NOTICES);
    const replay = createUpdateMapper("/w", REPLAY);
    const started = event({ type: "turn.started", turnId: "t", prompt: "hi", images: [{ mediaType: "image/png", base64: "AAAA" }] });
    expect(live.map(started)).toEqual([]);
    expect(replay.map(started)).toEqual([
      { sessionUpdate: "user_message_chunk", content: { type: "text", text: "hi" } },
      { sessionUpdate: "user_message_chunk", content: { type: "image", mimeType: "image/png", data: "AAAA" } },
    ]);
    for (const mapper of [live, replay]) mapper.map(event({ type: "tool.call", callId: "c9", name: "run_command", arguments: '{"command":"ls"}' }));
    const allowed = event({ type: "approval.decision", callId: "c9", name: "run_command", decision: "allow", by: "user", reason: "ok" });
    const output = event({ type: "tool.output", callId: "c9", stream: "stdout", chunk: "a\n" });
    expect(replay.map(allowed)).toEqual([]);
    expect(replay.map(output)).toEqual([]);
    expect(live.map(allowed)).toHaveLength(1);
    expect(live.map(output)).toHaveLength(1);
  });

  it("a write's call carries its diff; its result completes it without repeating the text", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    const [call] = mapper.map(event({ type: "tool.call", callId: "c1", name: "write_file", arguments: '{"path":"src/a.ts","content":"x"}' }));
    expect(call).toMatchObject({
      sessionUpdate: "tool_call",
      toolCallId: "c1",
      kind: "edit",
      title: "Write src/a.ts",
      status: "pending",
      locations: [{ path: "/w/src/a.ts" }],
      content: [{ type: "diff", path: "/w/src/a.ts", oldText: null, newText: "x" }],
    });
    expect(mapper.map(event({ type: "approval.decision", callId: "c1", name: "write_file", decision: "allow", by: "user", reason: "ok" }))).toEqual([
      { sessionUpdate: "tool_call_update", toolCallId: "c1", status: "in_progress" },
    ]);
    const [result] = mapper.map(event({ type: "tool.result", callId: "c1", name: "write_file", content: "wrote 1 line", isError: false, details: { path: "src/a.ts" } }));
    expect(result).toEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "c1",
      status: "completed",
      content: [{ type: "diff", path: "/w/src/a.ts", oldText: null, newText: "x" }],
      rawOutput: { path: "src/a.ts" },
    });
  });

  it("a failed call shows its error text; a denial adds no update before the result", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    mapper.map(event({ type: "tool.call", callId: "c2", name: "run_command", arguments: '{"command":"rm -rf build"}' }));
    expect(mapper.map(event({ type: "approval.decision", callId: "c2", name: "run_command", decision: "deny", by: "user", reason: "no" }))).toEqual([]);
    const [result] = mapper.map(event({ type: "tool.result", callId: "c2", name: "run_command", content: "denied: no", isError: true }));
    expect(result).toMatchObject({ status: "failed", content: [{ type: "content", content: { type: "text", text: "denied: no" } }] });
  });

  it("a command's output accumulates as its content, keeping the tail", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    mapper.map(event({ type: "tool.call", callId: "c3", name: "run_command", arguments: '{"command":"make"}' }));
    mapper.map(event({ type: "tool.output", callId: "c3", stream: "stdout", chunk: "one\n" }));
    const [second] = mapper.map(event({ type: "tool.output", callId: "c3", stream: "stderr", chunk: "two\n" }));
    expect(second).toEqual({ sessionUpdate: "tool_call_update", toolCallId: "c3", status: "in_progress", content: [{ type: "content", content: { type: "text", text: "one\ntwo\n" } }] });
    const [long] = mapper.map(event({ type: "tool.output", callId: "c3", stream: "stdout", chunk: "x".repeat(OUTPUT_TAIL_CHARS + 10) }));
    const text = ((long as { content: { content: { text: string } }[] }).content[0]!.content.text);
    expect(text).toHaveLength(OUTPUT_TAIL_CHARS);
    // Output for a call never announced (another agent's) is not sent.
    expect(mapper.map(event({ type: "tool.output", callId: "nope", stream: "stdout", chunk: "?" }))).toEqual([]);
  });

  it("images in a result become image content", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    mapper.map(event({ type: "tool.call", callId: "c4", name: "read_file", arguments: '{"path":"logo.png"}' }));
    const [result] = mapper.map(event({ type: "tool.result", callId: "c4", name: "read_file", content: "image", isError: false, images: [{ mediaType: "image/png", base64: "AAAA" }] }));
    expect((result as { content: unknown[] }).content).toEqual([
      { type: "content", content: { type: "text", text: "image" } },
      { type: "content", content: { type: "image", mimeType: "image/png", data: "AAAA" } },
    ]);
  });

  it("the todo list becomes a plan (done → completed, blocked → pending with its note)", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    const [plan] = mapper.map(
      event({
        type: "todo.updated",
        todos: [
          { content: "a", status: "done" },
          { content: "b", status: "blocked", note: "needs a key" },
        ],
      }),
    );
    expect(plan).toEqual({
      sessionUpdate: "plan",
      entries: [
        { content: "a", priority: "medium", status: "completed" },
        { content: "b (blocked: needs a key)", priority: "medium", status: "pending" },
      ],
    });
  });

  it("notices and errors become notices for a client that advertised session.notices", () => {
    const mapper = createUpdateMapper("/w", WITH_NOTICES);
    expect(mapper.map(event({ type: "notice", level: "warn", message: "sandbox off" }))).toEqual([{ sessionUpdate: "notice", severity: "warning", title: "sandbox off" }]);
    expect(mapper.map(event({ type: "error", kind: "provider", message: "503" }))).toEqual([{ sessionUpdate: "notice", severity: "error", title: "provider error: 503" }]);
    const [memory] = mapper.map(event({ type: "memory.changed", action: "remembered", id: "m1", note: "use pnpm", sessionId: "s" }));
    expect(memory).toMatchObject({ sessionUpdate: "notice", severity: "info", title: expect.stringContaining("mini-agent memory rm m1") });
  });

  it("without session.notices: no notice update; what a person must see is an agent message paragraph, the rest goes to the log", () => {
    const logged: string[] = [];
    const mapper = createUpdateMapper("/w", { replay: false, notices: false, log: (line) => logged.push(line) });
    const updates = [
      ...mapper.map(event({ type: "notice", level: "info", message: "nothing compacted" })),
      ...mapper.map(event({ type: "notice", level: "warn", message: "sandbox off\nsecond line" })),
      ...mapper.map(event({ type: "error", kind: "provider", message: "503" })),
      ...mapper.map(event({ type: "memory.changed", action: "remembered", id: "m1", note: "use pnpm", sessionId: "s" })),
    ];
    expect(updates.map((update) => update.sessionUpdate)).toEqual(["agent_message_chunk", "agent_message_chunk", "agent_message_chunk"]);
    const texts = updates.map((update) => (update as { content: { text: string } }).content.text);
    expect(texts[0]).toBe("\n\n> **mini-agent warning**\n> sandbox off\n> second line\n\n");
    expect(texts[1]).toBe("\n\n> **mini-agent error**\n> provider error: 503\n\n");
    expect(texts[2]).toContain("mini-agent memory rm m1");
    expect(logged).toEqual(["nothing compacted"]);
  });
});

describe("tool call views", () => {
  it("gives kinds, titles and locations; an edit's diffs come from its edits", () => {
    expect(toolCallView("read_file", '{"path":"a.ts","offset":10}', "/w")).toMatchObject({ kind: "read", title: "Read a.ts", locations: [{ path: "/w/a.ts", line: 10 }], diffs: [] });
    expect(toolCallView("grep", '{"pattern":"TODO","path":"src"}', "/w")).toMatchObject({ kind: "search", title: "Search for TODO in src" });
    expect(toolCallView("web_fetch", '{"url":"https://x.test"}', "/w")).toMatchObject({ kind: "fetch", title: "Fetch https://x.test" });
    expect(toolCallView("mcp__docs__find", "{}", "/w")).toMatchObject({ kind: "other", title: "mcp__docs__find" });
    expect(toolCallView("edit_file", JSON.stringify({ path: "b.ts", edits: [{ old_string: "1", new_string: "2" }, { old_string: "3", new_string: "4" }] }), "/w").diffs).toEqual([
      { type: "diff", path: "/w/b.ts", oldText: "1", newText: "2" },
      { type: "diff", path: "/w/b.ts", oldText: "3", newText: "4" },
    ]);
    expect(toolCallView("run_command", JSON.stringify({ command: `echo ${"y".repeat(200)}` }), "/w").title.length).toBeLessThanOrEqual(120);
  });

  it("keeps invalid JSON arguments as raw text", () => {
    expect(toolCallView("write_file", "{oops", "/w")).toEqual({ kind: "edit", title: "write_file", locations: [], diffs: [], rawInput: "{oops" });
  });
});

describe("prompt of content blocks", () => {
  it("joins text and mentions; inlines an attached file in a fence it cannot close", () => {
    expect(promptOf([{ type: "text", text: "look at " }, { type: "resource_link", uri: "file:///w/a%20b.ts", name: "a b.ts" }, { type: "text", text: " please" }]).text).toBe("look at @/w/a b.ts please");
    const { text } = promptOf([{ type: "text", text: "why?" }, { type: "resource", resource: { uri: "file:///w/x.md", text: "has ``` inside" } }]);
    expect(text).toBe("why?\n\nAttached:\n\n/w/x.md:\n````\nhas ``` inside\n````");
  });

  it("passes image blocks on as the prompt's images, in order", () => {
    expect(promptOf([{ type: "image", data: "AAAA", mimeType: "image/png" }, { type: "text", text: "what is this?" }, { type: "image", data: "BBBB", mimeType: "image/gif" }])).toEqual({
      text: "what is this?",
      images: [
        { mediaType: "image/png", base64: "AAAA" },
        { mediaType: "image/gif", base64: "BBBB" },
      ],
    });
  });
});
