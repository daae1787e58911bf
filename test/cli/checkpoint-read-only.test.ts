// A turn whose commands the allowlist proves read-only takes no checkpoint (ADR 0022): no
// event, nothing in the store. A workspace writer the sandbox lets run unasked can write,
// so it is checkpointed, and `mini-agent undo` takes its change back.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const bwrapWorks = probeBubblewrap().works;
if (!bwrapWorks) console.warn(`checkpoint-read-only.test.ts: the sandboxed writer case is skipped: ${probeBubblewrap().reason}`);

const checkpointsOf = (file: string) => eventLines(file).filter((event) => event.type === "checkpoint.created");
/** The object store of a session: its side folder, beside the event file. */
const storeOf = (file: string) => path.join(file.replace(/\.jsonl$/, ""), "checkpoints");

describe("checkpoints and read-only commands", () => {
  it("a turn of read-only commands takes none; the next turn's write still takes one", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "a.txt"), "a\n");
    const reads = box.script({
      turns: [
        { tool_calls: [{ name: "run_command", arguments: { command: "echo hello" } }, { name: "run_command", arguments: { command: "ls -la | wc -l" } }] },
        { text: "read" },
      ],
    });
    const run = await runCli(["-p", "look", "--yes", "--output-format", "json"], { cwd: box.workspace, env: { FAKE_LLM: reads, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    const file = onlySessionFile(box.home);
    const results = eventLines(file).filter((event) => event.type === "tool.result");
    expect(results.map((event) => event.isError)).toEqual([false, false]);
    expect(String(results[0]!.content)).toContain("hello");
    expect(checkpointsOf(file)).toEqual([]);
    expect(existsSync(storeOf(file))).toBe(false);

    const writes = box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "b.txt", content: "b\n" } }] }, { text: "wrote" }] });
    const next = await runCli(["-p", "write", "--yes", "-c"], { cwd: box.workspace, env: { FAKE_LLM: writes, MINI_AGENT_HOME: box.home } });
    expect(next.code, next.stderr).toBe(0);
    // Taken before the write ran: the snapshot has a.txt, not b.txt.
    expect(checkpointsOf(file)).toMatchObject([{ reason: "turn", files: 1 }]);
    const types = eventLines(file).map((event) => event.type);
    expect(types.lastIndexOf("checkpoint.created")).toBeLessThan(types.lastIndexOf("tool.result"));
    expect(readdirSync(path.join(storeOf(file), "git", "objects")).length).toBeGreaterThan(0);
  });

  it.skipIf(!bwrapWorks)("a workspace writer run unasked in the sandbox is checkpointed, and undo takes its change back", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "keep.txt"), "keep\n");
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "touch made.txt && rm keep.txt" } }] }, { text: "done" }],
    });
    const run = await runCli(["-p", "touch", "--yes", "--sandbox", "--output-format", "json"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout).refused_calls).toEqual([]);
    expect(existsSync(path.join(box.workspace, "made.txt"))).toBe(true);
    expect(existsSync(path.join(box.workspace, "keep.txt"))).toBe(false);
    const file = onlySessionFile(box.home);
    const decision = eventLines(file).find((event) => event.type === "approval.decision");
    expect(decision).toMatchObject({ decision: "allow", by: "rule", reason: "in the sandbox: writes only inside the workspace, runs only the project's tests" });
    expect(checkpointsOf(file)).toMatchObject([{ reason: "turn", files: 1 }]);

    const undone = await runCli(["undo"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home } });
    expect(undone.code, undone.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "made.txt"))).toBe(false);
    expect(existsSync(path.join(box.workspace, "keep.txt"))).toBe(true);
  });
});
