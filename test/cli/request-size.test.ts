// The first request's size (every later request repeats it): within budget with the full
// default tool set, and every parameter of every tool still has a description.
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";

/**
 * Issue 14's budget (was 10,950 B), with the full default tool set including issue 13's
 * `remember` and `task` (recall and forget come only once notes exist).
 */
const MAX_FIRST_REQUEST_BYTES = 8_500;
const DEFAULT_TOOLS = [
  "read_file", "list_files", "glob", "grep", "write_file", "edit_file", "todo_write",
  "git_status", "git_diff", "git_log", "web_fetch", "run_command", "task_status", "task_stop",
  "remember", "task",
];

interface Schema {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
}

/** Paths of parameters (nested ones too) that have no description. */
function undescribed(schema: Schema, at: string): string[] {
  const missing: string[] = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) {
    const path = `${at}.${name}`;
    if (!property.description?.trim()) missing.push(path);
    missing.push(...undescribed(property, path));
    if (property.items) missing.push(...undescribed(property.items, `${path}[]`));
  }
  return missing;
}

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("the first request", () => {
  it(`is at most ${MAX_FIRST_REQUEST_BYTES} bytes with all default tools, each parameter described`, async () => {
    server = await startScriptedServer([chatText("hi")]);
    const box = providerSandbox();
    const run = await box.run(["-p", "hello", "--provider", "openai"], {
      OPENAI_API_KEY: "sk-size-test-key-0000111122223333",
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(run.code, run.stderr).toBe(0);
    const body = server.requests[0]!.body;
    const tools = (server.json(0).tools as { function: { name: string; description: string; parameters: Schema } }[]).map((tool) => tool.function);
    expect(tools.map((tool) => tool.name).sort()).toEqual([...DEFAULT_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description.length, tool.name).toBeGreaterThan(30);
      expect(undescribed(tool.parameters, tool.name)).toEqual([]);
    }
    // Bounds zod enforces anyway (and ±2^53 for .int()) are left out: bytes no model needs.
    const text = body.toString("utf8");
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    for (const keyword of ["minLength", "minimum", "maximum", "exclusiveMinimum", "minItems", "maxItems"]) {
      expect(text, keyword).not.toContain(`"${keyword}"`);
    }
    expect(body.length).toBeLessThanOrEqual(MAX_FIRST_REQUEST_BYTES);
  });

  it("a value out of a bound the schema no longer shows still comes back to the model as a clear error", async () => {
    const call = (id: string, name: string, args: string) =>
      sse(chunk({ role: "assistant", content: null, ...toolDelta(0, { id, name, args }) }), chunk({}, "tool_calls"), DONE);
    server = await startScriptedServer([
      call("call_glob", "glob", '{"pattern":"*.ts","limit":0}'),
      call("call_todo", "todo_write", '{"todos":[{"content":"","status":"pending"}]}'),
      chatText("done"),
    ]);
    const box = providerSandbox();
    const run = await box.run(["-p", "look", "--provider", "openai"], {
      OPENAI_API_KEY: "sk-size-test-key-0000111122223333",
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(run.code, run.stderr).toBe(0);
    const toolText = (n: number, callId: string) =>
      String(messagesOf(server!, n).find((message) => message["role"] === "tool" && message["tool_call_id"] === callId)?.["content"]);
    expect(toolText(1, "call_glob")).toMatch(/invalid input for glob: limit: .*>=\s*1/);
    expect(toolText(2, "call_todo")).toMatch(/invalid input for todo_write: todos\.0\.content: .*>=\s*1/);
  });
});
