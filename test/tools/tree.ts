// Test helpers: real temp trees on disk and a way to call a tool as the executor does
// (validate with the zod schema, then execute).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";
import type { Tool, ToolResult } from "../../src/engine/tools/tool.js";
import { ToolError } from "../../src/engine/tools/tool.js";

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temp directory (symlinks resolved) removed after the test. */
export function tempDir(prefix = "mini-agent-tools-"): string {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), prefix)));
  made.push(dir);
  return dir;
}

/** Writes `files` (posix relative paths → content) under a new temp dir and returns it. */
export function makeTree(files: Record<string, string | Uint8Array>, dir = tempDir()): string {
  for (const [relative, content] of Object.entries(files)) {
    const absolute = path.join(dir, relative);
    mkdirSync(path.dirname(absolute), { recursive: true });
    writeFileSync(absolute, content);
  }
  return dir;
}

export const context = { signal: new AbortController().signal };

/** The tool's checked input; rejects with the problems (each naming its field) as the model would see them. */
export async function parseInput(tool: Tool, input: unknown): Promise<any> {
  const parsed = await tool.input.parse(input);
  if ("issues" in parsed) throw new Error(parsed.issues);
  return parsed.data;
}

/** Runs a tool as the executor would: schema first, then execute. */
export async function run(tool: Tool, input: unknown): Promise<ToolResult> {
  return tool.execute(await parseInput(tool, input), context);
}

/** Runs a tool expecting a ToolError, and returns its message. */
export async function runError(tool: Tool, input: unknown): Promise<string> {
  try {
    const result = await run(tool, input);
    throw new Error(`expected a ToolError, got: ${result.content.slice(0, 300)}`);
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
}
