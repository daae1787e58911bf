// A client that closes the face's stdout but keeps its stdin open (its reader crashed, or it
// stopped reading): every line face stops the turn, closes the session and exits 141, as print
// mode and rpc do, noticing it at the next message written. Nothing the model asked for after
// that runs.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeGate } from "../helpers/gate.js";
import { startLineClient, type LineClient } from "../helpers/line-client.js";
import { makeSandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const clients: LineClient[] = [];
afterEach(() => {
  for (const client of clients.splice(0)) if (client.child.exitCode === null) client.child.kill("SIGKILL");
});

function setUp(args: string[]) {
  const box = makeSandbox();
  const gate = makeGate(box.workspace);
  const script = box.script({
    turns: [
      { text: "running it", tool_calls: [{ name: "run_command", arguments: { command: gate.command } }] },
      { text: "writing", tool_calls: [{ name: "write_file", arguments: { path: "two.txt", content: "two" } }] },
      { text: "done" },
    ],
  });
  const client = startLineClient(args, { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  clients.push(client);
  return { box, gate, client };
}

/** The client stops reading: its end of the pipe is closed; stdin stays open. */
const closeOurStdout = (client: LineClient) => client.child.stdout!.destroy();

function expectStopped(home: string, workspace: string): void {
  expect(existsSync(path.join(workspace, "two.txt"))).toBe(false);
  const ended = eventLines(onlySessionFile(home)).filter((event) => event["type"] === "turn.ended");
  expect(ended).toEqual([expect.objectContaining({ stopReason: "aborted" })]);
}

describe("a closed stdout", () => {
  it("stops the Agent SDK face's turn and exits 141 with stdin still open", async () => {
    const { box, gate, client } = setUp(["--input-format", "stream-json", "--output-format", "stream-json", "--verbose", "--permission-mode", "bypassPermissions", "--no-sandbox"]);
    client.send({ type: "user", message: { role: "user", content: "go" } });
    await client.waitFor((m) => m["type"] === "assistant", "the first assistant message");
    closeOurStdout(client);
    gate.release();
    expect(await client.exit()).toEqual({ code: 141, signal: null });
    expect(client.child.stdin!.writableEnded).toBe(false);
    expectStopped(box.home, box.workspace);
  });

  it("stops the ACP face's prompt and exits 141 with stdin still open", async () => {
    const { box, client } = setUp(["acp", "--no-sandbox"]);
    client.send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: 1, clientCapabilities: {} } });
    client.send({ jsonrpc: "2.0", id: 2, method: "session/new", params: { cwd: box.workspace, mcpServers: [] } });
    const created = await client.waitFor((m) => m["id"] === 2, "session/new's answer");
    const sessionId = (created["result"] as { sessionId: string }).sessionId;
    client.send({ jsonrpc: "2.0", id: 3, method: "session/prompt", params: { sessionId, prompt: [{ type: "text", text: "go" }] } });
    const asked = await client.waitFor((m) => m["method"] === "session/request_permission", "the permission request");
    closeOurStdout(client);
    client.send({ jsonrpc: "2.0", id: asked["id"], result: { outcome: { outcome: "selected", optionId: "allow_once" } } });
    expect(await client.exit()).toEqual({ code: 141, signal: null });
    expect(client.child.stdin!.writableEnded).toBe(false);
    expectStopped(box.home, box.workspace);
  });
});
