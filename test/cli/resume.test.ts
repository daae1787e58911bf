import { appendFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli, type Sandbox } from "../helpers/run-cli.js";
import { makeGate } from "../helpers/gate.js";
import { waitFor } from "../helpers/processes.js";
import { eventLines, onlySessionFile, recordedRequests, sessionFiles } from "../helpers/session-files.js";
import { startRpc } from "../helpers/rpc-client.js";

function sessionHas(box: Sandbox, text: string): boolean {
  const files = sessionFiles(box.home);
  return files.length === 1 && readFileSync(files[0]!, "utf8").includes(text);
}


describe("resume", () => {
  it("rebuilds a session killed with SIGKILL mid-tool and continues it with -c", async () => {
    const box = makeSandbox();
    // A command that runs until the test lets it go, so the kill always lands mid-command.
    const gate = makeGate(path.dirname(box.home));
    const first = box.script({
      turns: [{ text: "Running the slow step.", tool_calls: [{ name: "run_command", arguments: { command: gate.command } }] }],
    });
    const child = startCli(["-p", "first task", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: first, MINI_AGENT_HOME: box.home } });
    const done = collect(child);
    await waitFor(() => sessionHas(box, '"approval.decision"'), 15_000, "the command to start");
    child.kill("SIGKILL");
    expect((await done).signal).toBe("SIGKILL");
    gate.release();

    const record = path.join(box.home, "requests.jsonl");
    const second = box.script({ turns: [{ text: "Picked up where we left off." }] });
    const run = await runCli(["-p", "go on", "-c"], {
      cwd: box.workspace,
      env: { FAKE_LLM: second, MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
    });
    // The one warning: the run resumed says the killed run's turn is closed as interrupted.
    expect(run.stderr.split("\n").filter((line) => line.startsWith("mini-agent:"))).toEqual([
      expect.stringMatching(/^mini-agent: the last run of this session was killed mid-turn/),
    ]);
    expect(run.stderr).toMatch(/effects are unknown/);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("Picked up where we left off.\n");

    const [request] = recordedRequests(record);
    expect(request!.messages.map((message) => message.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(request!.messages[0]).toMatchObject({ role: "user", content: "first task" });
    expect(request!.messages[1]).toMatchObject({ text: "Running the slow step." });
    expect(request!.messages[2]).toMatchObject({ isError: true, content: expect.stringMatching(/effects are unknown/) });
    expect(request!.messages[3]).toMatchObject({ content: "go on" });

    const events = eventLines(onlySessionFile(box.home));
    const seqs = events.map((event) => event.seq as number);
    expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!)).toBe(true);
    expect(events.filter((event) => event.type === "session.started").map((event) => event.resumed)).toEqual([false, true]);
    // The killed run's turn was closed when the next run opened the session.
    expect(events.filter((event) => event.type === "turn.ended").map((event) => event.stopReason)).toEqual(["interrupted", "completed"]);
  });

  it("tells the model a call killed while it waited for approval never ran (not that its effects are unknown)", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: "Writing it.", tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "A" } }] }] });
    const rpc = startRpc([], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    rpc.send({ id: "p", op: "submit", text: "write a.txt" });
    await rpc.waitForEvent((event) => event.type === "approval.request", "the approval request");
    await waitFor(() => sessionHas(box, '"approval.request"'), 15_000, "the request on disk");
    rpc.child.kill("SIGKILL");
    await rpc.exit();

    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "go on", "-c"], {
      cwd: box.workspace,
      env: { FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
    });
    expect(run.code, run.stderr).toBe(0);
    const tool = recordedRequests(record)[0]!.messages.find((message) => message.role === "tool");
    expect(tool).toMatchObject({ isError: true, content: expect.stringMatching(/waited for approval; it never ran/) });
  });

  it("resumes a session whose last line was torn by a crash, with a warning", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: box.script({ turns: [{ text: "first answer" }] }), MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "one"], { cwd: box.workspace, env })).code).toBe(0);
    appendFileSync(onlySessionFile(box.home), '{"type":"assistant.delta","seq":99,"te');

    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "two", "-c"], {
      cwd: box.workspace,
      env: { FAKE_LLM: box.script({ turns: [{ text: "second answer" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/torn last line/);
    expect(recordedRequests(record)[0]!.messages).toEqual([
      { role: "user", content: "one" },
      { role: "assistant", text: "first answer", toolCalls: [] },
      { role: "user", content: "two" },
    ]);
    // The file is clean again: a third resume reads it without warnings.
    const third = await runCli(["-p", "three", "-c"], { cwd: box.workspace, env });
    // Only the closing line naming the session: no warning.
    expect(third.stderr).toMatch(/^session [\w-]+ \(resume: MINI_AGENT_HOME=\S+ mini-agent -r [\w-]+\)\n$/);
  });

  // On Windows child.kill("SIGINT") terminates the process outright: no handler runs.
  it.skipIf(process.platform === "win32")("exits 130 on SIGINT, keeps the partial answer, and the session resumes", async () => {
    // Long pauses between words: the interrupt always lands mid-answer, and is never waited out.
    const box = makeSandbox();
    const slow = box.script({ turns: [{ text: "one two three four five six seven eight nine ten", delay_ms: 1_000 }] });
    // Deltas are live only: stream-json with the partial messages shows the first one arrive.
    const child = startCli(["-p", "count", "--output-format", "stream-json", "--include-partial-messages"], {
      cwd: box.workspace,
      env: { FAKE_LLM: slow, MINI_AGENT_HOME: box.home },
    });
    let stdout = "";
    child.stdout!.on("data", (data: Buffer) => (stdout += data.toString("utf8")));
    const done = collect(child);
    await waitFor(() => stdout.includes('"type":"assistant.delta"'), 15_000, "the first delta");
    child.kill("SIGINT");
    const interrupted = await done;
    expect(interrupted.code).toBe(130);
    const events = eventLines(onlySessionFile(box.home));
    expect(events.at(-1)).toMatchObject({ type: "turn.ended", stopReason: "aborted" });
    // The interrupted answer is kept as a message marked partial.
    expect(events.find((event) => event.type === "assistant.message")).toMatchObject({ text: expect.stringMatching(/^one /), partial: true });

    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "again", "-c"], {
      cwd: box.workspace,
      env: { FAKE_LLM: box.script({ turns: [{ text: "ok" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
    });
    expect(run.code, run.stderr).toBe(0);
    const messages = recordedRequests(record)[0]!.messages;
    expect(messages[1]).toMatchObject({ role: "assistant", text: expect.stringMatching(/^one /) });
  });

  it("--new starts a second session and --resume <id> picks a given one", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: box.script({ turns: [{ text: "a" }] }), MINI_AGENT_HOME: box.home };
    const first = JSON.parse((await runCli(["-p", "one", "--output-format", "json"], { cwd: box.workspace, env })).stdout);
    await runCli(["-p", "two", "--new"], { cwd: box.workspace, env });
    expect(sessionFiles(box.home)).toHaveLength(2);
    const record = path.join(box.home, "requests.jsonl");
    const resumed = await runCli(["-p", "three", "--resume", first.session_id], {
      cwd: box.workspace,
      env: { ...env, FAKE_LLM_RECORD: record },
    });
    expect(resumed.code).toBe(0);
    expect(recordedRequests(record)[0]!.messages[0]).toMatchObject({ content: "one" });
  });

  it("refuses a session file of an unknown format version with exit 2", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: box.script({ turns: [{ text: "a" }] }), MINI_AGENT_HOME: box.home };
    await runCli(["-p", "one"], { cwd: box.workspace, env });
    const file = onlySessionFile(box.home);
    const lines = readFileSync(file, "utf8").split("\n");
    lines[0] = lines[0]!.replace('"version":2', '"version":7');
    (await import("node:fs")).writeFileSync(file, lines.join("\n"));
    const run = await runCli(["-p", "two", "-c"], { cwd: box.workspace, env });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/version 7 is not supported/);
  });
});
