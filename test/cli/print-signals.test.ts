// Print mode when its surroundings misbehave: the reader of stdout goes away, SIGTERM,
// a second Ctrl-C while the first is still stopping the turn. No stack traces, a
// documented exit code, and the session stays resumable.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, collect, makeSandbox, runCli, startCli, type Sandbox } from "../helpers/run-cli.js";
import { makeGate } from "../helpers/gate.js";
import { processAlive, waitFor } from "../helpers/processes.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

const STACK = /\n\s+at /;
// Slow enough that no loaded machine finishes it before the test interrupts it: each test
// stops the turn, so the long pauses are never waited out.
const SLOW = { turns: [{ text: "one two three four five six seven eight nine ten eleven twelve", delay_ms: 1_000 }] };

function fileHas(box: Sandbox, text: string): boolean {
  const files = sessionFiles(box.home);
  return files.length === 1 && readFileSync(files[0]!, "utf8").includes(text);
}

async function resumes(box: Sandbox): Promise<void> {
  const run = await runCli(["-p", "go on", "-c"], { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
  expect(run.code, run.stderr).toBe(0);
  const seqs = eventLines(onlySessionFile(box.home)).map((event) => event.seq as number);
  // Live-only events (deltas) took numbers too: the file's rise, with gaps.
  expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!)).toBe(true);
}

describe("print mode under signals and closed pipes", () => {
  // Windows has no SIGPIPE and reports a closed pipe differently; 141 is the POSIX code.
  // One test per format, each with time for two CLI runs on a loaded machine.
  it.skipIf(process.platform === "win32").each(["stream-json", "text"])("stops quietly with exit 141 when stdout is closed early (| head -1), %s", async (format) => {
    const box = makeSandbox();
    // Text mode writes stdout only at the end, so its turn waits on a gate until the pipe is closed.
    // stream-json's words come a second apart, so the pipe is closed while the model still streams.
    const gate = makeGate(path.dirname(box.home));
    const held = { turns: [{ tool_calls: [{ name: "run_command", arguments: { command: gate.command } }] }, { text: "the answer" }] };
    const script = box.script(format === "text" ? held : SLOW);
    const child = startCli(["-p", "count", "--yes", "--output-format", format], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    // Like `head -1`: read until the first newline (or until the command runs), then close the pipe.
    if (format === "stream-json") await new Promise((resolve) => child.stdout!.once("data", resolve));
    else await waitFor(() => fileHas(box, '"approval.decision"'), 60_000, "the command to start");
    child.stdout!.destroy();
    gate.release();
    const run = await collect(child);
    expect(run.stderr, format).not.toMatch(STACK);
    expect(run.stderr).not.toMatch(/EPIPE/);
    expect(run.code, `${format}: ${run.stderr}`).toBe(141);
    // stream-json finds out at its next line and stops the turn; text writes only the
    // final answer, so its turn has finished by then.
    const stopReason = format === "text" ? "completed" : "aborted";
    expect(eventLines(onlySessionFile(box.home)).at(-1)).toMatchObject({ type: "turn.ended", stopReason });
    await resumes(box);
  }, 120_000);

  // A pipe whose reader is gone before the child starts (python3 makes one and closes its read
  // end), so the write fails every time: no race with a reader closing late.
  it.skipIf(process.platform === "win32")("--version into a closed pipe exits 141 without a stack trace", () => {
    const script = "import os,subprocess,sys\nr,w=os.pipe()\nos.close(r)\np=subprocess.run(sys.argv[1:],stdout=w,stderr=subprocess.PIPE)\nsys.stdout.write(str(p.returncode)+'\\n'+p.stderr.decode())";
    const run = spawnSync("python3", ["-c", script, process.execPath, CLI, "--version"], { env: cliEnv(), encoding: "utf8" });
    expect(run.status, run.stderr).toBe(0);
    const [code, ...stderr] = run.stdout.split("\n");
    expect(code).toBe("141");
    expect(stderr.join("\n")).not.toMatch(/EPIPE|\n\s+at /);
  });

  // On Windows child.kill("SIGTERM") terminates the process outright: no handler runs.
  it.skipIf(process.platform === "win32")("treats SIGTERM like Ctrl-C: the turn ends aborted and the exit code is 143", async () => {
    const box = makeSandbox();
    const child = startCli(["-p", "count"], { cwd: box.workspace, env: { FAKE_LLM: box.script(SLOW), MINI_AGENT_HOME: box.home } });
    const done = collect(child);
    // Deltas are live only: the step's start is on the disk, and its words come slowly after.
    await waitFor(() => fileHas(box, '"step.started"'), 60_000, "the model's step to start");
    child.kill("SIGTERM");
    const run = await done;
    expect(run.code).toBe(143);
    expect(run.stderr).toMatch(/interrupted/);
    expect(eventLines(onlySessionFile(box.home)).at(-1)).toMatchObject({ type: "turn.ended", stopReason: "aborted" });
    await resumes(box);
  });

  // POSIX only: SIGINT cannot be delivered to a child on Windows, and the command is bash (trap).
  it.skipIf(process.platform === "win32")("exits at once on a second Ctrl-C while the first waits for a stubborn command", async () => {
    const box = makeSandbox();
    // The command ignores SIGTERM, so the first Ctrl-C waits out the kill grace period.
    // Ignored signals are inherited, so the sleeping grandchild ignores SIGTERM too.
    const command = "trap '' TERM; sleep 30 & echo $! > sleeper.pid; wait";
    const stubborn = { turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }] };
    // Unconfined: the test reads the sleeper's pid from outside, which a sandbox's pid namespace would renumber.
    const child = startCli(["-p", "run it", "--yes", "--no-sandbox"], { cwd: box.workspace, env: { FAKE_LLM: box.script(stubborn), MINI_AGENT_HOME: box.home } });
    const done = collect(child);
    // Its output is live only (not in the session file): the command leaves its child's pid in a file.
    const pidFile = path.join(box.workspace, "sleeper.pid");
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8").trim() !== "", 60_000, "the command to start");
    const sleeper = Number(readFileSync(pidFile, "utf8").trim());
    // Two Ctrl-Cs: signals sent back to back may merge into one, so keep pressing until it exits.
    let exited = false;
    child.once("exit", () => (exited = true));
    child.kill("SIGINT");
    while (!exited) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if (!exited) child.kill("SIGINT");
    }
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).not.toMatch(STACK);
    expect(run.stderr).toContain("stopping now");
    // The forced exit took the stubborn command's whole tree with it (a kill lands a moment later).
    await waitFor(() => !processAlive(sleeper), 10_000, "the stubborn command's child to die");
    // Forced: the turn never reached its end; the next run closes the open call.
    expect(eventLines(onlySessionFile(box.home)).some((event) => event.type === "turn.ended")).toBe(false);
    await resumes(box);
  });
});

describe("print mode input and failures", () => {
  it("prints one JSON object with is_error when the provider fails, exit 1", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ error: { kind: "auth", message: "bad key" } }] });
    const run = await runCli(["-p", "hi", "--output-format", "json"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ is_error: true, stop_reason: "error", errors: ["bad key"] });
  });

  it("takes a huge prompt on stdin whole", async () => {
    const box = makeSandbox();
    const record = `${box.home}/requests.jsonl`;
    const prompt = `start ${"x".repeat(4 * 1024 * 1024)} end`;
    const run = await runCli(["-p"], { cwd: box.workspace, input: prompt, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    const first = JSON.parse(readFileSync(record, "utf8").split("\n")[0]!) as { messages: { content: string }[] };
    expect(first.messages[0]!.content).toBe(prompt);
  });

  it("refuses a whitespace-only prompt with exit 2 without waiting for stdin", async () => {
    const box = makeSandbox();
    // stdin stays open: a whitespace argument must not make mini-agent wait for it.
    const child = spawn(process.execPath, [CLI, "-p", "  \n\t "], { cwd: box.workspace, env: cliEnv({ FAKE_LLM: "1", MINI_AGENT_HOME: box.home }) });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
    expect(code).toBe(2);
    expect(stderr).toMatch(/task is empty/);
    expect(sessionFiles(box.home)).toEqual([]);

    const piped = await runCli(["-p"], { cwd: box.workspace, input: "   \n", env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    expect(piped.code).toBe(2);
    expect(piped.stderr).toMatch(/no task given/);
  });
});
