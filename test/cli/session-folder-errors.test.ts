// A session folder that cannot be read is said, naming it and why (exit 2), by every command
// that looks in it: never "no sessions" (exit 0) or "no earlier session to continue" while the
// sessions are there. And an agent home that is a file is refused by `sessions` and `undo` as
// by every other command. What is on disk is left as it was.
import { chmodSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { workspaceKey } from "../../src/engine/session/session.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

const STACK = /\n\s+at /;
const asRoot = process.getuid?.() === 0;

/** Every command that looks for this workspace's sessions. */
const LOOKERS: string[][] = [["sessions"], ["sessions", "--all"], ["-p", "again", "-c"], ["undo"], ["sessions", "prune", "--older-than", "1d", "--yes"]];

describe("a session folder that cannot be read", () => {
  it("a file in the place of the sessions folder: every command names the folder, exit 2", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    const sessions = path.join(box.home, "sessions");
    writeFileSync(sessions, "not a folder");
    for (const args of LOOKERS) {
      const run = await runCli(args, { cwd: box.workspace, env });
      expect(run.code, `${args.join(" ")}: ${run.stdout}${run.stderr}`).toBe(2);
      // This workspace's folder, or (--all) the folder of every workspace's.
      const dir = args.includes("--all") ? sessions : path.join(sessions, workspaceKey(box.workspace));
      expect(run.stderr).toContain(`cannot read the session folder ${dir}: it, or a part of its path, is a file, not a folder`);
      expect(run.stderr).not.toMatch(STACK);
      expect(run.stdout).not.toContain("no sessions");
    }
    expect(readFileSync(sessions, "utf8")).toBe("not a folder");
  });

  it.skipIf(process.platform === "win32" || asRoot)("unreadable (mode 000): every command says permission denied, exit 2; once readable, the session resumes as it was", async () => {
    const box = makeSandbox();
    const env = { FAKE_LLM: "1", MINI_AGENT_HOME: box.home };
    expect((await runCli(["-p", "hi"], { cwd: box.workspace, env })).code).toBe(0);
    const file = onlySessionFile(box.home);
    const before = readFileSync(file, "utf8");
    const dir = path.dirname(file);
    chmodSync(dir, 0o000);
    try {
      for (const args of LOOKERS) {
        const run = await runCli(args, { cwd: box.workspace, env });
        expect(run.code, `${args.join(" ")}: ${run.stdout}${run.stderr}`).toBe(2);
        expect(run.stderr).toContain(`cannot read the session folder ${dir}: EACCES: permission denied\n`);
      }
    } finally {
      chmodSync(dir, 0o700);
    }
    expect(readFileSync(file, "utf8")).toBe(before);
    const resumed = await runCli(["-p", "again", "-c"], { cwd: box.workspace, env });
    expect(resumed.code, resumed.stderr).toBe(0);
  });
});

describe("MINI_AGENT_HOME pointing at a file", () => {
  it("sessions and undo refuse it as every other command does: exit 2, naming the variable and the file", async () => {
    const box = makeSandbox();
    const file = path.join(box.home, "not-a-folder");
    writeFileSync(file, "x");
    for (const args of [["sessions"], ["sessions", "--all"], ["undo"], ["-p", "hi", "-c"]]) {
      const run = await runCli(args, { cwd: box.workspace, env: { FAKE_LLM: "1", MINI_AGENT_HOME: file } });
      expect(run.code, `${args.join(" ")}: ${run.stdout}${run.stderr}`).toBe(2);
      expect(run.stderr).toContain(`MINI_AGENT_HOME ${file} is not a directory`);
      expect(run.stdout).toBe("");
    }
    expect(readFileSync(file, "utf8")).toBe("x");
    rmSync(file);
  });
});
