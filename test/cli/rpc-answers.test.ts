// `answerQuestion` over rpc is checked against the question it answers: a choice that is not an
// option, one chosen twice, several for a single-choice question, or a choice for a question
// without options is refused by name, and the question stays open for a corrected answer,
// which is what the model then receives.
import path from "node:path";
import { describe, expect, it } from "vitest";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

const { clients } = stoppedAfterEach();

describe("rpc answerQuestion", () => {
  it("refuses answers the question does not allow and keeps it pending until one fits", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "ask", arguments: { question: "Pick one", options: [{ label: "A" }, { label: "B" }] } }] },
        { tool_calls: [{ name: "ask", arguments: { question: "Pick some", options: [{ label: "A" }, { label: "B" }], multiple: true } }] },
        { tool_calls: [{ name: "ask", arguments: { question: "Name it" } }] },
        { text: "done" },
      ],
    });
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: script, FAKE_LLM_RECORD: record, MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    rpc.send({ id: "go", op: "submit", text: "ask me" });
    const answer = async (id: string, requestId: unknown, reply: unknown) => {
      rpc.send({ id, op: "answerQuestion", requestId, answer: reply });
      return rpc.result(id);
    };
    const asked = (n: number) => rpc.waitForEvent(() => rpc.events().filter((event) => event.type === "question.asked").length >= n, `question ${n}`).then(() => rpc.events().filter((event) => event.type === "question.asked")[n - 1]!);

    const one = await asked(1);
    expect(await answer("c", one.id, { choices: ["C"] })).toMatchObject({ ok: false, error: expect.stringContaining('"C" is not one of the options ("A", "B")') });
    expect(await answer("dup", one.id, { choices: ["A", "B", "A"] })).toMatchObject({ ok: false, error: expect.stringContaining('"A" is chosen more than once') });
    expect(await answer("two", one.id, { choices: ["A", "B"] })).toMatchObject({ ok: false, error: expect.stringContaining("takes one choice, not 2") });
    expect(await answer("ok1", one.id, { choices: ["B"] })).toMatchObject({ ok: true });

    const some = await asked(2);
    expect(await answer("dup2", some.id, { choices: ["B", "B"] })).toMatchObject({ ok: false, error: expect.stringContaining('"B" is chosen more than once') });
    expect(await answer("ok2", some.id, { choices: ["A", "B"] })).toMatchObject({ ok: true });

    const named = await asked(3);
    expect(await answer("pick", named.id, { choices: ["A"] })).toMatchObject({ ok: false, error: expect.stringContaining("has no options") });
    expect(await answer("ok3", named.id, { text: "aurora" })).toMatchObject({ ok: true });

    await rpc.waitForEvent((event) => event.type === "turn.ended", "the end of the turn");
    // Only the answers that fit reached the model, once each.
    const toolResults = recordedRequests(record).slice(1).map((request) => request.messages.at(-1)?.content);
    expect(toolResults).toEqual(["The user chose: B", "The user chose: A, B", "The user answered: aurora"]);
    expect(rpc.events().filter((event) => event.type === "question.answered")).toHaveLength(3);
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
  });
});
