// The ask tool on the engine's surface, driven the way the TUI drives it: a question event
// out, answerQuestion in, and what the model was sent next.
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent, EventOf } from "../../src/engine/events.js";
import { FakeProvider } from "../../src/engine/llm/fake/fake.js";
import type { FakeScript } from "../../src/engine/llm/fake/fake-script.js";
import { startEngine } from "../helpers/engine.js";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

function engineFor(script: FakeScript, canAsk = true) {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "ask-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  const record = path.join(base, "requests.jsonl");
  return { record, ...startEngine({ home: path.join(base, "home"), cwd, provider: new FakeProvider(script, record), canAsk }) };
}

const questions = (events: AgentEvent[]) => events.filter((event): event is EventOf<"question.asked"> => event.type === "question.asked");

const askCall = (args: Record<string, unknown>) => ({ tool_calls: [{ name: "ask", arguments: args }] });

describe("ask", () => {
  it("publishes the question, waits for the pick, and tells the model what was chosen", async () => {
    const options = [{ label: "SQLite", detail: "one file" }, { label: "Postgres" }];
    const { engine, events, record } = engineFor({ turns: [askCall({ question: "Which database?", options }), { text: "going with it" }] });
    engine.submit("set up storage");
    await waitFor(() => questions(events).length === 1, 15_000, "the question event");
    const [asked] = questions(events);
    expect(asked).toMatchObject({ question: "Which database?", options, multiple: false });
    expect(engine.busy).toBe(true);
    engine.answerQuestion(asked!.id, { choices: ["Postgres"] });
    expect((await engine.idle())?.stopReason).toBe("completed");
    expect(recordedRequests(record)[1]!.messages.at(-1)).toMatchObject({ role: "tool", content: "The user chose: Postgres" });
    expect(events.find((event) => event.type === "question.answered")).toMatchObject({ id: asked!.id, choices: ["Postgres"] });
    await engine.shutdown();
  });

  it("esc tells the model to decide and state its assumption; free text comes through as said", async () => {
    const { engine, events, record } = engineFor({
      turns: [askCall({ question: "Tabs or spaces?", options: [{ label: "tabs" }, { label: "spaces" }] }), askCall({ question: "Project name?" }), { text: "ok" }],
    });
    engine.submit("start");
    await waitFor(() => questions(events).length === 1, 15_000, "the first question");
    engine.answerQuestion(questions(events)[0]!.id, { dismissed: true });
    await waitFor(() => questions(events).length === 2, 15_000, "the second question");
    expect(questions(events)[1]!.options).toBeUndefined();
    engine.answerQuestion(questions(events)[1]!.id, { text: "aurora" });
    await engine.idle();
    const requests = recordedRequests(record);
    expect(requests[1]!.messages.at(-1)?.content).toMatch(/dismissed the question.*Decide yourself, and state the assumption/);
    expect(requests[2]!.messages.at(-1)?.content).toBe("The user answered: aurora");
    await engine.shutdown();
  });

  it("an abort while waiting ends the turn; a pick that is not an option is refused and the question stays open", async () => {
    const { engine, events, record } = engineFor({ turns: [askCall({ question: "A or B?", options: [{ label: "A" }, { label: "B" }] }), { text: "hm" }] });
    engine.submit("choose");
    await waitFor(() => questions(events).length === 1, 15_000, "the question");
    engine.answerQuestion(questions(events)[0]!.id, { choices: ["C"] });
    await waitFor(() => events.some((event) => event.type === "op.result" && event.op === "answerQuestion"), 15_000, "the refusal");
    expect(events.find((event) => event.type === "op.result" && event.op === "answerQuestion")).toMatchObject({ ok: false, error: expect.stringContaining('"C" is not one of the options') });
    engine.answerQuestion(questions(events)[0]!.id, { choices: ["A"] });
    await engine.idle();
    expect(recordedRequests(record)[1]!.messages.at(-1)).toMatchObject({ content: "The user chose: A" });

    const second = engineFor({ turns: [askCall({ question: "Wait?" })] });
    second.engine.submit("go");
    await waitFor(() => questions(second.events).length === 1, 15_000, "the question");
    second.engine.abortTurn();
    expect((await second.engine.idle())?.stopReason).toBe("aborted");
    await Promise.all([engine.shutdown(), second.engine.shutdown()]);
  });

  it("is not offered where no one can answer: print mode, or a face that cannot ask", async () => {
    const { engine, record } = engineFor({ turns: [{ text: "hi" }] }, false);
    engine.submit("x");
    await engine.idle();
    expect(recordedRequests(record)[0]!.tools.map((tool) => tool.name)).not.toContain("ask");
    await engine.shutdown();

    const box = makeSandbox();
    const printed = path.join(box.home, "requests.jsonl");
    await runCli(["-p", "x"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), FAKE_LLM_RECORD: printed } });
    expect(recordedRequests(printed)[0]!.tools.map((tool) => tool.name)).not.toContain("ask");
  });
});
