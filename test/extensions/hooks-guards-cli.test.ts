// Guard plugins and hooks through the real CLI: real scripts, real refusals, project trust.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests, sessionFiles } from "../helpers/session-files.js";

const writeCall = { tool_calls: [{ name: "write_file", arguments: { path: "out.txt", content: "hello" } }] };

function hookScript(box: Sandbox, name: string, body: string): string {
  const file = path.join(box.home, name);
  writeFileSync(file, body);
  return `"${process.execPath}" "${file}"`;
}

function projectConfig(box: Sandbox, config: unknown): void {
  writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify(config));
}

function toolResults(box: Sandbox): { name: string; content: string; isError: boolean }[] {
  return eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as never;
}

describe("guard plugins in a session", () => {
  it("a project's plugin applies once the project is trusted; then it refuses a matching call even with --yes", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.workspace, ".agents", "guards"), { recursive: true });
    writeFileSync(
      path.join(box.workspace, ".agents", "guards", "house.json"),
      JSON.stringify({ name: "house", rules: [{ tool: "write_file", args: { path: "*.txt" }, reason: "text files are generated" }] }),
    );
    // Untrusted, the project's plugin is ignored (a rule could refuse every call), and said so.
    const untrusted = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [writeCall, { text: "ok" }] }) } });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain("ignored the project's guards");
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(true);
    rmSync(path.join(box.workspace, "out.txt"));
    const script = box.script({ turns: [writeCall, { text: "ok" }] });
    const run = await runCli(["-p", "write", "--yes", "--trust-project", "--new"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(false);
    const results = sessionFiles(box.home).flatMap((file) => eventLines(file)).filter((event) => event.type === "tool.result");
    expect(results).toContainEqual(expect.objectContaining({ isError: true, content: "refused: text files are generated (guard plugin house)" }));
  });

  it("a broken plugin stops start-up naming the file", async () => {
    const box = makeSandbox();
    mkdirSync(path.join(box.home, "guards"), { recursive: true });
    writeFileSync(path.join(box.home, "guards", "bad.json"), JSON.stringify({ name: "bad", rules: [{ tool: "x" }] }));
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(`guard plugin ${path.join(box.home, "guards", "bad.json")}: rules[0].reason must say why`);
  });

  it("a broken project plugin is a notice naming the file, and the run goes on", async () => {
    const box = makeSandbox();
    const file = path.join(box.workspace, ".agents", "guards", "x.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, "{ nope");
    const run = await runCli(["-p", "hi", "--trust-project"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: "1" } });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`guard plugin ${file}: `);
    expect(run.stderr).toContain("skipped, so its refusals are not in force this session");
  });
});

describe("hooks in a session", () => {
  const blockByExit = (box: Sandbox) => hookScript(box, "block.mjs", `process.stderr.write("writes are frozen today"); process.exit(2);`);

  it("a project hook runs only once the project is trusted; then it blocks by exit 2 even with --yes", async () => {
    const box = makeSandbox();
    projectConfig(box, { hooks: { PreToolUse: [{ matcher: "write_file", hooks: [{ type: "command", command: blockByExit(box) }] }] } });
    const env = { MINI_AGENT_HOME: box.home };

    const untrusted = await runCli(["-p", "write", "--yes"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [writeCall, { text: "ok" }] }) } });
    expect(untrusted.code).toBe(0);
    expect(untrusted.stderr).toContain("ignored the project's hooks.PreToolUse: this project is not trusted yet");
    expect(readFileSync(path.join(box.workspace, "out.txt"), "utf8")).toBe("hello");

    const trusted = await runCli(["-p", "write again", "--yes", "--trust-project", "--new"], {
      cwd: box.workspace,
      env: { ...env, FAKE_LLM: box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "second.txt", content: "x" } }] }, { text: "ok" }] }) },
    });
    expect(trusted.code).toBe(0);
    expect(trusted.stderr).toContain("trusted this project's settings: hooks.PreToolUse");
    expect(existsSync(path.join(box.workspace, "second.txt"))).toBe(false);
    expect(trusted.stderr).toContain("blocked by a hook: writes are frozen today");

    // Remembered: no flag needed next time. A changed hook needs trust again.
    const record = path.join(box.home, "requests.jsonl");
    const again = await runCli(["-p", "third", "--yes", "--new"], {
      cwd: box.workspace,
      env: { ...env, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [{ tool_calls: [{ name: "write_file", arguments: { path: "third.txt", content: "x" } }] }, { text: "ok" }] }) },
    });
    expect(existsSync(path.join(box.workspace, "third.txt"))).toBe(false);
    expect(recordedRequests(record)[1]!.messages.at(-1)?.content).toBe("refused: blocked by a hook: writes are frozen today");
    expect(again.stderr).not.toContain("not trusted");

    projectConfig(box, { hooks: { PreToolUse: [{ matcher: "write_file|edit_file", hooks: [{ type: "command", command: blockByExit(box) }] }] } });
    const changed = await runCli(["-p", "x", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(changed.stderr).toContain("they (or the files they run) changed since you trusted this project");
  });

  it("trust covers the hook's script: a script rewritten after trust asks again, and is not run", async () => {
    const box = makeSandbox();
    const marker = path.join(box.home, "hook-ran");
    mkdirSync(path.join(box.workspace, "hooks"));
    const script = path.join(box.workspace, "hooks", "start.mjs");
    writeFileSync(script, "process.exit(0);\n");
    projectConfig(box, { hooks: { SessionStart: [{ hooks: [{ type: "command", command: `"${process.execPath}" hooks/start.mjs` }] }] } });
    const env = { MINI_AGENT_HOME: box.home };
    const trusted = await runCli(["-p", "hi", "--trust-project"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(trusted.code).toBe(0);
    // What a sandboxed command could do after trust: rewrite the script the hook runs.
    writeFileSync(script, `import { writeFileSync } from "node:fs"; writeFileSync(${JSON.stringify(marker)}, "planted");\n`);
    const after = await runCli(["-p", "hi", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(after.code).toBe(0);
    expect(after.stderr).toContain("they (or the files they run) changed since you trusted this project");
    expect(existsSync(marker)).toBe(false);
  });

  it("a user hook blocks by JSON without any trust step; allowed calls still run", async () => {
    const box = makeSandbox();
    const deny = hookScript(
      box,
      "deny.mjs",
      `let input = ""; process.stdin.on("data", (c) => (input += c)); process.stdin.on("end", () => {
         const call = JSON.parse(input);
         if (call.tool_input.path === "secret.txt") process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "secret.txt is off limits" } }));
       });`,
    );
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ hooks: { PreToolUse: [{ matcher: "write_file", hooks: [{ type: "command", command: deny }] }] } }));
    const script = box.script({
      turns: [
        { tool_calls: [{ name: "write_file", arguments: { path: "secret.txt", content: "x" } }] },
        { tool_calls: [{ name: "write_file", arguments: { path: "open.txt", content: "y" } }] },
        { text: "ok" },
      ],
    });
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.workspace, "secret.txt"))).toBe(false);
    expect(readFileSync(path.join(box.workspace, "open.txt"), "utf8")).toBe("y");
    expect(toolResults(box)[0]).toMatchObject({ isError: true, content: "refused: blocked by a hook: secret.txt is off limits" });
  });

  it("a trusted project hook's allow skips questions for ordinary files, never for critical ones (its own config included)", async () => {
    const box = makeSandbox();
    const allow = hookScript(box, "allow.mjs", `process.stdin.resume(); process.stdin.on("end", () => process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow" } })));`);
    mkdirSync(path.join(box.workspace, ".claude"));
    const settings = JSON.stringify({ hooks: { PreToolUse: [{ matcher: "Write|Edit", hooks: [{ type: "command", command: allow }] }] } });
    writeFileSync(path.join(box.workspace, ".claude", "settings.json"), settings);
    const writes = ["plain.txt", ".github/workflows/x.yml", ".claude/settings.json", ".agents/skills/x/SKILL.md"];
    const script = box.script({ turns: [{ tool_calls: writes.map((file) => ({ name: "write_file", arguments: { path: file, content: "{}" } })) }, { text: "ok" }] });
    // Print mode without --yes: a question is refused, so only what skipped one is written.
    const run = await runCli(["-p", "go", "--trust-project"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    expect(readFileSync(path.join(box.workspace, "plain.txt"), "utf8")).toBe("{}");
    expect(existsSync(path.join(box.workspace, ".github"))).toBe(false);
    expect(existsSync(path.join(box.workspace, ".agents"))).toBe(false);
    expect(readFileSync(path.join(box.workspace, ".claude", "settings.json"), "utf8")).toBe(settings);
    expect(toolResults(box).map((result) => result.isError)).toEqual([false, true, true, true]);
  });

  it("a hook that crashes refuses the call and is reported", async () => {
    const box = makeSandbox();
    const crash = hookScript(box, "crash.mjs", `throw new Error("hook bug");`);
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ hooks: { PreToolUse: [{ hooks: [{ type: "command", command: crash }] }] } }));
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [writeCall, { text: "ok" }] }) } });
    expect(run.code).toBe(0);
    expect(existsSync(path.join(box.workspace, "out.txt"))).toBe(false);
    expect(run.stderr).toMatch(/hook PreToolUse .*crash\.mjs.* exited with 1.*treated as a refusal/s);
  });

  it("SessionStart output reaches the system prompt; UserPromptSubmit can block a prompt; PostToolUse adds to a result; Stop sends the model back once", async () => {
    const box = makeSandbox();
    const record = path.join(box.home, "requests.jsonl");
    const echo = (name: string, text: string) => hookScript(box, name, `process.stdout.write(${JSON.stringify(text)});`);
    const stopOnce = hookScript(
      box,
      "stop.mjs",
      `let input = ""; process.stdin.on("data", (c) => (input += c)); process.stdin.on("end", () => {
         if (!JSON.parse(input).stop_hook_active) process.stdout.write(JSON.stringify({ decision: "block", reason: "run the tests before you stop" }));
       });`,
    );
    writeFileSync(
      path.join(box.home, "config.json"),
      JSON.stringify({
        hooks: {
          SessionStart: [{ hooks: [{ type: "command", command: echo("start.mjs", "branch feature-x has 2 failing tests") }] }],
          PostToolUse: [{ matcher: "read_file", hooks: [{ type: "command", command: echo("post.mjs", "remember: this file is generated") }] }],
          Stop: [{ hooks: [{ type: "command", command: stopOnce }] }],
        },
      }),
    );
    writeFileSync(path.join(box.workspace, "a.txt"), "content");
    const script = box.script({ turns: [{ tool_calls: [{ name: "read_file", arguments: { path: "a.txt" } }] }, { text: "first answer" }, { text: "tests pass" }] });
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script, FAKE_LLM_RECORD: record } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("tests pass\n");
    const requests = recordedRequests(record);
    expect(requests[0]!.system).toContain("branch feature-x has 2 failing tests");
    expect(requests[1]!.messages.at(-1)?.content).toMatch(/content[\s\S]*remember: this file is generated$/);
    expect(requests[2]!.messages.at(-1)).toMatchObject({ role: "user", content: "[Stop hook] run the tests before you stop" });

    const blocker = hookScript(box, "prompt.mjs", `process.stderr.write("no prompts about passwords"); process.exit(2);`);
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ hooks: { UserPromptSubmit: [{ hooks: [{ type: "command", command: blocker }] }] } }));
    const blocked = await runCli(["-p", "what is the admin password", "--new"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "never" }] }), FAKE_LLM_RECORD: record } });
    expect(blocked.code).toBe(1);
    expect(blocked.stderr).toContain("the prompt was blocked by a UserPromptSubmit hook: no prompts about passwords");
    expect(recordedRequests(record)).toHaveLength(3);
  });
});
