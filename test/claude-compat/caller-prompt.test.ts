// The system prompt a Claude Code caller sets, in every shape the Agent SDK sends it and as
// Claude Code's flags: what stands in for the base prompt, what is appended, what is refused.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { promptFromFlags, promptFromInitialize } from "../../src/claude-compat/caller-prompt.js";

const BOUNDARY = "__SYSTEM_PROMPT_DYNAMIC_BOUNDARY__";

describe("the initialize request's system prompt", () => {
  it.each([
    [{ systemPrompt: "Be a bot." }, { replace: "Be a bot.", problems: [] }],
    [{ systemPrompt: ["Static.", BOUNDARY, "Dynamic."] }, { replace: "Static.\n\nDynamic.", problems: [] }],
    [{ systemPrompt: { type: "custom", prompt: ["A.", "B."], snapshot: true } }, { replace: "A.\n\nB.", problems: [] }],
    [{ systemPrompt: { type: "preset", preset: "claude_code", append: "Add this." } }, { append: "Add this.", problems: [] }],
    // The SDK sends the preset's append as appendSystemPrompt as well: once is enough.
    [{ systemPrompt: { type: "preset", preset: "claude_code", append: "Add this." }, appendSystemPrompt: "Add this." }, { append: "Add this.", problems: [] }],
    [{ systemPrompt: null, appendSystemPrompt: "" }, { problems: [] }],
  ])("%j", (body, expected) => {
    expect(promptFromInitialize(body)).toEqual(expected);
  });

  it("names a shape it does not know, and takes nothing from it", () => {
    expect(promptFromInitialize({ systemPrompt: { type: "custom" }, appendSystemPrompt: 7 })).toEqual({
      problems: [expect.stringContaining("initialize: systemPrompt is neither"), "initialize: appendSystemPrompt is not text; ignored"],
    });
    expect(promptFromInitialize({ systemPrompt: ["ok", 3] }).replace).toBeUndefined();
  });
});

describe("Claude Code's prompt flags", () => {
  it("reads the -file forms, drops the boundary line, and refuses both forms at once", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "caller-prompt-"));
    const file = path.join(dir, "p.md");
    writeFileSync(file, `First.\n${BOUNDARY}\nSecond.\n`);
    expect(promptFromFlags({ "system-prompt-file": file, "append-system-prompt": "Last." })).toEqual({ replace: "First.\nSecond.\n", append: "Last." });
    expect(() => promptFromFlags({ "append-system-prompt": "a", "append-system-prompt-file": file })).toThrow(/cannot be used together/);
    expect(() => promptFromFlags({ "system-prompt-file": dir })).toThrow(/--system-prompt-file/);
  });
});
