// Resuming sessions that a crash, an error or a person left in an odd state: each either
// resumes with a valid request or exits 2 with a message naming the path (no stack trace).
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { requestProblems } from "../helpers/request-validity.js";
import { onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const STACK = /\n\s+at /;

async function first(box: Sandbox, turns: unknown[], args: string[] = []) {
  const env = { FAKE_LLM: box.script({ turns }), MINI_AGENT_HOME: box.home };
  return runCli(["-p", "first task", "--yes", ...args], { cwd: box.workspace, env });
}

async function goOn(box: Sandbox, cwd = box.workspace) {
  const record = path.join(box.home, `requests-${Date.now()}.jsonl`);
  const run = await runCli(["-p", "go on", "-c"], {
    cwd,
    env: { FAKE_LLM: box.script({ turns: [{ text: "resumed" }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record },
  });
  return { run, messages: recordedRequests(record)[0]?.messages ?? [] };
}

describe("resuming damaged or unusual sessions", () => {
  it("resumes a session whose last turn failed with a provider error", async () => {
    const box = makeSandbox();
    const failed = await first(box, [{ text: "partial", tool_calls: [{ name: "list_files", arguments: {} }] }, { error: { kind: "provider", message: "overloaded" } }]);
    expect(failed.code).toBe(1);
    const { run, messages } = await goOn(box);
    expect(run.code, run.stderr).toBe(0);
    expect(requestProblems(messages)).toEqual([]);
  });

  it("resumes a session whose last turn hit max_rounds mid tool calls", async () => {
    const box = makeSandbox();
    const call = { text: "again", tool_calls: [{ name: "list_files", arguments: {} }, { name: "list_files", arguments: {} }] };
    const stopped = await first(box, [call, call, call], ["--max-rounds", "2"]);
    expect(stopped.code).toBe(3);
    expect(stopped.stderr).toMatch(/max_rounds/);
    const { run, messages } = await goOn(box);
    expect(run.code, run.stderr).toBe(0);
    expect(requestProblems(messages)).toEqual([]);
  });

  it("skips a corrupt line in the middle with a warning naming the line", async () => {
    const box = makeSandbox();
    await first(box, [{ text: "listing", tool_calls: [{ name: "list_files", arguments: {} }] }, { text: "done" }]);
    const file = onlySessionFile(box.home);
    const lines = readFileSync(file, "utf8").split("\n");
    const callLine = lines.findIndex((line) => line.includes('"type":"tool.result"'));
    lines[callLine] = "{not json";
    writeFileSync(file, lines.join("\n"));
    const { run, messages } = await goOn(box);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`${file}:${callLine + 1}: skipped an unreadable event line`);
    expect(requestProblems(messages)).toEqual([]);
  });

  it("resumes an empty file (a crash before the header) and a header-only file", async () => {
    for (const keep of [0, 1]) {
      const box = makeSandbox();
      await first(box, [{ text: "a" }]);
      const file = onlySessionFile(box.home);
      writeFileSync(file, keep ? `${readFileSync(file, "utf8").split("\n")[0]}\n` : "");
      const { run, messages } = await goOn(box);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr).not.toMatch(STACK);
      expect(messages).toEqual([{ role: "user", content: "go on" }]);
      // The file is a proper session again.
      expect(readFileSync(file, "utf8").split("\n")[0]).toMatch(/"format":"mini-agent-wire"/);
    }
  });

  it("refuses a header-less file and a directory with exit 2 naming the path", async () => {
    const box = makeSandbox();
    await first(box, [{ text: "a" }]);
    const file = onlySessionFile(box.home);
    writeFileSync(file, readFileSync(file, "utf8").split("\n").slice(1).join("\n"));
    const headerless = await goOn(box);
    expect(headerless.run.code).toBe(2);
    expect(headerless.run.stderr).toContain(file);
    expect(headerless.run.stderr).not.toMatch(STACK);

    const box2 = makeSandbox();
    await first(box2, [{ text: "a" }]);
    const file2 = onlySessionFile(box2.home);
    const { rmSync } = await import("node:fs");
    rmSync(file2);
    mkdirSync(file2);
    const directory = await goOn(box2);
    expect(directory.run.code).toBe(2);
    expect(directory.run.stderr).toContain(file2);
    expect(directory.run.stderr).not.toMatch(STACK);
  });

  // chmod does not take read permission away on Windows.
  it.skipIf(process.platform === "win32")("refuses an unreadable session file with exit 2 (not as root, which reads anything)", async () => {
    if (process.getuid?.() === 0) return;
    const box = makeSandbox();
    await first(box, [{ text: "a" }]);
    const file = onlySessionFile(box.home);
    chmodSync(file, 0o000);
    const { run } = await goOn(box);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(file);
    expect(run.stderr).not.toMatch(STACK);
  });

  it("exits 2 naming MINI_AGENT_HOME when it is a file", async () => {
    const box = makeSandbox();
    const home = path.join(box.home, "not-a-dir");
    writeFileSync(home, "x");
    const run = await runCli(["-p", "task"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: home } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`MINI_AGENT_HOME ${home} is not a directory`);
    expect(run.stderr).not.toMatch(STACK);
  });

  it.each([
    ["under a device", () => "/dev/null/x", "/dev/null"],
    ["under a file", (home: string) => path.join(home, "not-a-dir", "home"), "not-a-dir"],
  ])("exits 2 naming MINI_AGENT_HOME when it cannot be created %s (print, rpc and memory add alike)", async (_what, homeOf, blocker) => {
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "not-a-dir"), "x");
    const home = homeOf(box.home);
    for (const args of [["-p", "task"], ["rpc"], ["memory", "add", "a note"]]) {
      const run = await runCli(args, { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: home }, input: "" });
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`MINI_AGENT_HOME ${home} cannot be created: `);
      expect(run.stderr).toContain(blocker);
      expect(run.stderr).toContain("is not a directory");
      expect(run.stderr).not.toMatch(STACK);
    }
  });

  // chmod does not take write permission away from a directory on Windows.
  it.skipIf(process.platform === "win32")("exits 2 naming MINI_AGENT_HOME when it is not writable (not as root)", async () => {
    if (process.getuid?.() === 0) return;
    const box = makeSandbox();
    chmodSync(box.home, 0o500);
    const run = await runCli(["-p", "task"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    chmodSync(box.home, 0o700);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(box.home);
    expect(run.stderr).not.toMatch(STACK);
  });

  it("keeps and resumes sessions of a workspace whose path has spaces and unicode", async () => {
    const box = makeSandbox();
    const cwd = path.join(box.workspace, "my wörk spåce ✓");
    mkdirSync(cwd);
    const env = { FAKE_LLM: box.script({ turns: [{ text: "a" }] }), MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "first task"], { cwd, env })).code).toBe(0);
    const { run, messages } = await goOn(box, cwd);
    expect(run.code, run.stderr).toBe(0);
    expect(messages.map((message) => message.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.parse(readFileSync(onlySessionFile(box.home), "utf8").split("\n")[0]!).cwd).toBe(cwd);
  });
});
