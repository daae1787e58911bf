// Without --yes (and no sandbox choice made), what the allowlist lets run without a question
// runs in the sandbox, offline, with the workspace read-only: the proof that it only reads is
// not the only thing between the repository and the host (ADR 0056). A command a person
// approved, or a user rule allowed, runs as before. Under the real bubblewrap: the executor is
// handed a proof that is wrong (`touch` claimed read-only) and the write must not happen.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { chooseSandbox } from "../../src/composition/sandbox-choice.js";
import { createCommandTools, type CommandTools } from "../../src/engine/tools/command/command-tools.js";
import type { ToolContext } from "../../src/engine/tools/tool.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const bwrapWorks = probeBubblewrap().works;
let base: string;
let root: string;
let home: string;
let session: CommandTools;

async function run(command: string, context: Partial<ToolContext> = {}): Promise<string> {
  const tool = session.tools.find((candidate) => candidate.name === "run_command")!;
  return (await tool.execute({ command }, { signal: new AbortController().signal, ...context })).content;
}

beforeEach(() => {
  base = mkdtempSync(path.join(os.tmpdir(), "ro-unasked-"));
  root = path.join(base, "ws");
  home = path.join(base, "home");
  mkdirSync(root);
  mkdirSync(path.join(home, ".aws"), { recursive: true });
  writeFileSync(path.join(home, ".aws", "credentials"), "aws_secret_access_key = the-real-one\n");
  session = createCommandTools({ root, tasksDir: path.join(base, "tasks"), sandbox: "read-only-unasked", home, env: { PATH: process.env.PATH, HOME: home } });
});
afterEach(async () => {
  await session.closeAll();
  rmSync(base, { recursive: true, force: true });
});

describe("the sandbox mode without --yes", () => {
  it("is the default when no choice is made and --yes is not given; --no-sandbox and the config's off still turn it off", () => {
    expect(chooseSandbox({ yes: false }).mode).toBe("read-only-unasked");
    expect(chooseSandbox({ yes: true }).mode).toBe("auto");
    expect(chooseSandbox({ yes: false, flag: "off" }).mode).toBe("off");
    expect(chooseSandbox({ yes: false, config: "off" })).toEqual({ mode: "off" });
  });
});

describe.skipIf(!bwrapWorks)("an unasked command proved read-only, without --yes", () => {
  it("runs in the sandbox: a wrong proof writes nothing, reads no hidden store, and has no network", async () => {
    const out = await run(`touch made.txt; cat ${home}/.aws/credentials; echo tmp=$TMPDIR`, { provedReadOnly: true });
    expect(existsSync(path.join(root, "made.txt"))).toBe(false);
    expect(out).toMatch(/Read-only file system/);
    expect(out).not.toContain("the-real-one");
    expect(out).not.toContain(`tmp=${os.tmpdir()}\n`);
  });

  it("a command a person approved, or one allowed without a proof (a user rule), runs as before", async () => {
    await run("touch approved.txt", { answeredBy: "user" });
    await run("touch by-rule.txt");
    expect(existsSync(path.join(root, "approved.txt"))).toBe(true);
    expect(existsSync(path.join(root, "by-rule.txt"))).toBe(true);
  });

  it("end to end: print mode without --yes runs `cat` unasked and sandboxed, and says nothing about a sandbox", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, "a.txt"), "hello from a\n");
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "cat a.txt; echo tmp=$TMPDIR" } }] }, { text: "said: {{last_result}}" }] });
    const result = await runCli(["-p", "read it"], { cwd: box.workspace, env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home } });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("hello from a");
    // The sandbox's own temp folder, not the machine's.
    expect(result.stdout).toMatch(/tmp=\S*mini-agent-sandbox/);
    expect(result.stderr).not.toMatch(/unconfined|no sandbox|sandbox unavailable/i);
  });
});
