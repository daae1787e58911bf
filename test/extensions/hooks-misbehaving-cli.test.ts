// Hooks that answer badly, in a trusted project, through the real CLI: a decision that does
// not parse or names no decision we know must not let the call through silently, and an
// extension's timeout past Node's longest timer is a config error, not an instant time-out.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { processAlive, waitFor } from "../helpers/processes.js";
import { collect, makeSandbox, runCli, startCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

const writeCall = { tool_calls: [{ name: "write_file", arguments: { path: "out.txt", content: "hello" } }] };

function hookScript(box: Sandbox, name: string, body: string): string {
  const file = path.join(box.home, name);
  writeFileSync(file, body);
  return `"${process.execPath}" "${file}"`;
}

function preToolUse(command: string, timeout?: number) {
  return { hooks: { PreToolUse: [{ matcher: "write_file", hooks: [{ type: "command", command, ...(timeout === undefined ? {} : { timeout }) }] }] } };
}

function toolResults(box: Sandbox): { content: string; isError: boolean }[] {
  return eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as never;
}

describe("hooks that answer badly", () => {
  it.each([
    ["JSON cut short", `process.stdout.write('{"hookSpecificOutput": {"permissionDecision": "deny", ');`, /printed JSON that does not parse/],
    ["an unknown permissionDecision", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { permissionDecision: "Deny", permissionDecisionReason: "no" } }));`, /answered permissionDecision "Deny", which is none of allow, deny, ask/],
    ["an unknown decision", `process.stdout.write(JSON.stringify({ decision: "reject", reason: "no" }));`, /answered decision "reject", which is none of block, approve/],
  ])("a project's PreToolUse hook that prints %s refuses the call and says why (it used to let it through)", async (_label, body, problem) => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify(preToolUse(hookScript(box, "hook.mjs", body))));
    const script = box.script({ turns: [writeCall, { text: "done" }] });
    const run = await runCli(["-p", "write", "--yes", "--trust-project"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(false);
    expect(run.stderr).toMatch(problem);
    expect(run.stderr).toContain("treated as a refusal");
    expect(toolResults(box)[0]).toMatchObject({ isError: true, content: expect.stringMatching(problem) });
  });

  it("a hook's valid JSON allow still lets the call through", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify(preToolUse(hookScript(box, "hook.mjs", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow" } }));`))));
    const run = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [writeCall, { text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(true);
  });

  it.skipIf(process.platform === "win32")("Ctrl-C while a hook runs: exit 130, the hook stopped, and it is not reported as a hook that was killed", async () => {
    const box = makeSandbox();
    const pidFile = path.join(box.home, "hook.pid");
    const hook = hookScript(box, "hook.cjs", `require("node:fs").writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000);`);
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify(preToolUse(hook)));
    const child = startCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [writeCall, { text: "done" }] }) } });
    const done = collect(child);
    await waitFor(() => existsSync(pidFile) && readFileSync(pidFile, "utf8") !== "", 20_000, "the hook to start");
    child.kill("SIGINT");
    const run = await done;
    expect(run.code, run.stderr).toBe(130);
    expect(run.stderr).not.toContain("was killed");
    expect(run.stderr).not.toContain("treated as a refusal");
    expect(toolResults(box)[0]).toMatchObject({ isError: true, content: expect.stringContaining("was stopped: the turn was interrupted") });
    const pid = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !processAlive(pid), 15_000, `the hook (pid ${pid}) to be stopped`);
  });

  it.each([
    ["a hook", (box: Sandbox) => preToolUse(hookScript(box, "hook.mjs", "process.stdout.write('{}')"), 3_000_000), '"hooks.PreToolUse[0].hooks[0].timeout" must be at most 2147483 seconds'],
    ["an MCP server", () => ({ mcpServers: { docs: { command: process.execPath, args: ["-e", ""], timeout: 3_000_000 } } }), '"mcpServers.docs".timeout must be at most 2147483 seconds'],
  ])("%s with a timeout past Node's longest timer is a config error naming it (it used to time out at once)", async (_label, config, problem) => {
    const box = makeSandbox();
    const file = path.join(box.home, "config.json");
    writeFileSync(file, JSON.stringify(config(box)));
    const run = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [writeCall, { text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(2);
    expect(run.stderr).toContain(problem);
    expect(run.stderr).toContain(file);
    expect(run.stderr).not.toContain("TimeoutOverflowWarning");
  });
});
