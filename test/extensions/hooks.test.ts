// Hooks as real scripts in real child processes: what they received on stdin, and what
// their exit code or JSON answer did.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createHookRunner } from "../../src/engine/extensions/hooks/hook-runner.js";
import { validateHookSettings, type HookSettings } from "../../src/engine/extensions/hooks/hook-settings.js";
import { projectTrust, trustDigest, trustProject } from "../../src/engine/trust/project-trust.js";

function tempDir(): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), "hooks-")));
}

/** A hook command running a Node script (portable: no sh-isms in the script itself). */
function script(dir: string, name: string, body: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, body);
  return `"${process.execPath}" "${file}"`;
}

function runnerFor(settings: HookSettings, dir: string, options: { scope?: "user" | "project"; env?: NodeJS.ProcessEnv } = {}) {
  const notices: string[] = [];
  const runner = createHookRunner([{ scope: options.scope ?? "user", file: "config.json", settings }], {
    sessionId: "s1",
    transcriptPath: path.join(dir, "s1.jsonl"),
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", HOME: dir, ...options.env },
    notice: (message) => notices.push(message),
  });
  return { runner, notices };
}

const pre = (command: string, extra: Record<string, unknown> = {}): HookSettings => ({ PreToolUse: [{ matcher: "run_command|write_file", hooks: [{ type: "command", command, ...extra }] }] });
const call = { tool_name: "run_command", tool_input: { command: "npm publish" }, tool_use_id: "c1" };

describe("command hooks", () => {
  it("get Claude Code's payload on stdin and the project dir in the environment", async () => {
    const dir = tempDir();
    const seen = path.join(dir, "seen.json");
    const hook = script(dir, "record.mjs", `
      import { writeFileSync } from "node:fs";
      let input = "";
      process.stdin.on("data", (chunk) => (input += chunk));
      process.stdin.on("end", () => writeFileSync(${JSON.stringify(seen)}, JSON.stringify({ input: JSON.parse(input), dir: process.env.CLAUDE_PROJECT_DIR })));
    `);
    const { runner } = runnerFor(pre(hook), dir);
    expect(await runner.run("PreToolUse", call, { toolName: "run_command" })).toEqual({ kind: "none" });
    const { input, dir: projectDir } = JSON.parse(readFileSync(seen, "utf8"));
    // Claude Code's names and fields, ours kept beside them (claude-code-hooks.test.ts has the rest).
    expect(input).toEqual({
      session_id: "s1",
      transcript_path: path.join(dir, "s1.jsonl"),
      cwd: dir,
      permission_mode: "default",
      hook_event_name: "PreToolUse",
      ...call,
      tool_name: "Bash",
      mini_agent_tool_name: "run_command",
    });
    expect(projectDir).toBe(dir);
  });

  it("block with exit 2, the reason from stderr", async () => {
    const dir = tempDir();
    const { runner } = runnerFor(pre(script(dir, "deny.mjs", `process.stderr.write("publishing is done by CI"); process.exit(2);`)), dir);
    expect(await runner.run("PreToolUse", call, { toolName: "run_command" })).toEqual({ kind: "deny", reason: "publishing is done by CI" });
  });

  it.each([
    ["deny", { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "not on Fridays" } }, { kind: "deny", reason: "not on Fridays" }],
    ["ask", { hookSpecificOutput: { permissionDecision: "ask", permissionDecisionReason: "double-check this one" } }, { kind: "ask", reason: "double-check this one" }],
    ["allow", { hookSpecificOutput: { permissionDecision: "allow", permissionDecisionReason: "known safe" } }, { kind: "allow", reason: "known safe" }],
    ["block (older form)", { decision: "block", reason: "old style" }, { kind: "deny", reason: "old style" }],
  ])("decide by JSON on stdout: %s", async (_label, answer, expected) => {
    const dir = tempDir();
    const { runner } = runnerFor(pre(script(dir, "json.mjs", `process.stdout.write(${JSON.stringify(JSON.stringify(answer))});`)), dir);
    expect(await runner.run("PreToolUse", call, { toolName: "run_command" })).toEqual(expected);
  });

  it("a hook that times out is killed, reported, and refuses the call", async () => {
    const dir = tempDir();
    const { runner, notices } = runnerFor(pre(script(dir, "hang.mjs", `setInterval(() => {}, 1000);`), { timeout: 1 }), dir);
    const verdict = await runner.run("PreToolUse", call, { toolName: "run_command" });
    expect(verdict.kind).toBe("deny");
    expect(verdict).toMatchObject({ reason: expect.stringMatching(/timed out after 1 s/) });
    expect(notices).toEqual([expect.stringMatching(/hook PreToolUse .*hang\.mjs.* timed out after 1 s; treated as a refusal/)]);
  });

  it("a hook that starts a background child and exits is decided when it exits, not timed out by the child's open pipes", async () => {
    const dir = tempDir();
    // The child inherits the hook's stdout and stderr and outlives the 3 s timeout by far.
    const hook = script(dir, "bg.mjs", `
      import { spawn } from "node:child_process";
      spawn(process.execPath, ["-e", "setTimeout(() => {}, 60000)"], { stdio: "inherit", detached: true }).unref();
      process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", permissionDecisionReason: "fine" } }));
    `);
    const { runner, notices } = runnerFor(pre(hook, { timeout: 3 }), dir);
    expect(await runner.run("PreToolUse", call, { toolName: "run_command" })).toMatchObject({ kind: "allow" });
    expect(notices).toEqual([]);
  });

  it("a project's hook gets no secret-named variable, not even from the login profile; the user's own hook gets them", async () => {
    const dir = tempDir();
    writeFileSync(path.join(dir, ".bash_profile"), "export PROFILE_API_TOKEN=from-profile-123\n");
    const seen = path.join(dir, "env.json");
    const hook = script(dir, "env.mjs", `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(seen)}, JSON.stringify(process.env));`);
    const env = { ANTHROPIC_API_KEY: "sk-ant-hook-secret", GITHUB_TOKEN: "ghp_hooksecret", PLAIN_SETTING: "kept" };
    const read = () => JSON.parse(readFileSync(seen, "utf8")) as Record<string, string>;

    await runnerFor(pre(hook), dir, { scope: "project", env }).runner.run("PreToolUse", call, { toolName: "run_command" });
    const projectEnv = read();
    expect(projectEnv.PLAIN_SETTING).toBe("kept");
    expect(projectEnv.CLAUDE_PROJECT_DIR).toBe(dir);
    for (const name of ["ANTHROPIC_API_KEY", "GITHUB_TOKEN", "PROFILE_API_TOKEN"]) expect(projectEnv[name], name).toBeUndefined();

    await runnerFor(pre(hook), dir, { scope: "user", env }).runner.run("PreToolUse", call, { toolName: "run_command" });
    expect(read()).toMatchObject({ ANTHROPIC_API_KEY: "sk-ant-hook-secret", GITHUB_TOKEN: "ghp_hooksecret" });
  });

  it("a hook that crashes is reported and refuses the call; on a non-gating event it is only reported", async () => {
    const dir = tempDir();
    const crash = script(dir, "crash.mjs", `throw new Error("boom in hook");`);
    const gating = runnerFor(pre(crash), dir);
    const verdict = await gating.runner.run("PreToolUse", call, { toolName: "run_command" });
    expect(verdict).toMatchObject({ kind: "deny", reason: expect.stringMatching(/exited with 1: .*boom in hook/s) });
    expect(gating.notices).toHaveLength(1);

    const post = runnerFor({ PostToolUse: [{ hooks: [{ type: "command", command: crash }] }] }, dir);
    expect(await post.runner.run("PostToolUse", call, { toolName: "run_command" })).toEqual({ kind: "none" });
    expect(post.notices).toEqual([expect.stringMatching(/hook PostToolUse .* exited with 1/)]);
  });

  it("a missing program refuses too", async () => {
    const dir = tempDir();
    const { runner } = runnerFor(pre("definitely-not-a-program-xyz"), dir);
    expect((await runner.run("PreToolUse", call, { toolName: "run_command" })).kind).toBe("deny");
  });

  it("run only for matching tools; several hooks combine (any refusal wins)", async () => {
    const dir = tempDir();
    const allow = script(dir, "allow.mjs", `process.stdout.write(JSON.stringify({ hookSpecificOutput: { permissionDecision: "allow" } }));`);
    const deny = script(dir, "deny.mjs", `process.stderr.write("no"); process.exit(2);`);
    const { runner } = runnerFor({ PreToolUse: [{ matcher: "write_file", hooks: [{ type: "command", command: deny }] }, { matcher: "*", hooks: [{ type: "command", command: allow }] }] }, dir);
    expect((await runner.run("PreToolUse", call, { toolName: "run_command" })).kind).toBe("allow");
    expect(await runner.run("PreToolUse", { ...call, tool_name: "write_file" }, { toolName: "write_file" })).toEqual({ kind: "deny", reason: "no" });
    expect(await runner.run("PreToolUse", call, { toolName: "read_file_x" })).toMatchObject({ kind: "allow" });
  });

  it("plain stdout on SessionStart or UserPromptSubmit is context for the model", async () => {
    const dir = tempDir();
    const { runner } = runnerFor({ SessionStart: [{ hooks: [{ type: "command", command: script(dir, "ctx.mjs", `console.log("branch: main, 3 failing tests")`) }] }] }, dir);
    expect(await runner.run("SessionStart", { source: "startup" })).toEqual({ kind: "none", context: "branch: main, 3 failing tests" });
    expect(runner.has("SessionStart")).toBe(true);
    expect(runner.has("Stop")).toBe(false);
  });
});

describe("hook settings", () => {
  it.each([
    [{ PreToolUse: {} }, /"hooks.PreToolUse" must be an array/],
    [{ BeforeEverything: [] }, /"hooks.BeforeEverything" is not a hook event/],
    [{ PreToolUse: [{ matcher: "(", hooks: [{ type: "command", command: "x" }] }] }, /matcher" is not a valid regular expression/],
    [{ PreToolUse: [{ hooks: [{ type: "prompt", command: "x" }] }] }, /hooks\[0\]\.type" must be "command"/],
    [{ PreToolUse: [{ hooks: [{ type: "command", command: "x", timeout: -1 }] }] }, /timeout" must be a positive number/],
  ])("rejects %j", (value, problem) => {
    const checked = validateHookSettings(value);
    expect("problem" in checked && checked.problem).toMatch(problem);
  });
});

describe("project trust", () => {
  it("is recorded per workspace with a digest; a changed config needs trust again", () => {
    const home = tempDir();
    const digest = trustDigest({ hooks: { Stop: [{ hooks: [{ type: "command", command: "a" }] }] } });
    expect(projectTrust(home, "/work/one", digest)).toBe("untrusted");
    trustProject(home, "/work/one", digest);
    expect(projectTrust(home, "/work/one", digest)).toBe("trusted");
    expect(projectTrust(home, "/work/two", digest)).toBe("untrusted");
    expect(projectTrust(home, "/work/one", trustDigest({ hooks: { Stop: [{ hooks: [{ type: "command", command: "b" }] }] } }))).toBe("changed");
    expect(trustDigest({ a: 1, b: { c: 2, d: 3 } })).toBe(trustDigest({ b: { d: 3, c: 2 }, a: 1 }));
    writeFileSync(path.join(home, "trusted-projects.json"), "{ damaged");
    expect(projectTrust(home, "/work/one", digest)).toBe("untrusted");
  });
});
