// The protocol in-process: ops through EngineSession.submit(op) on a real session (real tools,
// the scripted provider), each answered by one op.result event naming its id; the typed
// wrappers return the same values; op.result never reaches the session file.
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import type { AgentEvent, EventOf } from "../../../src/engine/events.js";
import { FakeProvider } from "../../../src/engine/llm/fake/fake.js";
import { startEngine } from "../../helpers/engine.js";
import { waitFor } from "../../helpers/processes.js";
import { eventLines, sessionFiles } from "../../helpers/session-files.js";

function engineFor(turns: unknown[]) {
  const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), "op-results-")));
  const cwd = path.join(base, "ws");
  mkdirSync(cwd);
  const home = path.join(base, "home");
  return { home, ...startEngine({ home, cwd, provider: new FakeProvider({ turns } as never) }) };
}

const results = (events: AgentEvent[]) => events.filter((event): event is EventOf<"op.result"> => event.type === "op.result");

describe("ops answered by op.result", () => {
  it("answers every op by its id, refuses what cannot run with the reason, and keeps op.result off the wire", async () => {
    const { engine, events, home } = engineFor([{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "x" } }] }, { text: "done" }]);
    const submitted = await engine.submit({ id: "p1", op: "submit", text: "write it" });
    expect(submitted).toMatchObject({ id: "p1", op: "submit", ok: true, value: { prompt: "write it" } });
    await waitFor(() => events.some((event) => event.type === "approval.request"), 15_000, "the approval request");
    const request = events.find((event): event is EventOf<"approval.request"> => event.type === "approval.request")!;

    // A turn is running: clearing is refused, naming why; an unknown id is refused by name.
    expect(await engine.submit({ id: "c1", op: "clearContext" })).toMatchObject({ ok: false, error: expect.stringContaining("only between turns") });
    expect(await engine.submit({ id: "a0", op: "answerApproval", requestId: "nope", decision: "allow" })).toMatchObject({ ok: false, error: expect.stringContaining("nope") });
    const snapshot = await engine.submit({ id: "n1", op: "snapshot" });
    expect(snapshot).toMatchObject({ ok: true, value: { busy: true, pendingApprovals: [request.id], model: "fake-scripted" } });
    expect(await engine.submit({ id: "i1", op: "interruptCommand", callId: "call_elsewhere" })).toMatchObject({ ok: false, error: "no call with callId call_elsewhere is running" });
    expect(await engine.submit({ id: "x1", op: "submit", text: "look", images: [{ mediaType: "image/png", base64: "AA==" }] })).toMatchObject({ ok: false, error: expect.stringMatching(/^image 0: its bytes are not a PNG/) });

    expect(await engine.submit({ id: "a1", op: "answerApproval", requestId: request.id!, decision: "deny", note: "not now" })).toMatchObject({ ok: true });
    await engine.idle();
    expect(events).toContainEqual(expect.objectContaining({ type: "approval.decision", id: request.id, decision: "deny", note: "not now", by: "user" }));
    // The wrappers are ops too: same answers, their own ids.
    expect(engine.interruptCommand()).toBe(false);
    expect((await engine.snapshot()).busy).toBe(false);
    expect(results(events)).toContainEqual(expect.objectContaining({ op: "interruptCommand", ok: false, id: expect.stringMatching(/^local-/) }));

    const sent = ["p1", "c1", "a0", "n1", "i1", "x1", "a1"];
    expect(results(events).map((event) => event.id).filter((id) => !String(id).startsWith("local-"))).toEqual(sent);
    await engine.shutdown();
    const [file] = sessionFiles(home);
    expect(eventLines(file!).map((event) => event.type)).not.toContain("op.result");
    expect(eventLines(file!).map((event) => event.type)).toContain("turn.ended");
  });
});
