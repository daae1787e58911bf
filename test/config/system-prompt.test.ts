// The system prompt chain: system_prompt_file > .agent.md > built-in, then AGENTS.md.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSystemPrompt, promptFileScope, readPromptFiles } from "../../src/config/system-prompt.js";
import type { ToolSpec } from "../../src/engine/llm/provider.js";

const tools: ToolSpec[] = [
  { name: "read_file", description: "Read a UTF-8 text file.\nMore detail the prompt does not need.", inputSchema: {} },
  { name: "bash", description: "Run a shell command.", inputSchema: {} },
];

function project(): string {
  return realpathSync(mkdtempSync(join(tmpdir(), "mini-agent-prompt-")));
}

function promptFor(cwd: string, extra?: string): string {
  const files = readPromptFiles({ cwd, env: {} });
  expect(files.notices).toEqual([]);
  return buildSystemPrompt({ cwd, tools, files, ...(extra ? { extra } : {}) });
}

describe("buildSystemPrompt", () => {
  it("built in: short, and leaves the tools to the request's tool list (no names, no descriptions)", () => {
    const cwd = project();
    const prompt = promptFor(cwd);
    expect(prompt).toContain(cwd);
    expect(prompt).toContain("If a call fails, read the error");
    expect(prompt).not.toContain("read_file");
    expect(prompt).not.toContain("Read a UTF-8 text file");
    expect(prompt.length).toBeLessThan(1200);
    expect(buildSystemPrompt({ cwd, tools: [], files: readPromptFiles({ cwd, env: {} }) })).toContain("No tools are available");
  });

  it("a project .agent.md replaces the built-in prompt; AGENTS.md is appended as context", () => {
    const cwd = project();
    writeFileSync(join(cwd, ".agent.md"), "You are the project's own agent.\n");
    writeFileSync(join(cwd, "AGENTS.md"), "Run tests with npm test.\n");
    const prompt = promptFor(cwd, "Mode: print.");
    expect(prompt.startsWith("You are the project's own agent.")).toBe(true);
    expect(prompt).not.toContain("You are mini-agent");
    expect(prompt).toContain("# Project context (AGENTS.md)\n\nRun tests with npm test.");
    expect(prompt.endsWith("Mode: print.")).toBe(true);
  });

  it("AGENTS.md over 32,000 characters is cut at a word's edge (half a key would pass the redactor)", () => {
    const cwd = project();
    writeFileSync(join(cwd, "AGENTS.md"), `${"a".repeat(31_990)} ${"b".repeat(5000)}`);
    const prompt = promptFor(cwd);
    expect(prompt).toMatch(new RegExp(`(^|[^a])${"a".repeat(31_990)} ?\\n\\[… AGENTS\\.md truncated\\]`));
    expect(prompt).not.toContain("bbbb");
  });

  it("system_prompt_file beats .agent.md; a missing one is a notice and the chain goes on", () => {
    const cwd = project();
    writeFileSync(join(cwd, ".agent.md"), "project prompt");
    writeFileSync(join(cwd, "custom.md"), "custom prompt");
    const source = join(cwd, ".agent.json");
    const files = readPromptFiles({ cwd, env: {}, systemPromptFile: { path: join(cwd, "custom.md"), source } });
    expect(buildSystemPrompt({ cwd, tools, files })).toBe("custom prompt");

    const missing = readPromptFiles({ cwd, env: {}, systemPromptFile: { path: join(cwd, "nope.md"), source } });
    expect(missing.notices).toEqual([`system_prompt_file ${join(cwd, "nope.md")}: does not exist (from ${source}); skipped, so .agent.md or the built-in prompt is used`]);
    expect(buildSystemPrompt({ cwd, tools, files: missing })).toBe("project prompt");
  });

  it("a project's system_prompt_file must stay in the workspace; the user's may be anywhere", () => {
    const cwd = project();
    const elsewhere = project();
    writeFileSync(join(elsewhere, "prompt.md"), "a prompt from elsewhere");
    const file = join(elsewhere, "prompt.md");
    const fromProject = readPromptFiles({ cwd, env: {}, systemPromptFile: { path: file, source: join(cwd, ".agent.json") } });
    expect(fromProject.base).toBeUndefined();
    expect(fromProject.notices[0]).toBe(
      `system_prompt_file ${file}: is outside the workspace ${cwd} (from ${join(cwd, ".agent.json")}); skipped, so .agent.md or the built-in prompt is used`,
    );
    const home = join(elsewhere, "agent-home");
    mkdirSync(home);
    const fromUser = readPromptFiles({ cwd, env: {}, systemPromptFile: { path: file, source: join(home, "config.json") } });
    expect(fromUser).toEqual({ base: "a prompt from elsewhere", notices: [] });
  });

  it("a user's system_prompt_file must be a regular file within the cap, or start-up stops naming it", () => {
    const cwd = project();
    mkdirSync(join(cwd, "prompts"));
    expect(() => readPromptFiles({ cwd, env: {}, systemPromptFile: { path: join(cwd, "prompts"), source: "/home/u/.mini-agent/config.json" } })).toThrow(
      /^system_prompt_file .*prompts: is a directory, not a regular file \(from \/home\/u\/\.mini-agent\/config\.json\)/,
    );
    writeFileSync(join(cwd, "huge.md"), "x".repeat(100_001));
    expect(() => readPromptFiles({ cwd, env: {}, systemPromptFile: { path: join(cwd, "huge.md"), source: "/u/config.json" } })).toThrow("is 100001 bytes; at most 100000 bytes are read");
  });

  it("tells a project system_prompt_file from a user one by the config file that named it", () => {
    expect(promptFileScope("/ws/.agent.json", "/ws")).toBe("project");
    expect(promptFileScope(".agent.json", "/ws")).toBe("project");
    expect(promptFileScope("/home/u/.mini-agent/config.json", "/ws")).toBe("user");
    expect(promptFileScope("/ws/sub/.agent.json", "/ws")).toBe("user");
  });
});
