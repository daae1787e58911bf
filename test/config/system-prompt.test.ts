// The system prompt chain: system_prompt_file > .agent.md > built-in, then AGENTS.md.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/config/config-error.js";
import { buildSystemPrompt } from "../../src/config/system-prompt.js";
import type { ToolSpec } from "../../src/engine/llm/provider.js";

const tools: ToolSpec[] = [
  { name: "read_file", description: "Read a UTF-8 text file.\nMore detail the prompt does not need.", inputSchema: {} },
  { name: "bash", description: "Run a shell command.", inputSchema: {} },
];

function project(): string {
  return mkdtempSync(join(tmpdir(), "mini-agent-prompt-"));
}

describe("buildSystemPrompt", () => {
  it("built in: short, and leaves the tools to the request's tool list (no names, no descriptions)", () => {
    const cwd = project();
    const prompt = buildSystemPrompt({ cwd, tools });
    expect(prompt).toContain(cwd);
    expect(prompt).toContain("If a call fails, read the error");
    expect(prompt).not.toContain("read_file");
    expect(prompt).not.toContain("Read a UTF-8 text file");
    expect(prompt.length).toBeLessThan(1200);
    expect(buildSystemPrompt({ cwd, tools: [] })).toContain("No tools are available");
  });

  it("a project .agent.md replaces the built-in prompt; AGENTS.md is appended as context", () => {
    const cwd = project();
    writeFileSync(join(cwd, ".agent.md"), "You are the project's own agent.\n");
    writeFileSync(join(cwd, "AGENTS.md"), "Run tests with npm test.\n");
    const prompt = buildSystemPrompt({ cwd, tools, extra: "Mode: print." });
    expect(prompt.startsWith("You are the project's own agent.")).toBe(true);
    expect(prompt).not.toContain("You are mini-agent");
    expect(prompt).toContain("# Project context (AGENTS.md)\n\nRun tests with npm test.");
    expect(prompt.endsWith("Mode: print.")).toBe(true);
  });

  it("system_prompt_file beats .agent.md; a missing one is a config error", () => {
    const cwd = project();
    writeFileSync(join(cwd, ".agent.md"), "project prompt");
    writeFileSync(join(cwd, "custom.md"), "custom prompt");
    expect(buildSystemPrompt({ cwd, tools, systemPromptFile: join(cwd, "custom.md") })).toBe("custom prompt");
    expect(() => buildSystemPrompt({ cwd, tools, systemPromptFile: join(cwd, "nope.md") })).toThrow(ConfigError);
  });
});
