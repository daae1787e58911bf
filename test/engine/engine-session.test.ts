// The engine's surface, driven the way a face drives it: a real session folder, real tools,
// the scripted provider; assertions on events, the session file and the disk.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { answerByFlag } from "../../src/engine/approval/gate/flag-answerer.js";
import type { AgentEvent, EventOf } from "../../src/engine/events.js";
import { persisted } from "../../src/engine/wire/wire-policy.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import type { FakeScript } from "../../src/engine/llm/fake/fake-script.js";
import { TRUNCATED_RESULT } from "../../src/engine/turn/loop.js";
import { defineTool } from "../../src/engine/tools/tool.js";
import { startEngine } from "../helpers/engine.js";
import { waitFor } from "../helpers/processes.js";
import { eventLines, recordedRequests, sessionFiles } from "../helpers/session-files.js";

function box() {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "engine-session-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  return { base, cwd, home: path.join(base, "home"), record: path.join(base, "requests.jsonl") };
}

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): EventOf<T>[] {
  return events.filter((event): event is EventOf<T> => event.type === type);
}

function engineFor(script: FakeScript, extra: Partial<Parameters<typeof startEngine>[0]> = {}) {
  const dirs = box();
  const started = startEngine({ home: dirs.home, cwd: dirs.cwd, provider: new FakeProvider(script, dirs.record), ...extra });
  return { ...dirs, ...started };
}

describe("approvals by id", () => {
  it("an approval left unanswered while the turn is aborted resolves as denied, with no hang", async () => {
    const { engine, events, cwd } = engineFor({
      turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "x" } }] }],
    });
    engine.submit("write it");
    await waitFor(() => of(events, "approval.request").length === 1, 15_000, "the approval request");
    const request = of(events, "approval.request")[0]!;
    expect(request.id).toBeTruthy();
    expect(engine.busy).toBe(true);
    engine.abortTurn();
    const outcome = await engine.idle();
    expect(outcome?.stopReason).toBe("aborted");
    expect(of(events, "approval.decision")).toMatchObject([{ id: request.id, decision: "deny", callId: request.callId }]);
    expect(of(events, "tool.result")).toMatchObject([{ callId: request.callId, isError: true }]);
    expect(existsSync(path.join(cwd, "a.txt"))).toBe(false);
    // A late answer to the closed request is ignored.
    engine.answerApproval(request.id!, { decision: "allow_once" });
    await engine.shutdown();
    expect(existsSync(path.join(cwd, "a.txt"))).toBe(false);
  });

  it("shutdown denies a pending request and closes the session", async () => {
    const { engine, events, home } = engineFor({
      turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "x" } }] }],
    });
    engine.submit("write it");
    await waitFor(() => of(events, "approval.request").length === 1, 15_000, "the approval request");
    await engine.shutdown();
    expect(of(events, "approval.decision")).toMatchObject([{ decision: "deny" }]);
    expect(() => engine.submit("again")).toThrow(/shut down/);
    // The lock is released: the session can be opened again.
    expect(sessionFiles(home)).toHaveLength(1);
  });

  it("a note reaches the model with a denial", async () => {
    const { engine, events, record } = engineFor({
      turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "x" } }] }, { text: "ok" }],
    });
    engine.subscribe((event) => {
      if (event.type === "approval.request") engine.answerApproval(event.id!, { decision: "deny", note: "use b.txt instead" });
    });
    engine.submit("write it");
    await engine.idle();
    await engine.shutdown();
    expect(of(events, "approval.decision")[0]).toMatchObject({ decision: "deny", by: "user", note: "use b.txt instead" });
    const sent = recordedRequests(record)[1]!.messages.at(-1) as { content: string };
    expect(sent.content).toContain("use b.txt instead");
  });
});

describe("scoped always", () => {
  it("remembers one command's program and subcommand, not the tool", async () => {
    const calls = ["touch one.txt", "touch two.txt", "touch one.txt"].map((command) => ({ name: "run_command", arguments: { command } }));
    const { engine, events, cwd } = engineFor({ turns: [{ tool_calls: calls }, { text: "done" }] });
    engine.subscribe((event) => {
      if (event.type === "approval.request") engine.answerApproval(event.id!, { decision: "allow_always" });
    });
    engine.submit("touch things");
    await engine.idle();
    await engine.shutdown();
    const requests = of(events, "approval.request");
    expect(requests.map((request) => request.scope)).toEqual(["run_command: touch one.txt", "run_command: touch two.txt"]);
    expect(of(events, "approval.decision").map((decision) => decision.by)).toEqual(["user", "user", "memory"]);
    expect(existsSync(path.join(cwd, "one.txt")) && existsSync(path.join(cwd, "two.txt"))).toBe(true);
    expect(engine.state.alwaysAllowed).toEqual(["run_command: touch one.txt", "run_command: touch two.txt"]);
  });

  it("a folder glob does not cover another folder, and a critical file is never remembered", async () => {
    const write = (file: string, content = "x\n") => ({ name: "write_file", arguments: { path: file, content } });
    const { engine, events } = engineFor({
      // The second package.json write changes it again (a write of the same text asks nothing).
      turns: [{ tool_calls: [write("src/a.ts"), write("src/deep/b.ts"), write("lib/c.ts"), write("package.json"), write("package.json", "y\n")] }],
    });
    engine.subscribe((event) => {
      if (event.type === "approval.request") engine.answerApproval(event.id!, { decision: "allow_always" });
    });
    engine.submit("write");
    await engine.idle();
    await engine.shutdown();
    const requests = of(events, "approval.request");
    expect(requests.map((request) => [request.callId.split("_").at(-1), request.scope ?? null, request.critical ?? false])).toEqual([
      ["1", "write_file: src/**", false],
      ["3", "write_file: lib/**", false],
      ["4", null, true],
      ["5", null, true],
    ]);
  });
});

describe("the prompt queue", () => {
  it("runs prompts submitted mid-turn after it, in order, with queue events", async () => {
    const { engine, events } = engineFor({
      turns: [{ text: "one two three four five six", delay_ms: 40 }],
      after: { text: "next" },
    });
    const first = engine.submit("first");
    const second = engine.submit("second");
    const third = engine.submit("third");
    expect(engine.queue.map((item) => item.prompt)).toEqual(["second", "third"]);
    await engine.idle();
    await engine.shutdown();
    expect(of(events, "turn.started").map((event) => event.prompt)).toEqual(["first", "second", "third"]);
    expect(of(events, "prompt.queued").map((event) => event.id)).toEqual([second.id, third.id]);
    expect(of(events, "prompt.dequeued").map((event) => event.id)).toEqual([second.id, third.id]);
    expect(first.id).not.toBe(second.id);
    // Each turn ended before the next one started.
    const order = events.filter((event) => event.type === "turn.started" || event.type === "turn.ended").map((event) => event.type);
    expect(order).toEqual(["turn.started", "turn.ended", "turn.started", "turn.ended", "turn.started", "turn.ended"]);
  });

  it("abortTurn stops the turn and drops the queue", async () => {
    // Long pauses: the abort always lands mid-answer on a loaded machine, and is never waited out.
    const { engine, events } = engineFor({ turns: [{ text: "one two three four five six seven eight", delay_ms: 1_000 }] });
    engine.submit("first");
    const dropped = engine.submit("second");
    await waitFor(() => of(events, "assistant.delta").length > 0, 15_000, "the first delta");
    engine.abortTurn();
    expect((await engine.idle())?.stopReason).toBe("aborted");
    await engine.shutdown();
    expect(of(events, "prompt.dropped")).toMatchObject([{ id: dropped.id }]);
    expect(of(events, "turn.started")).toHaveLength(1);
  });
});

describe("turns and tools", () => {
  it("does not run tool calls of a step cut off by the output limit", async () => {
    const { engine, events, cwd } = engineFor({
      turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "cut.txt", content: "x" } }], finish: "length" }, { text: "ok" }],
    });
    answerByFlag(engine, true);
    engine.submit("write");
    await engine.idle();
    await engine.shutdown();
    expect(of(events, "approval.request")).toHaveLength(0);
    expect(of(events, "tool.result")).toMatchObject([{ isError: true, content: TRUNCATED_RESULT }]);
    expect(existsSync(path.join(cwd, "cut.txt"))).toBe(false);
    expect(of(events, "turn.ended")[0]).toMatchObject({ stopReason: "completed", rounds: 2 });
  });

  it("tool results carry details for write, edit and run_command", async () => {
    const { engine, events } = engineFor({
      turns: [
        {
          tool_calls: [
            { name: "write_file", arguments: { path: "d/f.txt", content: "one\ntwo\n" } },
            { name: "edit_file", arguments: { path: "d/f.txt", old_string: "two", new_string: "three" } },
            { name: "run_command", arguments: { command: "echo hi; exit 3" } },
          ],
        },
      ],
    });
    answerByFlag(engine, true);
    engine.submit("go");
    await engine.idle();
    await engine.shutdown();
    const details = of(events, "tool.result").map((result) => result.details);
    expect(details[0]).toMatchObject({ path: "d/f.txt", linesAdded: 2, linesRemoved: 0, diff: expect.stringContaining("+two") });
    expect(details[1]).toMatchObject({ path: "d/f.txt", linesAdded: 1, linesRemoved: 1, diff: expect.stringContaining("+three") });
    expect(details[2]).toMatchObject({ exitCode: 3, signal: null });
  });

  it("a registry change mid-session reaches the next request", async () => {
    const { engine, record } = engineFor({ turns: [{ text: "one" }, { text: "two" }] });
    engine.submit("first");
    await engine.idle();
    engine.tools.add(
      defineTool({ name: "mcp_echo", description: "echo", kind: "read", input: z.object({}), execute: async () => ({ content: "e" }) }),
    );
    engine.submit("second");
    await engine.idle();
    await engine.shutdown();
    const names = recordedRequests(record).map((request) => (request.tools as { name: string }[]).map((tool) => tool.name));
    expect(names[0]).not.toContain("mcp_echo");
    expect(names[1]).toContain("mcp_echo");
  });

  it("setThinking and clearContext are events the next request and a resume follow", async () => {
    const { engine, events, record, home, cwd } = engineFor({ turns: [{ text: "one" }, { text: "two" }] });
    engine.submit("first");
    await engine.idle();
    engine.setThinking("high");
    engine.clearContext();
    engine.submit("second");
    await engine.idle();
    await engine.shutdown();
    const second = recordedRequests(record)[1]!;
    expect(second.thinking).toBe("high");
    expect(second.messages).toEqual([{ role: "user", content: "second" }]);
    expect(of(events, "context.cleared")).toHaveLength(1);
    const resumedRecord = path.join(home, "resumed.jsonl");
    const resumed = startEngine({ home, cwd, choice: { mode: "continue" }, provider: new FakeProvider({ turns: [] }, resumedRecord) });
    expect(resumed.engine.state.thinking).toBe("high");
    resumed.engine.submit("third");
    await resumed.engine.idle();
    expect(recordedRequests(resumedRecord)[0]!.thinking).toBe("high");
    expect(resumed.engine.state.messages.map((message) => message.role)).toEqual(["user", "assistant", "user", "assistant"]);
    const history = await resumed.engine.history();
    expect(history.map((event) => event.type)).toContain("context.cleared");
    expect(history.filter((event) => event.type === "turn.started")).toHaveLength(3);
    await resumed.engine.shutdown();
  });
});

describe("guards", () => {
  it("run before the rules, and --yes never skips them", async () => {
    const seen: string[] = [];
    const { engine, events, cwd } = engineFor(
      {
        turns: [
          {
            tool_calls: [
              { name: "run_command", arguments: { command: "touch forbidden.txt" } },
              { name: "write_file", arguments: { path: "../outside.txt", content: "x" } },
            ],
          },
        ],
      },
      {
        guards: [
          async (call) => {
            seen.push(call.subject.command ?? call.subject.paths?.join(",") ?? "");
            return call.subject.command?.includes("forbidden") ? { decision: "deny", reason: "a hook forbids it" } : undefined;
          },
        ],
      },
    );
    answerByFlag(engine, true);
    engine.submit("go");
    await engine.idle();
    await engine.shutdown();
    // The guard saw the call the rules deny too: it runs first.
    expect(seen).toEqual(["touch forbidden.txt", "../outside.txt"]);
    expect(of(events, "approval.decision").map((decision) => [decision.decision, decision.reason])).toEqual([
      ["deny", "a hook forbids it"],
      ["deny", expect.any(String)],
    ]);
    expect(existsSync(path.join(cwd, "forbidden.txt"))).toBe(false);
  });
});

describe("notices", () => {
  it("an empty session file is a notice event, not a stderr line", async () => {
    const { home, cwd, engine } = engineFor({ turns: [] });
    await engine.shutdown();
    const file = sessionFiles(home)[0]!;
    writeFileSync(file, "");
    const notices: string[] = [];
    const resumed = startEngine({
      home,
      cwd,
      choice: { mode: "continue" },
      provider: new FakeProvider({ turns: [] }),
      listener: (event) => {
        if (event.type === "notice") notices.push(event.message);
      },
    });
    await resumed.engine.shutdown();
    expect(notices.join("\n")).toMatch(/was empty/);
    expect(eventLines(file).some((event) => event.type === "notice")).toBe(true);
    expect(readFileSync(file, "utf8")).toContain("was empty");
  });
});

describe("child agents", () => {
  it("run through the parent's gate and publish into its bus and wire, stamped, outside its conversation", async () => {
    const { engine, events, cwd, home } = engineFor({
      turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "child.txt", content: "from the child" } }] }, { text: "child done" }],
    });
    answerByFlag(engine, true);
    const child = engine.spawnAgent({ agentId: "sub-1", parentCallId: "call_parent_1", systemPrompt: "you are a subagent" });
    const outcome = await child.runTurn("do the sub task", new AbortController().signal);
    child.close();
    await engine.shutdown();
    expect(outcome).toEqual({ stopReason: "completed", rounds: 2 });
    expect(readFileSync(path.join(cwd, "child.txt"), "utf8")).toBe("from the child");
    // The parent's gate asked (and --yes answered) for the child's write.
    expect(of(events, "approval.decision")).toMatchObject([{ decision: "allow", by: "flag" }]);
    const stamped = events.filter((event) => event.agentId === "sub-1");
    expect(stamped.every((event) => event.parentCallId === "call_parent_1")).toBe(true);
    expect(stamped.map((event) => event.type)).toEqual(expect.arrayContaining(["turn.started", "tool.call", "tool.result", "turn.ended"]));
    expect(engine.state.messages).toEqual([]);
    expect(child.state.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    // The child's completed items are on the disk; its stream (tool.call as it came) was live only.
    const onDisk = eventLines(sessionFiles(home)[0]!).filter((event) => event.agentId === "sub-1");
    expect(onDisk.map((event) => event.seq)).toEqual(stamped.filter((event) => persisted(event)).map((event) => event.seq));
    expect(onDisk.map((event) => event.type)).toEqual(expect.arrayContaining(["assistant.message", "tool.result"]));
  });
});

