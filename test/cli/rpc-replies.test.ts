// `mini-agent rpc` answers every op line with exactly one op.result (docs/protocol.md): ops in
// flight that share an id each get their own reply, and an op that arrives while the session
// shuts down is refused, with the shutdown's reply still the last line.
import { describe, expect, it } from "vitest";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";
import { makeSandbox } from "../helpers/run-cli.js";

const { clients } = stoppedAfterEach();

describe("rpc replies", () => {
  it("answers each of several ops sharing an id, and refuses an op sent after shutdown", async () => {
    const box = makeSandbox();
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    // One write: async ops (snapshot), refusals (an unknown op) and sync ops (setThinking), two of each per id.
    const lines = [
      { id: "a", op: "snapshot" },
      { id: "a", op: "snapshot" },
      { id: "b", op: "bogus" },
      { id: "b", op: "bogus" },
      { id: "c", op: "setThinking", level: "high" },
      { id: "c", op: "setThinking", level: "low" },
      // The host's own ops are numbered local-1, local-2…: a client may pick such ids too.
      { id: "local-1", op: "snapshot" },
      { id: "local-1", op: "snapshot" },
    ];
    rpc.child.stdin!.write(lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
    await rpc.waitForEvent(() => rpc.events().filter((event) => event.type === "op.result").length >= lines.length, "a reply to every op");
    rpc.child.stdin!.write(`${JSON.stringify({ id: "z", op: "shutdown" })}\n${JSON.stringify({ id: "late", op: "snapshot" })}\n`);
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });

    const results = rpc.events().filter((event) => event.type === "op.result");
    const count = (id: string) => results.filter((event) => event.id === id).length;
    expect([count("a"), count("b"), count("c"), count("local-1")]).toEqual([2, 2, 2, 2]);
    expect(results.filter((event) => event.id === "c").every((event) => event.ok === true)).toBe(true);
    expect(results.find((event) => event.id === "late")).toMatchObject({ ok: false, op: "snapshot", error: expect.stringContaining("shutting down") });
    expect(rpc.events().at(-1)).toMatchObject({ type: "op.result", id: "z", op: "shutdown", ok: true });
    expect(results).toHaveLength(lines.length + 2);
  });
});
