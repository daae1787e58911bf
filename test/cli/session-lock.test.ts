// One process per session: a second run on a session in use exits 2 without touching its
// file; a lock left by a killed process is taken over.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli, type Sandbox } from "../helpers/run-cli.js";
import { makeGate } from "../helpers/gate.js";
import { waitFor } from "../helpers/processes.js";
import { eventLines, onlySessionFile, sessionFiles } from "../helpers/session-files.js";

/** A turn that holds its session (a command waiting on the gate) until the test releases it. */
function heldTurn(box: Sandbox) {
  const gate = makeGate(path.dirname(box.home));
  const script = box.script({ turns: [{ text: "holding", tool_calls: [{ name: "run_command", arguments: { command: gate.command } }] }], after: { text: "ok" } });
  return { script, release: gate.release };
}

function fileHas(box: Sandbox, text: string): boolean {
  const files = sessionFiles(box.home);
  return files.length === 1 && readFileSync(files[0]!, "utf8").includes(text);
}

function expectWellFormed(file: string): void {
  const seqs = eventLines(file).map((event) => event.seq as number);
  // Increasing, with gaps where live-only events (deltas) took their numbers.
  expect(seqs.every((seq, index) => index === 0 || seq > seqs[index - 1]!)).toBe(true);
}

describe("session lock", () => {
  it("refuses a second run on a session in use with exit 2, and releases the lock at the end", async () => {
    const box = makeSandbox();
    const held = heldTurn(box);
    const env = { FAKE_LLM: held.script, MINI_AGENT_HOME: box.home };
    const first = startCli(["-p", "slow one", "--yes"], { cwd: box.workspace, env });
    const firstDone = collect(first);
    await waitFor(() => fileHas(box, '"assistant.message"'), 15_000, "the first run to start its command");
    const lockFile = onlySessionFile(box.home).replace(/\.jsonl$/, ".lock");
    expect(JSON.parse(readFileSync(lockFile, "utf8")).pid).toBe(first.pid);

    const second = await runCli(["-p", "butting in", "-c"], { cwd: box.workspace, env });
    expect(second.code).toBe(2);
    expect(second.stderr).toMatch(/is in use by another mini-agent \(pid \d+/);
    expect(second.stderr).toContain("--new");
    expect(second.stderr).not.toMatch(/\n\s+at /);

    held.release();
    expect((await firstDone).code).toBe(0);
    const file = onlySessionFile(box.home);
    expectWellFormed(file);
    expect(readFileSync(file, "utf8")).not.toContain("butting in");
    expect(existsSync(lockFile)).toBe(false);
    const third = await runCli(["-p", "now me", "-c"], { cwd: box.workspace, env });
    expect(third.code, third.stderr).toBe(0);
  });

  it("lets exactly one of two simultaneous -c runs write, never interleaving lines", async () => {
    const box = makeSandbox();
    const held = heldTurn(box);
    const env = { FAKE_LLM: held.script, MINI_AGENT_HOME: box.home };
    const start = await runCli(["-p", "start"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "started" }] }) } });
    expect(start.code, start.stderr).toBe(0);
    // The winner holds the session until the loser has given up, however slowly either starts.
    const runs = [1, 2].map((n) => runCli(["-p", `racer ${n}`, "-c", "--yes"], { cwd: box.workspace, env }));
    const loser = await Promise.race(runs);
    expect(loser.code, loser.stderr).toBe(2);
    held.release();
    const codes = (await Promise.all(runs)).map((run) => run.code);
    expect(codes.sort()).toEqual([0, 2]);
    const file = onlySessionFile(box.home);
    expectWellFormed(file);
    expect(eventLines(file).filter((event) => event.type === "turn.started")).toHaveLength(2);
  });

  it("takes over the lock of a run killed with SIGKILL", async () => {
    if (process.platform === "win32") return;
    const box = makeSandbox();
    const held = heldTurn(box);
    const env = { FAKE_LLM: held.script, MINI_AGENT_HOME: box.home };
    const child = startCli(["-p", "slow one", "--yes"], { cwd: box.workspace, env });
    const done = collect(child);
    await waitFor(() => fileHas(box, '"assistant.message"'), 15_000, "the run to start its command");
    child.kill("SIGKILL");
    await done;
    held.release(); // the orphaned command ends
    const lockFile = onlySessionFile(box.home).replace(/\.jsonl$/, ".lock");
    expect(existsSync(lockFile)).toBe(true);

    const resumed = await runCli(["-p", "go on", "-c"], { cwd: box.workspace, env: { ...env, FAKE_LLM: "1" } });
    expect(resumed.code, resumed.stderr).toBe(0);
    expect(existsSync(lockFile)).toBe(false);
    expectWellFormed(onlySessionFile(box.home));
    expect(path.dirname(lockFile)).toBe(path.dirname(onlySessionFile(box.home)));
  });
});
