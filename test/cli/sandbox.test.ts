import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { probeBubblewrap } from "../../src/engine/sandbox/bubblewrap.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";

const bwrapWorks = probeBubblewrap().works;

describe("--sandbox from the command line", () => {
  it.skipIf(!bwrapWorks)("runs workspace-only writes without asking, inside bubblewrap", async () => {
    const box = makeSandbox();
    const script = box.script({
      turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "touch made-in-sandbox.txt" } }] }, { text: "done" }],
    });
    const env = { FAKE_LLM: script, MINI_AGENT_HOME: box.home };
    // Without the sandbox the same command needs approval, and print mode without --yes refuses it.
    const plain = await runCli(["-p", "touch it", "--output-format", "json"], { cwd: box.workspace, env });
    expect(JSON.parse(plain.stdout).refused_calls).toHaveLength(1);
    expect(existsSync(path.join(box.workspace, "made-in-sandbox.txt"))).toBe(false);

    const sandboxed = await runCli(["-p", "touch it", "--sandbox", "--output-format", "json", "--new"], { cwd: box.workspace, env });
    expect(sandboxed.code, sandboxed.stderr).toBe(0);
    expect(JSON.parse(sandboxed.stdout).refused_calls).toEqual([]);
    expect(existsSync(path.join(box.workspace, "made-in-sandbox.txt"))).toBe(true);
  });

  it("says once on stderr when bubblewrap cannot be used, and falls back to the normal policy", async () => {
    const box = makeSandbox();
    const script = box.script({ turns: [{ text: "hello" }] });
    // A PATH without bwrap: a folder holding only a link to node.
    const bin = path.join(box.home, "bin");
    mkdirSync(bin);
    symlinkSync(process.execPath, path.join(bin, "node"));
    const run = await runCli(["-p", "hi", "--sandbox"], {
      cwd: box.workspace,
      env: { FAKE_LLM: script, MINI_AGENT_HOME: box.home, PATH: bin },
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr.match(/Sandbox off/g)).toHaveLength(1);
  });
});
