import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createApprovalGate, type Approver } from "../../src/engine/approval/gate/gate.js";
import { EventBus } from "../../src/engine/event-bus.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import type { FakeScript } from "../../src/engine/llm/fake/fake-script.js";
import { createLoop } from "../../src/engine/turn/loop.js";
import { initialState, reduce, foldEvents } from "../../src/engine/state/state.js";
import { executeApproved } from "../../src/engine/approval/gate/executor.js";
import { createJail } from "../../src/engine/tools/jail/jail.js";
import { ToolRegistry } from "../../src/engine/tools/registry.js";
import { defineTool, type Tool } from "../../src/engine/tools/tool.js";
import { createEditFileTool } from "../../src/engine/tools/fs/edit-file.js";
import { createWriteFileTool } from "../../src/engine/tools/fs/write-file.js";

function workspace(): string {
  return mkdtempSync(path.join(os.tmpdir(), "loop-"));
}

/** A real tool that writes a marker file, so "did it run" is a question about the disk. */
function markerTool(root: string): Tool {
  return defineTool({
    name: "touch",
    description: "create a file",
    kind: "write",
    input: z.object({ path: z.string() }),
    subject: (input) => ({ paths: [input.path] }),
    async execute(input) {
      writeFileSync(path.join(root, input.path), "ran");
      return { content: `touched ${input.path}` };
    },
  });
}

function waitTool(onStart: () => void = () => {}): Tool {
  return defineTool({
    name: "wait",
    description: "waits until aborted",
    kind: "read",
    input: z.object({}),
    execute: (_input, context) =>
      new Promise((_resolve, reject) => {
        context.signal.addEventListener("abort", () => reject(Object.assign(new Error("aborted"), { name: "AbortError" })));
        onStart();
      }),
  });
}

function rig(root: string, script: FakeScript, tools: Tool[], approver: Approver, maxRounds?: number) {
  const bus = new EventBus();
  const state = initialState();
  const events: AgentEvent[] = [];
  bus.subscribe((event) => reduce(state, event));
  bus.subscribe((event) => events.push(event));
  const registry = new ToolRegistry(tools);
  const jail = createJail(root);
  const gate = createApprovalGate({
    rules: { jail },
    commandRules: () => ({ jail, classifyCommand: () => ({ decision: "confirm", reason: "test" }) }),
    approver,
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
  });
  const loop = createLoop({
    provider: new FakeProvider(script),
    registry,
    gate,
    publish: bus.publish,
    state: () => state,
    systemPrompt: () => "test",
    ...(maxRounds ? { maxRounds } : {}),
  });
  return { loop, state, events };
}

const allow: Approver = async () => ({ decision: "allow", by: "flag" });

describe("turn loop", () => {
  it("runs a tool call turn to the end and folds the same state a rebuild gets", async () => {
    const root = workspace();
    const { loop, state, events } = rig(
      root,
      { turns: [{ text: "making it", tool_calls: [{ name: "touch", arguments: { path: "a.txt" } }] }, { text: "done" }] },
      [markerTool(root)],
      allow,
    );
    const outcome = await loop.runTurn("make a.txt", new AbortController().signal);
    expect(outcome).toEqual({ stopReason: "completed", rounds: 2 });
    expect(existsSync(path.join(root, "a.txt"))).toBe(true);
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(["turn.started", "tool.call", "approval.request", "approval.decision", "tool.result", "turn.ended"]),
    );
    expect(state.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(foldEvents(events).messages).toEqual(state.messages);
  });

  it("never executes a call the rules deny, even when the approver would allow", async () => {
    const root = workspace();
    const { loop, events } = rig(
      root,
      { turns: [{ tool_calls: [{ name: "touch", arguments: { path: "../escape.txt" } }] }] },
      [markerTool(root)],
      allow,
    );
    await loop.runTurn("escape", new AbortController().signal);
    expect(existsSync(path.join(root, "..", "escape.txt"))).toBe(false);
    const result = events.find((event) => event.type === "tool.result");
    expect(result).toMatchObject({ isError: true });
    expect(events.find((event) => event.type === "approval.decision")).toMatchObject({ decision: "deny", by: "rule" });
  });

  it("refuses to execute a call that did not come from the gate", async () => {
    const root = workspace();
    const forged = { callId: "x", tool: markerTool(root), input: { path: "forged.txt" } };
    await expect(executeApproved(forged as never, { signal: new AbortController().signal })).rejects.toThrow(/did not approve/);
    expect(existsSync(path.join(root, "forged.txt"))).toBe(false);
  });

  it("turns malformed arguments and unknown tools into errors the model sees", async () => {
    const root = workspace();
    const { loop, state } = rig(
      root,
      {
        turns: [
          {
            tool_calls: [
              { name: "touch", arguments: '{"path": "a.txt"' },
              { name: "nope", arguments: {} },
              { name: "touch", arguments: { path: 42 } },
            ],
          },
          { text: "ok" },
        ],
      },
      [markerTool(root)],
      allow,
    );
    await loop.runTurn("go", new AbortController().signal);
    const results = state.messages.filter((message) => message.role === "tool");
    expect(results.map((message) => message.role === "tool" && message.content)).toEqual([
      expect.stringMatching(/not valid JSON/),
      expect.stringMatching(/unknown tool "nope"/),
      expect.stringMatching(/invalid input for touch: path/),
    ]);
  });

  it("stops at maxRounds with that stop reason", async () => {
    const root = workspace();
    const looping = { turns: [], after: { tool_calls: [{ name: "touch", arguments: { path: "x" } }] } };
    const { loop } = rig(root, looping, [markerTool(root)], allow, 3);
    expect(await loop.runTurn("forever", new AbortController().signal)).toEqual({ stopReason: "max_rounds", rounds: 3 });
  });

  it("aborting mid-tool answers every open call so the next request is valid", async () => {
    const root = workspace();
    const controller = new AbortController();
    // Abort once a call is running, not after a fixed time a loaded machine may not reach.
    const { loop, state, events } = rig(
      root,
      { turns: [{ tool_calls: [{ name: "wait", arguments: {} }, { name: "wait", arguments: {} }] }] },
      [waitTool(() => controller.abort())],
      allow,
    );
    const outcome = await loop.runTurn("wait", controller.signal);
    expect(outcome.stopReason).toBe("aborted");
    expect(state.openCalls).toEqual([]);
    const results = events.filter((event) => event.type === "tool.result");
    expect(results).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ type: "turn.ended", stopReason: "aborted" });
  });

  it("a file changed while its write waited for approval is not written: the call says so", async () => {
    const root = workspace();
    writeFileSync(path.join(root, "f.txt"), "v1 important line\n");
    writeFileSync(path.join(root, "g.txt"), "alpha\nbeta\n");
    const jail = createJail(root);
    // The person's own edit lands while the question is on screen, then they approve.
    const editsThenAllows: Approver = async (question) => {
      const file = path.join(root, question.name === "write_file" ? "f.txt" : "g.txt");
      writeFileSync(file, `${readFileSync(file, "utf8")}USER EDIT\n`);
      return { decision: "allow", by: "user" };
    };
    const { loop, state } = rig(
      root,
      {
        turns: [
          {
            tool_calls: [
              { name: "write_file", arguments: { path: "f.txt", content: "model version\n" } },
              { name: "edit_file", arguments: { path: "g.txt", old_string: "beta", new_string: "BETA" } },
            ],
          },
          { text: "ok" },
        ],
      },
      [createWriteFileTool({ jail }), createEditFileTool({ jail })],
      editsThenAllows,
    );
    expect((await loop.runTurn("go", new AbortController().signal)).stopReason).toBe("completed");
    expect(readFileSync(path.join(root, "f.txt"), "utf8")).toBe("v1 important line\nUSER EDIT\n");
    expect(readFileSync(path.join(root, "g.txt"), "utf8")).toBe("alpha\nbeta\nUSER EDIT\n");
    const results = state.messages.filter((message) => message.role === "tool").map((message) => message.role === "tool" && message.content);
    expect(results).toEqual([
      expect.stringMatching(/^f\.txt changed on disk while this call waited for approval.*nothing was written/),
      expect.stringMatching(/^g\.txt changed on disk while this call waited for approval/),
    ]);
  });

  it("a call whose check fails inside the engine is refused and the turn goes on", async () => {
    const root = workspace();
    const broken: Approver = async () => {
      throw new Error("approver exploded");
    };
    const { loop, state, events } = rig(
      root,
      {
        turns: [
          { tool_calls: [{ name: "touch", arguments: { path: "a.txt" } }, { name: "touch", arguments: { path: "b".repeat(256) } }] },
          { text: "recovered" },
        ],
      },
      [markerTool(root)],
      broken,
    );
    expect(await loop.runTurn("go", new AbortController().signal)).toEqual({ stopReason: "completed", rounds: 2 });
    const results = state.messages.filter((message) => message.role === "tool").map((message) => message.role === "tool" && message.content);
    expect(results).toEqual([
      "not run: checking this call failed (approver exploded); nothing was changed",
      expect.stringMatching(/^refused: path too long/),
    ]);
    expect(existsSync(path.join(root, "a.txt"))).toBe(false);
    expect(events.some((event) => event.type === "error")).toBe(false);
  });

  it("reports a provider error as an error event and ends the turn with stop reason error", async () => {
    const root = workspace();
    const { loop, events } = rig(root, { turns: [{ error: { kind: "auth", message: "bad key from KIMI_API_KEY" } }] }, [], allow);
    expect((await loop.runTurn("hi", new AbortController().signal)).stopReason).toBe("error");
    expect(events.find((event) => event.type === "error")).toMatchObject({ kind: "auth", message: "bad key from KIMI_API_KEY" });
  });
});
