// `compact(instructions?)` on the EngineSession, driven as a face drives it: real session
// folder and tools, the scripted provider recording what it was sent.
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent, EventOf } from "../../src/engine/events.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import type { FakeScript } from "../../src/engine/llm/fake/fake-script.js";
import { startEngine } from "../helpers/engine.js";
import { recordedRequests } from "../helpers/session-files.js";

/**
 * A budget the tool list and one long answer fit with room to spare, so no turn compacts by
 * itself; /compact then keeps under a third of it, and the long answer is the older part.
 */
const BUDGET = 6000;
/** About 2,400 tokens: more than the third of BUDGET the tail keeps. */
const LONG = `first answer ${"with a good deal of detail ".repeat(360)}`;

function engineFor(script: FakeScript, secrets: string[] = []) {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "compact-op-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  const home = path.join(base, "home");
  const record = path.join(base, "requests.jsonl");
  return { cwd, home, record, ...startEngine({ home, cwd, provider: new FakeProvider(script, record), contextBudget: BUDGET, secrets }) };
}

function of<T extends AgentEvent["type"]>(events: AgentEvent[], type: T): EventOf<T>[] {
  return events.filter((event): event is EventOf<T> => event.type === type);
}

type Sent = ReturnType<typeof recordedRequests>[number] & { purpose?: string };

describe("compact as an engine operation", () => {
  it("summarises between turns with the person's focus; the next request and a resume carry the summary", async () => {
    const { engine, events, record, home, cwd } = engineFor({
      turns: [{ text: LONG }, { text: "second answer" }, { text: "third answer" }],
      summaries: [{ text: "Goal: the first thing.\nNext step: the second thing." }],
    });
    engine.submit("do the first thing");
    await engine.idle();
    engine.submit("now the second");
    await engine.idle();
    const result = await engine.compact("keep the API names");
    expect(result).toEqual({ compacted: true });
    engine.submit("and the third");
    await engine.idle();
    await engine.shutdown();

    const sent = recordedRequests(record) as Sent[];
    expect(sent.map((request) => request.purpose ?? "turn")).toEqual(["turn", "turn", "summary", "turn"]);
    expect(sent[2]!.messages.at(-1)!.content).toMatch(/focus on: keep the API names$/);
    const [compacted] = of(events, "context.compacted");
    expect(compacted).toMatchObject({ trigger: "manual", mode: "summary", instructions: "keep the API names" });
    const after = sent[3]!.messages;
    expect(after[0]!.content).toMatch(/^\[Context summary\][\s\S]*Goal: the first thing\./);
    expect(after.at(-1)).toEqual({ role: "user", content: "and the third" });

    const resumedRecord = path.join(home, "resumed.jsonl");
    const resumed = startEngine({ home, cwd, choice: { mode: "continue" }, provider: new FakeProvider({ turns: [{ text: "ok" }] }, resumedRecord) });
    expect(resumed.engine.state.compaction?.summary).toBe(compacted!.summary);
    resumed.engine.submit("fourth");
    await resumed.engine.idle();
    const first = recordedRequests(resumedRecord)[0]!;
    expect(first.messages).toEqual([...after, { role: "assistant", text: "third answer", toolCalls: [] }, { role: "user", content: "fourth" }]);
    await resumed.engine.shutdown();
  });

  it("a known secret in the instructions never reaches the summary request (the person typed it, as in a prompt)", async () => {
    const secret = "Zq7xW2pLmN4vRt8sKy3";
    const { engine, events, record } = engineFor({ turns: [{ text: LONG }, { text: "two" }], summaries: [{ text: "Goal: the first thing." }] }, [secret]);
    engine.submit("first");
    await engine.idle();
    engine.submit("second");
    await engine.idle();
    expect(await engine.compact(`keep the password ${secret} in mind`)).toEqual({ compacted: true });
    await engine.shutdown();
    const summary = (recordedRequests(record) as Sent[]).find((request) => request.purpose === "summary")!;
    expect(summary.messages.at(-1)!.content).toMatch(/focus on: keep the password \[redacted\] in mind$/);
    expect(JSON.stringify(summary)).not.toContain(secret);
    expect(of(events, "context.compacted")[0]).toMatchObject({ instructions: "keep the password [redacted] in mind" });
  });

  it("says why nothing was compacted; refuses while a turn runs, as clearContext and undo do", async () => {
    const { engine, events } = engineFor({ turns: [{ text: "slow answer with several words in it", delay_ms: 30 }] });
    expect(await engine.compact()).toEqual({ compacted: false, reason: expect.stringMatching(/nothing to compact/) });
    engine.submit("go");
    await expect(engine.compact()).rejects.toThrow("the context can be compacted only between turns; stop the turn first");
    await engine.idle();
    await engine.shutdown();
    expect(of(events, "context.compacted")).toEqual([]);
    expect(of(events, "notice").map((notice) => notice.message)).toEqual([
      expect.stringMatching(/^nothing compacted: nothing to compact/),
      "the context can be compacted only between turns; stop the turn first",
    ]);
  });

  it("a prompt submitted while compacting waits its turn; a failed summary still compacts by dropping", async () => {
    const { engine, events, record } = engineFor({
      turns: [{ text: LONG }, { text: "two" }, { text: "three" }],
      summaries: [{ error: { kind: "provider", message: "overloaded" }, delay_ms: 20 }],
    });
    engine.submit("first");
    await engine.idle();
    engine.submit("second");
    await engine.idle();
    const compacting = engine.compact();
    expect(engine.busy).toBe(true);
    engine.submit("third");
    expect(await compacting).toEqual({ compacted: true });
    await engine.idle();
    await engine.shutdown();
    expect(of(events, "context.compacted")[0]).toMatchObject({ mode: "dropped", reason: "the summary request failed: overloaded" });
    expect(events.map((event) => event.type).filter((type) => type === "prompt.queued" || type === "prompt.dequeued")).toEqual(["prompt.queued", "prompt.dequeued"]);
    const last = (recordedRequests(record) as Sent[]).at(-1)!;
    expect(last.messages[0]!.content).toContain("the oldest messages were dropped without a summary");
    expect(last.messages.at(-1)).toEqual({ role: "user", content: "third" });
  });

  it("a summary no smaller than what it would replace is not applied: no event, the reason says so, the context stays", async () => {
    const { engine, events, record } = engineFor({
      turns: [{ text: "one" }, { text: "two" }, { text: "three" }],
      summaries: [{ text: "Goal: the first thing, restated at some length so the summary outgrows it." }],
    });
    engine.submit("first");
    await engine.idle();
    engine.submit("second");
    await engine.idle();
    const before = engine.state.messages;
    const result = await engine.compact();
    expect(result).toEqual({ compacted: false, reason: expect.stringMatching(/^the summary would be no smaller than the conversation \(\d+ → \d+ tokens\), so the conversation is kept as it was$/) });
    expect(of(events, "context.compacted")).toEqual([]);
    expect(engine.state.messages).toEqual(before);
    engine.submit("third");
    await engine.idle();
    await engine.shutdown();
    const sent = recordedRequests(record) as Sent[];
    expect(sent.map((request) => request.purpose ?? "turn")).toEqual(["turn", "turn", "summary", "turn"]);
    expect(sent[3]!.messages[0]).toEqual({ role: "user", content: "first" });
  });

  it("clearing the context forgets the compaction too", async () => {
    const { engine } = engineFor({ turns: [{ text: LONG }, { text: "two" }] });
    engine.submit("first");
    await engine.idle();
    engine.submit("second");
    await engine.idle();
    expect((await engine.compact()).compacted).toBe(true);
    expect(engine.state.compaction?.count).toBe(1);
    engine.clearContext();
    expect(engine.state.compaction).toBeUndefined();
    expect(engine.state.messages).toEqual([]);
    await engine.shutdown();
  });
});
