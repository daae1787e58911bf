// `mini-agent undo` stops when told to (ADR 0067's abort, as a turn's checkpoint has): a git it
// runs that hangs (a FIFO named .gitignore in the workspace blocks git's open) once held the
// undo for the 5-minute deadline whatever signal came, and a kill of mini-agent alone left that
// git running. SIGINT now ends the run at once with exit 130, its git processes stopped, the
// workspace as it was and the checkpoint store usable: the next undo, the FIFO gone, works.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { collect, makeSandbox, runCli, startCli } from "../helpers/run-cli.js";
import { processAlive, waitFor } from "../helpers/processes.js";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

/** The pids of `pid`'s children running `name` (Linux: /proc). */
function childrenNamed(pid: number, name: string): number[] {
  let listed: string;
  try {
    listed = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8");
  } catch {
    return [];
  }
  return listed.split(" ").filter(Boolean).map(Number).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/comm`, "utf8").trim() === name;
    } catch {
      return false;
    }
  });
}

const { clients } = stoppedAfterEach();

/** A session whose one turn changed a.txt ("before" → "after"), and a FIFO named .gitignore. */
async function changedThenBlocked() {
  const box = makeSandbox();
  const ws = box.workspace;
  writeFileSync(path.join(ws, "a.txt"), "before\n");
  const script = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "a.txt", content: "after\n" } }] }, { text: "done" }] });
  const turn = await runCli(["-p", "change it", "--yes", "--no-sandbox"], { cwd: ws, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
  expect(turn.code, turn.stderr).toBe(0);
  // git opens .gitignore with a blocking open: a FIFO holds it until a writer comes.
  execFileSync("mkfifo", [path.join(ws, ".gitignore")]);
  return { box, ws };
}

describe("mini-agent undo and a stop signal", () => {
  it.skipIf(process.platform !== "linux")("a session's undo (rpc) stops with abortTurn: the op fails, no git left, nothing restored", async () => {
    const { box, ws } = await changedThenBlocked();
    const rpc = startRpc(["-c"], { cwd: ws, env: { FAKE_LLM: "1", MINI_AGENT_HOME: box.home } });
    clients.push(rpc);
    rpc.send({ id: "u", op: "undo" });
    let gits: number[] = [];
    await waitFor(() => (gits = childrenNamed(rpc.child.pid!, "git")).length > 0, 30_000, "undo's git to start");
    rpc.send({ id: "a", op: "abortTurn" });
    expect(await rpc.result("u")).toMatchObject({ ok: false, error: expect.stringContaining("stopped") });
    for (const pid of gits) await waitFor(() => !processAlive(pid), 15_000, `git (pid ${pid}) to be stopped`);
    expect(readFileSync(path.join(ws, "a.txt"), "utf8")).toBe("after\n");
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
  });

  it.skipIf(process.platform !== "linux")("SIGINT during a hung undo: exit 130 promptly, no git left, workspace and store as they were", async () => {
    const { box, ws } = await changedThenBlocked();
    const child = startCli(["undo"], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    const done = collect(child);
    let gits: number[] = [];
    await waitFor(() => (gits = childrenNamed(child.pid!, "git")).length > 0, 30_000, "undo's git to start");
    child.kill("SIGINT");
    const run = await done;
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).toContain("mini-agent: undo stopped (SIGINT): nothing was restored");
    for (const pid of gits) await waitFor(() => !processAlive(pid), 15_000, `git (pid ${pid}) to be stopped`);

    // Nothing was restored and no undo checkpoint was recorded.
    expect(readFileSync(path.join(ws, "a.txt"), "utf8")).toBe("after\n");
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "checkpoint.created").map((event) => event.reason)).toEqual(["turn"]);

    // The store is usable: no index.lock left behind, the next undo restores.
    rmSync(path.join(ws, ".gitignore"));
    const again = await runCli(["undo"], { cwd: ws, env: { MINI_AGENT_HOME: box.home } });
    expect(again.code, again.stderr).toBe(0);
    expect(readFileSync(path.join(ws, "a.txt"), "utf8")).toBe("before\n");
  });
});
