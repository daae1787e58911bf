// Before trust, a project's settings may shape the work but never weaken a choice the user made
// in their own config (ADR 0064): "sandbox": "auto" over the user's "on" would run the
// repository's code unconfined where bubblewrap cannot start, instead of refusing; a larger
// max_rounds would let an unattended run do more than the user allowed. Both wait for trust.
import { chmodSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";

function configs(box: Sandbox, user: unknown, project: unknown): void {
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify(user));
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify(project));
}

describe.skipIf(process.platform !== "linux")("an untrusted project cannot weaken the user's sandbox", () => {
  it('"sandbox": "auto" does not override the user\'s "on": where bwrap cannot run, the command fails instead of running unconfined', async () => {
    const box = makeSandbox();
    // A bwrap that cannot start (as under Ubuntu's AppArmor user-namespace restriction), first on
    // PATH, beside the agent home (mini-agent takes no program of its own from inside it, ADR 0061).
    const bin = path.join(path.dirname(box.home), "nobwrap");
    mkdirSync(bin);
    writeFileSync(path.join(bin, "bwrap"), '#!/bin/sh\necho "bwrap: setting up uid map: Permission denied" >&2\nexit 1\n');
    chmodSync(path.join(bin, "bwrap"), 0o755);
    const marker = path.join(box.home, "ran-unconfined");
    writeFileSync(path.join(box.workspace, "build.sh"), `echo ran > '${marker}'\n`);
    configs(box, { sandbox: "on" }, { sandbox: "auto" });
    const script = box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "sh build.sh" } }] }, { text: "ok" }] });
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM: script, PATH: `${bin}:${process.env.PATH ?? ""}` };

    const untrusted = await runCli(["-p", "build it", "--yes"], { cwd: box.workspace, env });
    expect(untrusted.stderr).toContain("ignored the project's sandbox: this project is not trusted yet");
    expect(untrusted.stderr).toContain("the sandbox was requested but cannot run");
    expect(existsSync(marker)).toBe(false);

    // Trusted, the project's choice applies: that is what trusting it means.
    const trusted = await runCli(["-p", "build it", "--yes", "--trust-project", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ tool_calls: [{ name: "run_command", arguments: { command: "sh build.sh" } }] }, { text: "ok" }] }) } });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).toContain("trusted this project's settings: sandbox");
    expect(existsSync(marker)).toBe(true);
  });
});

describe("an untrusted project cannot raise the user's round limit", () => {
  it("max_rounds above the user's is ignored until trusted; below it applies at once", async () => {
    const box = makeSandbox();
    const looping = box.script({ turns: [], after: { text: "again", tool_calls: [{ name: "list_files", arguments: {} }] } });
    const env = { FAKE_LLM: looping, MINI_AGENT_HOME: box.home };

    configs(box, { max_rounds: 2 }, { max_rounds: 5 });
    const raised = await runCli(["-p", "loop", "--output-format", "json"], { cwd: box.workspace, env });
    expect(raised.code).toBe(3);
    expect(JSON.parse(raised.stdout)).toMatchObject({ stop_reason: "max_rounds", rounds: 2 });
    expect(raised.stderr).toContain("ignored the project's max_rounds: this project is not trusted yet");

    configs(box, { max_rounds: 5 }, { max_rounds: 2 });
    const lowered = await runCli(["-p", "loop", "--output-format", "json", "--new"], { cwd: box.workspace, env });
    expect(lowered.code).toBe(3);
    expect(JSON.parse(lowered.stdout)).toMatchObject({ stop_reason: "max_rounds", rounds: 2 });
    expect(lowered.stderr).not.toContain("ignored the project's");
  });
});
