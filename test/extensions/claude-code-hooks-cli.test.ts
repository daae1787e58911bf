// Claude Code's hooks through the real CLI: a project set up for Claude Code (.claude/settings.json,
// a Python hook in .claude/hooks) runs its hooks once trusted, as Claude Code would: the
// example Bash validator blocks a grep with its stderr as the reason, a file_path hook refuses
// a write, and permission_mode says --yes. The hook script is covered by the trust digest.
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, sessionFiles } from "../helpers/session-files.js";

const VALIDATOR = fileURLToPath(new URL("../helpers/claude-code/bash_command_validator.py", import.meta.url));

/** A Python 3 that runs without the user's shell set-up (a pyenv shim needs the real HOME). */
function findPython(): string | undefined {
  for (const candidate of ["/usr/bin/python3", "/usr/local/bin/python3", "/opt/homebrew/bin/python3", "python3"]) {
    const probe = spawnSync(candidate, ["-c", "import sys; print(sys.executable)"], { encoding: "utf8" });
    if (probe.status === 0 && probe.stdout.trim()) return probe.stdout.trim();
  }
  return undefined;
}
const python = findPython();

function claudeProject(box: Sandbox, settings: unknown): void {
  mkdirSync(path.join(box.workspace, ".claude", "hooks"), { recursive: true });
  copyFileSync(VALIDATOR, path.join(box.workspace, ".claude", "hooks", "bash_command_validator.py"));
  writeFileSync(path.join(box.workspace, ".claude", "settings.json"), JSON.stringify(settings, null, 2));
}

/** The tool results of the sessions not read before (ids of one second sort in any order, so files, not positions). */
function newResults(box: Sandbox, seen: Set<string>): Record<string, unknown>[] {
  const fresh = sessionFiles(box.home).filter((file) => !seen.has(file));
  for (const file of fresh) seen.add(file);
  return fresh.flatMap((file) => eventLines(file)).filter((event) => event.type === "tool.result");
}

const grepCall = { tool_calls: [{ name: "run_command", arguments: { command: "grep -r TODO src" } }] };

describe("a project set up for Claude Code", () => {
  it.skipIf(!python)("its example Bash validator, unchanged, blocks a grep once the project is trusted; a rewritten script asks again", async () => {
    const box = makeSandbox();
    const command = `"${python}" "$CLAUDE_PROJECT_DIR/.claude/hooks/bash_command_validator.py"`;
    claudeProject(box, {
      permissions: { allow: ["Bash(npm test:*)"] },
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command }] }], Notification: [{ hooks: [{ type: "command", command: "notify-send done" }] }] },
    });
    mkdirSync(path.join(box.workspace, "src"));
    writeFileSync(path.join(box.workspace, "src", "a.txt"), "TODO: x\n");
    const env = { MINI_AGENT_HOME: box.home };
    const seen = new Set<string>();

    const untrusted = await runCli(["-p", "find todos", "--yes"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [grepCall, { text: "ok" }] }) } });
    expect(untrusted.code, untrusted.stderr).toBe(0);
    expect(untrusted.stderr).toContain("ignored the project's hooks.PreToolUse: this project is not trusted yet");
    expect(untrusted.stderr).toContain(`${path.join(box.workspace, ".claude", "settings.json")}: hooks.Notification skipped: mini-agent runs PreToolUse, PostToolUse`);
    expect(newResults(box, seen)[0]).toMatchObject({ isError: false });

    const trusted = await runCli(["-p", "find todos", "--yes", "--trust-project", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [grepCall, { text: "ok" }] }) } });
    expect(trusted.code, trusted.stderr).toBe(0);
    expect(trusted.stderr).toContain("trusted this project's settings: hooks.PreToolUse");
    expect(newResults(box, seen)[0]).toMatchObject({
      isError: true,
      content: "refused: blocked by a hook: • Use 'rg' (ripgrep) instead of 'grep' for better performance and features",
    });

    // A command the rules of the hook allow still runs.
    const ls = { tool_calls: [{ name: "run_command", arguments: { command: "ls src" } }] };
    const allowed = await runCli(["-p", "list", "--yes", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [ls, { text: "ok" }] }) } });
    expect(allowed.code, allowed.stderr).toBe(0);
    expect(newResults(box, seen)[0]).toMatchObject({ isError: false, content: expect.stringContaining("a.txt") });

    // The script is in the trust digest: rewritten (by a pull, by a command), it asks again.
    writeFileSync(path.join(box.workspace, ".claude", "hooks", "bash_command_validator.py"), "import sys\nsys.exit(0)\n");
    const changed = await runCli(["-p", "x", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(changed.stderr).toContain("they (or the files they run) changed since you trusted this project");
  });

  it("a file_path hook for Edit|Write refuses a write by JSON; the payload has Claude Code's fields and permission_mode", async () => {
    const box = makeSandbox();
    const log = path.join(box.home, "payloads.jsonl");
    mkdirSync(path.join(box.workspace, ".claude", "hooks"), { recursive: true });
    // As plugin hooks do: read tool_input.file_path, refuse files under deploy/ by JSON.
    writeFileSync(
      path.join(box.workspace, ".claude", "hooks", "protect-env.mjs"),
      `import { appendFileSync } from "node:fs";
       let input = ""; process.stdin.on("data", (c) => (input += c)); process.stdin.on("end", () => {
         appendFileSync(${JSON.stringify(log)}, input + "\\n");
         const { tool_input } = JSON.parse(input);
         if (tool_input.file_path.includes("/deploy/")) process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "deploy/ is generated" } }));
       });`,
    );
    const command = `"${process.execPath}" "$CLAUDE_PROJECT_DIR"/.claude/hooks/protect-env.mjs`;
    writeFileSync(path.join(box.workspace, ".claude", "settings.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command }] }] } }));
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "write_file", arguments: { path: "deploy/prod.yaml", content: "replicas: 1" } }] },
        { tool_calls: [{ name: "write_file", arguments: { path: "notes.md", content: "hi" } }] },
        { text: "ok" },
      ],
    });
    const run = await runCli(["-p", "write", "--yes", "--trust-project"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(path.join(box.workspace, "deploy", "prod.yaml"))).toBe(false);
    expect(readFileSync(path.join(box.workspace, "notes.md"), "utf8")).toBe("hi");
    expect(newResults(box, new Set())[0]).toMatchObject({ isError: true, content: "refused: blocked by a hook: deploy/ is generated" });
    const [first] = readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(first).toMatchObject({
      cwd: box.workspace,
      permission_mode: "bypassPermissions",
      hook_event_name: "PreToolUse",
      tool_name: "Write",
      mini_agent_tool_name: "write_file",
      tool_input: { file_path: path.join(box.workspace, "deploy", "prod.yaml"), content: "replicas: 1", path: "deploy/prod.yaml" },
    });
    expect(first!["session_id"]).toEqual(expect.any(String));
  });
});
