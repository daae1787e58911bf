// Every line protocol of the CLI (rpc, the Agent SDK's stream-json, ACP) reads its stdin through
// one framer: a line of up to 32 MiB is read whole (in time linear in its length), a longer one
// is answered as soon as it passes the limit, naming it, even when its newline never comes, and
// is skipped up to that newline; the face then goes on serving the next line.
import { afterEach, describe, expect, it } from "vitest";
import { startLineClient, type LineClient, type Message } from "../helpers/line-client.js";
import { makeSandbox } from "../helpers/run-cli.js";

const MiB = 1024 * 1024;
const clients: LineClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) if (client.child.exitCode === null) client.child.kill("SIGKILL");
});

function start(args: string[]): LineClient & { workspace: string } {
  const box = makeSandbox();
  const client = startLineClient(args, { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
  clients.push(client);
  return { ...client, workspace: box.workspace };
}

/** A JSON line's start with `pad` as its last field, left open: the test writes the padding and the end. */
const opened = (fields: Record<string, unknown>) => `${JSON.stringify({ ...fields, pad: "" }).slice(0, -2)}`;
const padding = (bytes: number) => "a".repeat(bytes);

describe("stdin lines of the protocol faces", () => {
  it("rpc reads a 30 MiB line whole; a longer one is refused by its id before its newline comes, and the next op is served", async () => {
    const rpc = start(["rpc"]);
    rpc.write(`${opened({ id: "big", op: "snapshot" })}${padding(30 * MiB)}"}\n`);
    // Read whole: the schema saw the line's own fields.
    expect(await rpc.waitFor((m) => m["id"] === "big", "the 30 MiB line's reply")).toMatchObject({ ok: false, error: expect.stringContaining('unknown field "pad"') });

    rpc.write(`${opened({ id: "huge", op: "snapshot" })}${padding(33 * MiB)}`);
    const refused = await rpc.waitFor((m) => m["id"] === "huge", "the refusal of the over-long line (no newline sent yet)");
    expect(refused).toMatchObject({ type: "op.result", ok: false, error: expect.stringContaining("32 MiB") });
    rpc.write(`${padding(MiB)}"}\n`);
    rpc.send({ id: "after", op: "snapshot" });
    expect(await rpc.waitFor((m) => m["id"] === "after", "the next op's reply")).toMatchObject({ ok: true, op: "snapshot" });
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
    // One reply for each of the four lines: the skipped line's tail was not taken for an op.
    expect(rpc.messages().filter((m) => m["type"] === "op.result").map((m) => m["id"])).toEqual(["big", "huge", "after", "bye"]);
  }, 90_000);

  it("the Agent SDK face answers an over-long user message with an error result and runs the next one", async () => {
    const sdk = start(["--input-format", "stream-json", "--output-format", "stream-json", "--verbose"]);
    sdk.write(`${opened({ type: "user", message: { role: "user", content: "x" } })}${padding(33 * MiB)}`);
    const lost = await sdk.waitFor((m) => m["type"] === "result", "the over-long message's result");
    expect(lost).toMatchObject({ subtype: "error_during_execution", is_error: true, errors: [expect.stringContaining("32 MiB")] });
    expect(sdk.stderr()).toMatch(/stdin line 1 \(a user message\) is longer than the 32 MiB/);
    sdk.write(`${padding(MiB)}"}\n`);
    sdk.send({ type: "user", message: { role: "user", content: "show the demo" } });
    await sdk.waitFor((m) => m["type"] === "result" && m["subtype"] === "success", "the next message's result");
    sdk.child.stdin!.end();
    expect(await sdk.exit()).toEqual({ code: 0, signal: null });
    expect(sdk.messages().filter((m) => m["type"] === "result")).toHaveLength(2);
  }, 90_000);

  it("ACP answers an over-long request by its id with invalid-request, keeps the connection, and takes session/new pipelined behind initialize", async () => {
    const acp = start(["acp"]);
    acp.write(`${opened({ jsonrpc: "2.0", id: 7, method: "initialize", params: { protocolVersion: 1 } })}${padding(33 * MiB)}`);
    const refused = await acp.waitFor((m) => m["id"] === 7, "the over-long request's error");
    expect(refused["error"]).toMatchObject({ code: -32600, message: expect.stringContaining("32 MiB") });
    // The rest of that line, then initialize and session/new in one write, as a pipelining client sends them.
    acp.write(
      `${padding(MiB)}"}}\n` +
        `${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } })}\n` +
        `${JSON.stringify({ jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: acp.workspace, mcpServers: [] } })}\n`,
    );
    const created = await acp.waitFor((m) => m["id"] === 2, "session/new's answer");
    expect(created["error"]).toBeUndefined();
    expect(created["result"]).toMatchObject({ sessionId: expect.any(String) });
    const ids = acp.messages().filter((m: Message) => "id" in m).map((m) => m["id"]);
    expect(ids).toEqual([7, 1, 2]);
    acp.child.stdin!.end();
    expect(await acp.exit()).toEqual({ code: 0, signal: null });
  }, 90_000);
});

