// The line a run ends with says how to resume it, and that command works as printed: in a
// shell, from the workspace, with none of the run's variables set. With a MINI_AGENT_HOME that
// is not the default it names it (quoted when it must be), or the session is not found; the
// demo, whose session lives in its own temp home and workspace, prints the whole command.
import { spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CLI, cliEnv, makeSandbox, runCli } from "../helpers/run-cli.js";

const DEMO = fileURLToPath(new URL("../../scripts/demo.mjs", import.meta.url));

/** A folder with a `mini-agent` on it that runs the built CLI, as an installed one would. */
function installedBin(): string {
  const bin = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-bin-")));
  writeFileSync(path.join(bin, "mini-agent"), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} "$@"\n`);
  chmodSync(path.join(bin, "mini-agent"), 0o755);
  return bin;
}

/** Runs a printed command line in sh, with only PATH (the installed bin first), HOME and FAKE_LLM. */
function runPrinted(line: string, cwd: string, home: string, extra: Record<string, string> = {}) {
  const env = cliEnv({ PATH: `${installedBin()}${path.delimiter}${process.env.PATH ?? ""}`, HOME: home, ...extra });
  return spawnSync("sh", ["-c", line], { cwd, env, encoding: "utf8" });
}

const hintOf = (stderr: string) => /\(resume: (.+)\)\n$/.exec(stderr)?.[1];

describe.skipIf(process.platform === "win32")("the resume hint", () => {
  it("names a MINI_AGENT_HOME that is not the default, quoted, and works as printed", async () => {
    for (const name of ["home", "my home's"]) {
      const box = makeSandbox();
      const userHome = path.join(path.dirname(box.workspace), "user");
      const agentHome = path.join(path.dirname(box.workspace), name);
      mkdirSync(userHome);
      const run = await runCli(["-p", "demo", "--yes"], { cwd: box.workspace, env: { HOME: userHome, FAKE_LLM: "1", MINI_AGENT_HOME: agentHome } });
      expect(run.code, run.stderr).toBe(0);
      const hint = hintOf(run.stderr)!;
      expect(hint).toMatch(/^MINI_AGENT_HOME=\S.* mini-agent -r \S+$/);
      const resumed = runPrinted(`${hint} -p again --output-format json`, box.workspace, userHome, { FAKE_LLM: "1" });
      expect(resumed.status, resumed.stderr).toBe(0);
      expect(JSON.parse(resumed.stdout)).toMatchObject({ session_id: hint.split(" ").at(-1) });
    }
  });

  it("is the bare command with the default home", async () => {
    const box = makeSandbox();
    const userHome = path.join(path.dirname(box.workspace), "user");
    mkdirSync(userHome);
    const run = await runCli(["-p", "demo", "--yes"], { cwd: box.workspace, env: { HOME: userHome, FAKE_LLM: "1" } });
    expect(run.code, run.stderr).toBe(0);
    const hint = hintOf(run.stderr)!;
    expect(hint).toMatch(/^mini-agent -r \S+$/);
    const resumed = runPrinted(`${hint} -p again --output-format json`, box.workspace, userHome, { FAKE_LLM: "1" });
    expect(resumed.status, resumed.stderr).toBe(0);
  });

  it("npm run demo ends with a command that resumes its session from any directory", () => {
    const userHome = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-user-")));
    const demo = spawnSync(process.execPath, [DEMO], { cwd: userHome, env: cliEnv({ HOME: userHome }), encoding: "utf8" });
    expect(demo.status, demo.stderr).toBe(0);
    const last = demo.stderr.trimEnd().split("\n").at(-1)!;
    const command = /^to go on with this session: (.+)$/.exec(last)?.[1];
    expect(command, demo.stderr).toBeDefined();
    const resumed = runPrinted(`${command} -p "go on" --output-format json`, userHome, userHome);
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(JSON.parse(resumed.stdout)).toMatchObject({ session_id: command!.split(" ").at(-1) });
  });
});
