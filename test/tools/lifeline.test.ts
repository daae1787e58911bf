// A command's whole process group dies with mini-agent, even when mini-agent is killed with
// SIGKILL and runs nothing more (lifeline.ts). Real CLI, real processes: the model starts a
// long command outside any sandbox that leaves a grandchild behind; mini-agent is SIGKILLed
// while it runs; both must disappear. And a command that ends normally leaves its background
// children alone, as before: only mini-agent's death ends them.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createProcessRunner } from "../../src/engine/tools/command/process-runner.js";
import { collect, makeSandbox, startCli } from "../helpers/run-cli.js";
import { processAlive, waitFor } from "../helpers/processes.js";

const posix = process.platform !== "win32";

describe.runIf(posix)("the lifeline", () => {
  it("a SIGKILL of mini-agent ends the command it was running and the command's children", async () => {
    const box = makeSandbox();
    const command = "sleep 600 & echo $! > child.pid; echo $$ > leader.pid; sleep 600";
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command, timeout_ms: 600_000 } }] }] });
    const cli = startCli(["-p", "start it", "--yes", "--no-sandbox"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    const done = collect(cli);
    const pidFile = (name: string) => path.join(box.workspace, name);
    await waitFor(() => existsSync(pidFile("leader.pid")) && readFileSync(pidFile("leader.pid"), "utf8").endsWith("\n"), 30_000, "the command to start");
    const pids = ["leader.pid", "child.pid"].map((name) => Number(readFileSync(pidFile(name), "utf8")));
    expect(pids.every(processAlive)).toBe(true);
    cli.kill("SIGKILL");
    await done;
    await waitFor(() => !pids.some(processAlive), 30_000, "the command's processes to end after mini-agent's SIGKILL");
  }, 90_000);

  it("a command that ends on its own reports as before and its background child lives on", async () => {
    const box = makeSandbox();
    const running = createProcessRunner().start({
      argv: ["bash", "-c", "sleep 600 >/dev/null 2>&1 & echo $!; echo out; echo err >&2; exit 3"],
      cwd: box.workspace,
      env: { PATH: process.env.PATH },
      timeoutMs: 30_000,
    });
    const outcome = await running.outcome;
    expect(outcome).toMatchObject({ exitCode: 3, stderr: "err\n" });
    const [child, out] = outcome.stdout.trim().split("\n");
    expect(out).toBe("out");
    expect(processAlive(Number(child))).toBe(true);
    process.kill(Number(child), "SIGKILL");
  });

  it("a program that does not exist is exit 127 with the shell's message, not a hang", async () => {
    const box = makeSandbox();
    const outcome = await createProcessRunner().start({ argv: ["no-such-program-x"], cwd: box.workspace, env: { PATH: process.env.PATH }, timeoutMs: 30_000 }).outcome;
    expect(outcome.exitCode).toBe(127);
    expect(outcome.stderr).toMatch(/no-such-program-x/);
  });
});
