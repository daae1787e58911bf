// openEngine: what a face (the TUI) calls to get an EngineSession for its CLI options.
import { describe, expect, it } from "vitest";
import type { CliOptions } from "../../src/config/cli-options.js";
import { openEngine } from "../../src/bootstrap.js";
import type { AgentEvent } from "../../src/engine/events.js";
import { foldEvents } from "../../src/engine/state/state.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { recordedRequests } from "../helpers/session-files.js";

const options = (session: CliOptions["session"] = { mode: "new" }): CliOptions => ({
  prompt: "",
  yes: false,
  outputFormat: "text",
  session,
  sandbox: false,
});

describe("openEngine", () => {
  it("hands the listener every event from session.started on, and setModel switches the next request's model", async () => {
    const box = makeSandbox();
    const record = `${box.home}/requests.jsonl`;
    const env = { HOME: box.home, MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "one" }, { text: "two" }] }), FAKE_LLM_RECORD: record };
    const events: AgentEvent[] = [];
    const engine = await openEngine(options(), { version: "test", env, cwd: box.workspace, listener: (event) => events.push(event) });
    expect(events[0]).toMatchObject({ type: "session.started", provider: "fake", resumed: false });
    engine.submit("first");
    await engine.idle();
    engine.setModel({ model: "another-model" });
    engine.submit("second");
    await engine.idle();
    await engine.shutdown();
    expect(events.filter((event) => event.type === "model.changed")).toMatchObject([{ provider: "fake" }]);
    // The switched-to provider is a new fake reading the same script: it starts at turn one.
    expect(recordedRequests(record)).toHaveLength(2);
    const secondTurn = events.slice(events.findLastIndex((event) => event.type === "turn.started"));
    const said = secondTurn.map((event) => (event.type === "assistant.delta" ? event.text : "")).join("");
    expect(said).toBe("one");
  });

  it("a resumed face can draw the earlier conversation from history()", async () => {
    const box = makeSandbox();
    const env = { HOME: box.home, MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "the answer" }] }) };
    const first = await openEngine(options(), { version: "test", env, cwd: box.workspace });
    first.submit("a question");
    await first.idle();
    await first.shutdown();
    const again = await openEngine(options({ mode: "continue" }), { version: "test", env, cwd: box.workspace });
    const history = await again.history();
    const state = foldEvents(history);
    expect(state.messages).toEqual([
      { role: "user", content: "a question" },
      { role: "assistant", text: "the answer", toolCalls: [] },
    ]);
    // A face reads the same conversation from the snapshot op (it never sees the reducer's state).
    expect(foldEvents((await again.snapshot({ history: true })).events ?? []).messages).toEqual(state.messages);
    await again.shutdown();
  });

  it("an old session's tool-wide always still folds as before", () => {
    const old = [
      { type: "approval.decision", seq: 1, ts: "", callId: "c", name: "run_command", decision: "allow", by: "user", reason: "ok", always: true },
    ] as AgentEvent[];
    expect(foldEvents(old).alwaysAllowed).toEqual(["run_command"]);
  });
});
