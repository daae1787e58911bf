// The headless path as a new user meets it: where the task comes from (arguments, stdin,
// both), the session id to resume with, a turn cut off by --max-rounds, a deleted current
// directory, a relative MINI_AGENT_HOME.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, openSync, rmdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { CLI, cliEnv, collect, makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { recordedRequests, sessionFiles } from "../helpers/session-files.js";

const STACK = /\n\s+at /;

function recorder(box: Sandbox, text = "ok") {
  const record = path.join(box.home, "requests.jsonl");
  const env = { FAKE_LLM: box.script({ turns: [{ text }] }), MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
  return { env, firstPrompt: () => recordedRequests(record)[0]?.messages[0]?.content };
}

describe("where the task comes from", () => {
  it("takes piped stdin as the task without -p", async () => {
    const box = makeSandbox();
    const { env, firstPrompt } = recorder(box, "answered");
    const run = await runCli([], { cwd: box.workspace, env, input: "fix the tests\n" });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("answered\n");
    expect(firstPrompt()).toBe("fix the tests");
  });

  it("says how to start when nothing is given", async () => {
    const box = makeSandbox();
    const run = await runCli([], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home }, input: "" });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('mini-agent -p "task"');
    expect(run.stderr).toContain('echo "task" | mini-agent');
    expect(run.stderr).not.toMatch(STACK);
    expect(sessionFiles(box.home)).toEqual([]);
  });

  it("-p - reads the task from stdin", async () => {
    const box = makeSandbox();
    const { env, firstPrompt } = recorder(box);
    const run = await runCli(["-p", "-"], { cwd: box.workspace, env, input: "from the pipe" });
    expect(run.code, run.stderr).toBe(0);
    expect(firstPrompt()).toBe("from the pipe");
  });

  it.skipIf(process.platform === "win32")("cat log | mini-agent -p \"explain\" sends the task, a blank line, then the log", async () => {
    const box = makeSandbox();
    const { env, firstPrompt } = recorder(box);
    const log = path.join(box.workspace, "build.log");
    writeFileSync(log, "error TS2322: nope\nline two\n");
    // A real shell pipe, as a user types it.
    const child = spawn("sh", ["-c", `cat "${log}" | "${process.execPath}" "${CLI}" -p explain`], { cwd: box.workspace, env: cliEnv(env) });
    const run = await collect(child);
    expect(run.code, run.stderr).toBe(0);
    expect(firstPrompt()).toBe("explain\n\nerror TS2322: nope\nline two");
  });

  it("adds a file redirected to stdin (< file) to a task given as an argument", async () => {
    const box = makeSandbox();
    const { env, firstPrompt } = recorder(box);
    const file = path.join(box.workspace, "notes.txt");
    writeFileSync(file, "some context");
    const child = spawn(process.execPath, [CLI, "-p", "summarise"], { cwd: box.workspace, env: cliEnv(env), stdio: [openSync(file, "r"), "pipe", "pipe"] });
    const run = await collect(child);
    expect(run.code, run.stderr).toBe(0);
    expect(firstPrompt()).toBe("summarise\n\nsome context");
  });

  // On Windows a program's pipe and a shell's pipe look the same (both FIFOs to fstat), so there
  // the piped text is always read; POSIX tells a socket (a program's stdin pipe) apart.
  it.skipIf(process.platform === "win32")("sends an argument task alone when stdin is an open pipe that nobody writes to", async () => {
    const box = makeSandbox();
    const { env, firstPrompt } = recorder(box);
    // A program that spawns us and never closes our stdin must not make us wait.
    const child = spawn(process.execPath, [CLI, "-p", "alone"], { cwd: box.workspace, env: cliEnv(env), stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    const code = await new Promise((resolve) => child.on("close", resolve));
    expect(code).toBe(0);
    expect(stdout).toBe("ok\n");
    expect(firstPrompt()).toBe("alone");
  });
});

describe("the end of a run", () => {
  it("text mode names the session and how to resume it on stderr; json carries the id", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    const run = await runCli(["-p", "demo", "--yes"], { cwd: box.workspace, env });
    expect(run.code, run.stderr).toBe(0);
    const id = path.basename(sessionFiles(box.home)[0]!, ".jsonl");
    expect(run.stderr.trimEnd().split("\n").at(-1)).toBe(`session ${id} (resume: MINI_AGENT_HOME=${box.home} mini-agent -r ${id})`);
    expect(run.stdout).not.toContain(id);
    const resumed = await runCli(["-p", "again", "-r", id, "--output-format", "json"], { cwd: box.workspace, env });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ session_id: id });
  });

  it("a turn stopped by --max-rounds exits 3, says which limit on stderr, and json says so", async () => {
    const box = makeSandbox();
    const looping = box.script({ turns: [], after: { text: "again", tool_calls: [{ name: "list_files", arguments: {} }] } });
    const env = { FAKE_LLM: looping, MINI_AGENT_HOME: box.home };
    const text = await runCli(["-p", "loop", "--max-rounds", "2"], { cwd: box.workspace, env });
    expect(text.code).toBe(3);
    expect(text.stderr).toMatch(/stopped at the round limit, 2 model requests \(--max-rounds/);
    expect(text.stdout).toBe("");

    const json = await runCli(["-p", "loop", "--max-rounds", "2", "--output-format", "json"], { cwd: box.workspace, env });
    expect(json.code).toBe(3);
    expect(JSON.parse(json.stdout)).toMatchObject({ is_error: true, stop_reason: "max_rounds", rounds: 2 });
    expect(json.stderr).toMatch(/round limit/);
  });
});

describe("where it runs", () => {
  it.skipIf(process.platform === "win32")("a deleted current directory is a clear usage error, exit 2", async () => {
    const box = makeSandbox();
    const gone = path.join(box.workspace, "gone");
    mkdirSync(gone);
    const child = spawn(process.execPath, [CLI, "-p", "hi"], { cwd: gone, env: cliEnv({ FAKE_LLM: "1", MINI_AGENT_HOME: box.home }) });
    // The folder goes away after the process started in it, as when another shell deletes it.
    rmdirSync(gone);
    const run = await collect(child);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/current directory no longer exists/);
    expect(run.stderr).not.toMatch(STACK);
  });

  it.skipIf(process.platform === "win32")("every subcommand in a deleted current directory says so, exit 2, no stack", async () => {
    const box = makeSandbox();
    for (const args of [["undo"], ["registry", "search", "x"], ["sessions"], ["memory"], ["rpc"]]) {
      const gone = path.join(box.workspace, "gone");
      mkdirSync(gone);
      const child = spawn(process.execPath, [CLI, ...args], { cwd: gone, env: cliEnv({ MINI_AGENT_HOME: box.home, MINI_AGENT_REGISTRY: "https://registry.invalid/index.json" }) });
      rmdirSync(gone);
      const run = await collect(child);
      expect(run.code, `${args.join(" ")}: ${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`the current directory no longer exists (was it deleted?); cd into an existing folder and run mini-agent ${args[0]} again`);
      expect(run.stderr).not.toMatch(STACK);
    }
  });

  it("resolves a relative MINI_AGENT_HOME against the start directory and refuses one inside the workspace", async () => {
    const box = makeSandbox();
    const inside = await runCli(["-p", "hi"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: "agent-home" } });
    expect(inside.code).toBe(2);
    expect(inside.stderr).toContain(`MINI_AGENT_HOME ${path.join(box.workspace, "agent-home")} is inside the workspace`);
    expect(existsSync(path.join(box.workspace, "agent-home"))).toBe(false);

    // ../home from the workspace is the sandbox's home folder: sessions land there.
    const outside = await runCli(["-p", "hi", "--yes"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: path.join("..", "home") } });
    expect(outside.code, outside.stderr).toBe(0);
    expect(sessionFiles(box.home)).toHaveLength(1);
  });
});

describe("a model endpoint that never answers", () => {
  let server: FakeServer | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it("says it is waiting, times out the silent request (first_byte_timeout_s), retries and answers", async () => {
    server = await startScriptedServer([{ kind: "hang" }, chatText("finally")]);
    const box = providerSandbox();
    // Longer than the 3 s before the waiting note, so the note comes first.
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ first_byte_timeout_s: 4 }));
    const run = await box.run(["-p", "hello"], { OPENAI_API_KEY: "sk-timeout-test-1234", OPENAI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("finally\n");
    const waiting = run.stderr.indexOf("waiting for the model…");
    const retry = run.stderr.search(/retrying \(attempt 1, in \d+ ms\): .*no response from the provider within 4s \(first-byte timeout\)/);
    expect(waiting).toBeGreaterThanOrEqual(0);
    expect(retry).toBeGreaterThan(waiting);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
  });

  it("rejects a timeout that is not a positive whole number of seconds, naming the file", async () => {
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ idle_timeout_s: "soon" }));
    const run = await box.run(["-p", "hello"], { OPENAI_API_KEY: "sk-timeout-test-1234" });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/config\.json at line 1, column 19: "idle_timeout_s" must be a positive whole number/);
  });
});
