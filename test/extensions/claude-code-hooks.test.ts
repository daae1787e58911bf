// Hooks written for Claude Code, unchanged: matchers by Claude Code's tool names, payloads with
// its names, fields and permission_mode (real scripts in real child processes), and the hooks
// of a .claude/settings.json as Claude Code writes them.
import { mkdtempSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { claudeHooksFromText } from "../../src/config/claude-settings.js";
import { claudeToolFields, matchableNames } from "../../src/engine/extensions/hooks/claude-tools.js";
import { createHookRunner } from "../../src/engine/extensions/hooks/hook-runner.js";
import { matcherApplies, type HookSettings } from "../../src/engine/extensions/hooks/hook-settings.js";
import { permissionModeOf } from "../../src/composition/session-hooks.js";

function tempDir(): string {
  return realpathSync(mkdtempSync(path.join(os.tmpdir(), "cc-hooks-")));
}

/** A hook that records each payload it gets (one JSON line per run) and lets the call through. */
function recorder(dir: string): { command: string; seen(): Record<string, unknown>[] } {
  const file = path.join(dir, "record.mjs");
  const log = path.join(dir, "payloads.jsonl");
  writeFileSync(file, `
    import { appendFileSync } from "node:fs";
    let input = "";
    process.stdin.on("data", (chunk) => (input += chunk));
    process.stdin.on("end", () => appendFileSync(${JSON.stringify(log)}, input + "\\n"));`);
  return {
    command: `"${process.execPath}" "${file}"`,
    seen: () => readFileSync(log, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

describe("matchers by Claude Code's tool names", () => {
  it.each([
    ["Bash", "run_command", true],
    ["Edit|Write", "write_file", true],
    ["Edit|Write", "edit_file", true],
    ["MultiEdit", "edit_file", true],
    ["Read", "read_file", true],
    ["Glob|Grep", "grep", true],
    ["WebFetch", "web_fetch", true],
    ["Task", "task", true],
    ["mcp__memory__.*", "mcp__memory__create_entities", true],
    ["run_command", "run_command", true],
    ["write_file", "write_file", true],
    ["Bash", "write_file", false],
    ["Write", "edit_file", false],
    ["Read", "read_file_extra", false],
  ])("%s against %s: %s", (matcher, tool, expected) => {
    expect(matcherApplies(matcher, matchableNames(tool))).toBe(expected);
  });
});

describe("payload fields as Claude Code sends them", () => {
  const cwd = "/work/project";
  it.each([
    ["run_command", { command: "ls", timeout_ms: 5000 }, "Bash", { command: "ls", timeout_ms: 5000, timeout: 5000 }],
    ["read_file", { path: "src/a.ts", offset: 3 }, "Read", { path: "src/a.ts", offset: 3, file_path: "/work/project/src/a.ts" }],
    ["write_file", { path: "b.txt", content: "x" }, "Write", { path: "b.txt", content: "x", file_path: "/work/project/b.txt" }],
    ["edit_file", { path: "c.ts", old_string: "a", new_string: "b" }, "Edit", { path: "c.ts", old_string: "a", new_string: "b", file_path: "/work/project/c.ts" }],
    ["edit_file", { path: "c.ts", edits: [{ old_string: "a", new_string: "b" }] }, "MultiEdit", { path: "c.ts", edits: [{ old_string: "a", new_string: "b" }], file_path: "/work/project/c.ts" }],
    ["grep", { pattern: "x", include: "*.ts", ignore_case: true }, "Grep", { pattern: "x", include: "*.ts", ignore_case: true, glob: "*.ts", "-i": true }],
    ["task", { description: "d", prompt: "p", kind: "explore" }, "Task", { description: "d", prompt: "p", kind: "explore", subagent_type: "explore" }],
    ["mcp__docs__search", { q: "x" }, "mcp__docs__search", { q: "x" }],
    ["git_status", {}, "git_status", {}],
  ])("%s %j is %s", (tool, input, name, fields) => {
    expect(claudeToolFields(tool, input, cwd)).toEqual({ tool_name: name, mini_agent_tool_name: tool, tool_input: fields });
  });

  it("reach a real hook with permission_mode, through a Claude Code matcher", async () => {
    const dir = tempDir();
    const hook = recorder(dir);
    const settings: HookSettings = { PreToolUse: [{ matcher: "Edit|Write", hooks: [{ type: "command", command: hook.command }] }] };
    const runner = createHookRunner([{ scope: "project", file: ".claude/settings.json", settings }], {
      sessionId: "s1",
      transcriptPath: path.join(dir, "s1.jsonl"),
      cwd: dir,
      env: { PATH: process.env.PATH ?? "" },
      permissionMode: () => "plan",
      notice: () => {},
    });
    const input = { path: "notes/a.md", old_string: "old", new_string: "new" };
    expect(await runner.run("PreToolUse", { tool_name: "edit_file", tool_input: input, tool_use_id: "c1" }, { toolName: "edit_file" })).toEqual({ kind: "none" });
    // Not matched: the hook does not run for a command.
    await runner.run("PreToolUse", { tool_name: "run_command", tool_input: { command: "ls" }, tool_use_id: "c2" }, { toolName: "run_command" });
    expect(hook.seen()).toEqual([
      {
        session_id: "s1",
        transcript_path: path.join(dir, "s1.jsonl"),
        cwd: dir,
        permission_mode: "plan",
        hook_event_name: "PreToolUse",
        tool_name: "Edit",
        mini_agent_tool_name: "edit_file",
        tool_input: { ...input, file_path: path.join(dir, "notes/a.md") },
        tool_use_id: "c1",
      },
    ]);
  });

  it("permission_mode follows our approval mode", () => {
    expect(permissionModeOf({})).toBe("default");
    expect(permissionModeOf({ yes: true })).toBe("bypassPermissions");
    expect(permissionModeOf({ agent: "plan", yes: true })).toBe("plan");
    expect(permissionModeOf({ agent: "review" })).toBe("default");
  });
});

describe(".claude/settings.json hooks", () => {
  it("reads Claude Code's command hooks and skips, saying so, the events and hook types we do not run", () => {
    const text = JSON.stringify({
      permissions: { allow: ["Bash(npm test:*)"] },
      hooks: {
        PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "python3 check.py", timeout: 10 }, { type: "prompt", prompt: "Is this safe?" }] }],
        Notification: [{ hooks: [{ type: "command", command: "notify-send hi" }] }],
        PostToolUse: [{ matcher: "Write", hooks: [{ type: "prompt", prompt: "x" }] }],
      },
    });
    expect(claudeHooksFromText(text)).toEqual({
      hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "python3 check.py", timeout: 10 }] }] },
      skipped: [
        'hooks.PreToolUse[0]: only "command" hooks run here; the others were skipped',
        "hooks.Notification skipped: mini-agent runs PreToolUse, PostToolUse, UserPromptSubmit, Stop, SessionStart, PreCompact",
        'hooks.PostToolUse[0]: only "command" hooks run here; the others were skipped',
      ],
    });
  });

  it.each([
    ["broken JSON", "{ nope", /^invalid JSON/],
    ["an array", "[]", /must contain a JSON object/],
    ["hooks not an object", '{"hooks": []}', /"hooks" must be an object/],
    ["a bad matcher", '{"hooks": {"PreToolUse": [{"matcher": "(", "hooks": [{"type": "command", "command": "x"}]}]}}', /hooks\.PreToolUse\[0\]\.matcher" is not a valid regular expression/],
  ])("names the problem with %s", (_label, text, problem) => {
    const parsed = claudeHooksFromText(text);
    expect("problem" in parsed && parsed.problem).toMatch(problem);
  });

  it("a file without hooks has none", () => {
    expect(claudeHooksFromText('{"model": "opus"}')).toEqual({ hooks: {}, skipped: [] });
  });
});
