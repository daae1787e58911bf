// A memory file that cannot be read (a directory where the file should be, one far over the
// size cap) turns memory off for the session, with a notice naming it, instead of making every
// session fail to start with a stack trace; `mini-agent memory` names it and exits 2.
import { mkdirSync, openSync, closeSync, ftruncateSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceKey } from "../../src/engine/session/session.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const memoryFile = (box: Sandbox) => path.join(box.home, "memory", `${workspaceKey(box.workspace)}.jsonl`);

/** A sparse file: its size is over the cap, its blocks on disk are none. */
function hugeFile(file: string, bytes: number): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const fd = openSync(file, "w");
  ftruncateSync(fd, bytes);
  closeSync(fd);
}

describe("a memory file that cannot be read", () => {
  it.each([
    ["a directory", (file: string) => mkdirSync(file, { recursive: true }), "is a directory, not a regular file"],
    ["over the cap", (file: string) => hugeFile(file, 17 * 1024 * 1024), "is 17825792 bytes; at most 16777216 bytes are read"],
  ])("memory file that is %s: the session runs without memory, and says so", async (_label, plant, detail) => {
    const box = makeSandbox();
    const file = memoryFile(box);
    plant(file);
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "still here" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("still here\n");
    expect(run.stderr).toContain(`memory is off for this session: memory file ${file}: ${detail}`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name);
    expect(names).not.toContain("remember");
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "turn.ended")).toEqual([expect.objectContaining({ stopReason: "completed" })]);

    const listed = await runCli(["memory"], { cwd: box.workspace, env });
    expect(listed.code).toBe(2);
    expect(listed.stderr).toBe(`mini-agent: memory file ${file}: ${detail}\n`);
  });
});
