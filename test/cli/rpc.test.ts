// `mini-agent rpc` end to end: the built CLI as a child process against a fake OpenAI server.
// A client submits, answers an approval by its id, interrupts the command it allowed, switches
// the model (the next request's body says so) and shuts down with exit 0; every stdout line is
// JSON and an Event. Bad lines are answered with a failed op.result and the session goes on.
import { describe, expect, it } from "vitest";
import { agentEventSchema } from "../../src/engine/events.js";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, usageChunk } from "../helpers/fake-openai-server.js";
import { makeGate } from "../helpers/gate.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { startRpc, stoppedAfterEach, type RpcClient } from "../helpers/rpc-client.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";

const { servers, clients } = stoppedAfterEach();

function toolCall(id: string, name: string, args: unknown) {
  return sse(
    chunk({ role: "assistant", content: "" }),
    chunk(toolDelta(0, { id, name, args: JSON.stringify(args) })),
    chunk({}, "tool_calls"),
    usageChunk({ prompt_tokens: 50, completion_tokens: 9, total_tokens: 59 }),
    DONE,
  );
}

/** Every stdout line parses as JSON and as one of the engine's events. */
function expectOnlyEvents(client: RpcClient): void {
  expect(client.lines.length).toBeGreaterThan(0);
  for (const line of client.lines) expect(() => agentEventSchema.parse(JSON.parse(line)), line).not.toThrow();
}

describe("mini-agent rpc", () => {
  it("submits, answers an approval by id, interrupts the command, switches model and shuts down (exit 0)", async () => {
    const box = providerSandbox();
    const gate = makeGate(box.workspace);
    const server = await startScriptedServer([
      toolCall("call_1", "run_command", { command: gate.command }),
      chatText("The command was stopped."),
      chatText("Answered by the other model."),
    ]);
    servers.push(server);
    const rpc = startRpc(["--provider", "openai"], {
      cwd: box.workspace,
      env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` },
    });
    clients.push(rpc);
    try {
      rpc.send({ id: "s1", op: "submit", text: "run the slow thing" });
      expect(await rpc.result("s1")).toMatchObject({ ok: true, op: "submit", value: { prompt: "run the slow thing" } });
      const request = await rpc.waitForEvent((event) => event.type === "approval.request", "the approval request");
      expect(request).toMatchObject({ callId: "call_1", name: "run_command" });

      // An answer to a request that does not exist fails by name; the real one then allows the call.
      rpc.send({ id: "a0", op: "answerApproval", requestId: "no-such-request", decision: "allow" });
      expect(await rpc.result("a0")).toMatchObject({ ok: false, error: expect.stringContaining("no-such-request") });
      rpc.send({ id: "a1", op: "answerApproval", requestId: request.id, decision: "allow", note: "fine once" });
      expect(await rpc.result("a1")).toMatchObject({ ok: true });
      await rpc.waitForEvent((event) => event.type === "approval.decision" && event.id === request.id && event.decision === "allow" && event.by === "user", "the decision");

      // The command holds on its gate until interrupted: ask until it is running (the spawn follows the decision).
      let interrupted = false;
      for (let attempt = 0; !interrupted; attempt += 1) {
        rpc.send({ id: `i${attempt}`, op: "interruptCommand", callId: "call_1" });
        const result = await rpc.result(`i${attempt}`);
        interrupted = result.ok === true;
        if (!interrupted) {
          expect(result.error).toMatch(/runs no command|no command is running/);
          expect(attempt).toBeLessThan(200);
          await new Promise((resolve) => setTimeout(resolve, 25));
        }
      }
      const ended = await rpc.waitForEvent((event) => event.type === "turn.ended", "the first turn's end");
      expect(ended.stopReason).toBe("completed");
      const result = rpc.events().find((event) => event.type === "tool.result" && event.callId === "call_1");
      expect(result, JSON.stringify(result)).toMatchObject({ isError: true });
      // An interrupt naming a call that is not running is refused.
      rpc.send({ id: "i-late", op: "interruptCommand", callId: "call_1" });
      expect(await rpc.result("i-late")).toMatchObject({ ok: false, error: "no call with callId call_1 is running" });

      rpc.send({ id: "m1", op: "setModel", model: "gpt-other" });
      expect(await rpc.result("m1")).toMatchObject({ ok: true, value: { provider: "openai", model: "gpt-other" } });
      expect(rpc.events()).toContainEqual(expect.objectContaining({ type: "model.changed", model: "gpt-other" }));
      const before = rpc.events().length;
      rpc.send({ id: "s2", op: "submit", text: "and now?" });
      await rpc.waitForEvent((event) => event.type === "turn.ended", "the second turn's end", before);
      expect(server.json(2)["model"]).toBe("gpt-other");

      rpc.send({ id: "bye", op: "shutdown" });
      expect(await rpc.exit()).toEqual({ code: 0, signal: null });
      expect(rpc.events().at(-1)).toMatchObject({ type: "op.result", id: "bye", ok: true });
      expectOnlyEvents(rpc);
      // Only the client's own ops are answered on stdout.
      const replies = rpc.events().filter((event) => event.type === "op.result").map((event) => event.id);
      expect(replies.every((id) => typeof id === "string" && /^(s|a|i|m|bye)/.test(id))).toBe(true);
    } finally {
      gate.release();
    }
  });

  it("answers bad lines with a failed op.result and goes on; EOF lets the turn finish, denying what nobody can answer", async () => {
    const box = makeSandbox();
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    rpc.sendLine("this is not json");
    rpc.sendLine('{"id":"u1","op":"launchRockets"}');
    rpc.sendLine('{"id":"f1","op":"setThinking"}');
    rpc.sendLine('{"id":"q1","op":"answerQuestion","requestId":"nobody-asked","answer":{"text":"hi"}}');
    rpc.sendLine("");
    rpc.send({ id: "s1", op: "submit", text: "show the demo" });
    await rpc.result("s1");
    rpc.closeStdin();
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
    const results = rpc.events().filter((event) => event.type === "op.result");
    expect(results[0]).toMatchObject({ ok: false, error: expect.stringMatching(/^not JSON/) });
    expect(results[0]!.id).toBeUndefined();
    expect(results.find((event) => event.id === "u1")).toMatchObject({ ok: false, error: expect.stringContaining('unknown op "launchRockets"') });
    expect(results.find((event) => event.id === "f1")).toMatchObject({ ok: false, op: "setThinking", error: 'setThinking: missing field "level"' });
    expect(results.find((event) => event.id === "q1")).toMatchObject({ ok: false, error: expect.stringContaining("nobody-asked") });
    // The demo's write needed approval: after EOF nobody could give it, so it was denied and the turn went on to its end.
    expect(rpc.events()).toContainEqual(expect.objectContaining({ type: "approval.decision", decision: "deny", reason: "nobody can answer: the rpc client closed stdin" }));
    expect(rpc.events().filter((event) => event.type === "turn.ended")).toEqual([expect.objectContaining({ stopReason: "completed" })]);
    expectOnlyEvents(rpc);
  });

  it("echoes an op's id as given, a number as a number; compact, clearContext and undo all refuse while a turn runs", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: "a slow answer that takes its time to stream out word by word", delay_ms: 200 }] });
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    rpc.sendLine('{"id":2,"op":"snapshot"}');
    rpc.sendLine('{"id":"2","op":"snapshot"}');
    rpc.sendLine('{"id":3,"op":"snapshot","frob":true}');
    expect(await rpc.result(2)).toMatchObject({ id: 2, op: "snapshot", ok: true, value: { busy: false } });
    expect(await rpc.result("2")).toMatchObject({ id: "2", ok: true });
    expect(await rpc.result(3)).toMatchObject({ id: 3, ok: false, error: expect.stringContaining('unknown field "frob"') });

    rpc.send({ id: 10, op: "submit", text: "take your time" });
    await rpc.waitForEvent((event) => event.type === "assistant.delta", "the answer streaming");
    rpc.send({ id: 11, op: "compact" });
    rpc.send({ id: 12, op: "clearContext" });
    rpc.send({ id: 13, op: "undo" });
    for (const id of [11, 12, 13]) expect(await rpc.result(id)).toMatchObject({ id, ok: false, error: expect.stringMatching(/turn/) });
    expect(rpc.events().filter((event) => event.type === "context.compacted" || event.type === "context.cleared")).toEqual([]);
    rpc.send({ id: 14, op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
    expectOnlyEvents(rpc);
  });

  it("takes no task argument and has its own help", async () => {
    const box = makeSandbox();
    const wrong = await runCli(["rpc", "fix it"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('rpc takes no task argument (got "fix it")');
    expect(wrong.stdout).toBe("");
    const unknown = await runCli(["rpc", "--frob"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--frob");
    const help = await runCli(["rpc", "--help"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } });
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("one JSON op per line");
  });
});
