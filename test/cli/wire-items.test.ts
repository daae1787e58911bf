// The session file keeps completed items (ADR 0040): a kill mid-stream loses only the message
// being streamed, the next run says the turn was interrupted and sends a well-formed request,
// and a file written by the delta wire (before this change) still resumes to the same request.
import { copyFileSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { SessionStore } from "../../src/engine/session/session.js";
import { chunk, chatText, DONE, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";
import { waitFor } from "../helpers/processes.js";
import { collect, runCli, startCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const KEY = "sk-wire-items-test-key-1111aaaa2222";
const FIXTURES = fileURLToPath(new URL("../fixtures/", import.meta.url));

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

describe("completed items on disk", () => {
  it("a SIGKILL mid-stream loses only that message; -c says the turn was interrupted and the next request is well formed", async () => {
    const server = await startScriptedServer([
      // Step 1: a whole step that calls list_files.
      sse(
        chunk({ role: "assistant", content: "" }),
        chunk({ content: "Looking first." }),
        chunk(toolDelta(0, { id: "call_list", name: "list_files", args: "{}" })),
        chunk({}, "tool_calls"),
        DONE,
      ),
      // Step 2: a few words, then the stream stays open until the process is killed.
      sse(chunk({ role: "assistant", content: "" }), chunk({ content: "Half of the ans" }), { pauseMs: 20_000 }),
      // The resumed run's request.
      chatText("Picking up again."),
    ]);
    servers.push(server);
    const box = providerSandbox();
    const userHome = box.userHome;
    const env = { HOME: userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` };
    const child = startCli(["-p", "look around", "--yes", "--output-format", "stream-json", "--include-partial-messages"], { cwd: box.workspace, env });
    let stdout = "";
    child.stdout!.on("data", (data: Buffer) => (stdout += data.toString("utf8")));
    const done = collect(child);
    // The stream's redactor may hold back a last word that could begin a secret: wait for the first ones.
    await waitFor(() => /"type":"assistant\.delta"[^\n]*Half/.test(stdout) || /Half[^\n]*"type":"assistant\.delta"/.test(stdout), 15_000, "the second step's first words");
    child.kill("SIGKILL");
    expect((await done).signal).toBe("SIGKILL");

    const file = onlySessionFile(box.home);
    const killed = eventLines(file);
    const types = killed.map((event) => event.type);
    // The first step is on the disk whole; the second step's words never were.
    expect(killed.filter((event) => event.type === "assistant.message")).toEqual([
      expect.objectContaining({ text: "Looking first.", toolCalls: [{ callId: "call_list", name: "list_files", arguments: "{}" }] }),
    ]);
    expect(readFileSync(file, "utf8")).not.toContain("Half");
    for (const type of ["assistant.delta", "tool.call", "tool.output", "turn.ended"]) expect(types).not.toContain(type);

    const resumed = await runCli(["-p", "go on", "-c", "--yes"], { cwd: box.workspace, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(resumed.stdout).toBe("Picking up again.\n");
    expect(resumed.stderr).toMatch(/killed mid-turn: that turn is closed as interrupted/);

    // The body the server received: the first step and its result, then the new prompt.
    const messages = messagesOf(server, 2);
    expect(messages.map((message) => message["role"])).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(messages[1]).toMatchObject({ content: "look around" });
    expect(messages[2]).toMatchObject({ content: "Looking first.", tool_calls: [{ id: "call_list", function: { name: "list_files" } }] });
    expect(messages[3]).toMatchObject({ tool_call_id: "call_list" });
    expect(messages[4]).toMatchObject({ content: "go on" });
    expect(JSON.stringify(messages)).not.toContain("Half");

    const after = eventLines(file);
    const ended = after.filter((event) => event.type === "turn.ended");
    expect(ended.map((event) => event.stopReason)).toEqual(["interrupted", "completed"]);
    // Closed before the resumed turn began, and for the turn the kill left open.
    const firstTurn = after.find((event) => event.type === "turn.started")!;
    expect(ended[0]).toMatchObject({ turnId: firstTurn.turnId, rounds: 2 });
    expect(after.indexOf(ended[0]!)).toBeLessThan(after.findLastIndex((event) => event.type === "turn.started"));
  }, 60_000);

  it("a session file written by the delta wire (version 1) resumes to the same conversation", async () => {
    const box = providerSandbox();
    const store = new SessionStore(box.home, box.workspace);
    mkdirSync(store.dir, { recursive: true });
    const id = "20261201T162439-31fc6d";
    copyFileSync(path.join(FIXTURES, "wire-v1-deltas.jsonl"), store.fileFor(id));
    const expected = JSON.parse(readFileSync(path.join(FIXTURES, "wire-v1-deltas.messages.json"), "utf8")) as unknown[];

    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "third", "-c"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "Third." }] }), FAKE_LLM_RECORD: record },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/mini-agent:/);
    expect(recordedRequests(record)[0]!.messages).toEqual([...expected, { role: "user", content: "third" }]);

    // The old file keeps its header and lines; what this run appended is completed items, and it resumes again.
    const lines = readFileSync(store.fileFor(id), "utf8").trimEnd().split("\n");
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 1 });
    const appended = eventLines(store.fileFor(id)).slice(56).map((event) => event.type);
    expect(appended).toContain("assistant.message");
    expect(appended).not.toContain("assistant.delta");
    const again = path.join(box.home, "requests-2.jsonl");
    const second = await runCli(["-p", "fourth", "-c"], {
      cwd: box.workspace,
      env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "Fourth." }] }), FAKE_LLM_RECORD: again },
    });
    expect(second.code, second.stderr).toBe(0);
    expect(recordedRequests(again)[0]!.messages).toEqual([
      ...expected,
      { role: "user", content: "third" },
      { role: "assistant", text: "Third.", toolCalls: [] },
      { role: "user", content: "fourth" },
    ]);
  }, 60_000);
});
