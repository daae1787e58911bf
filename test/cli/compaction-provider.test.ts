// Compaction through a real adapter: the OpenAI SDK over HTTP to a local scripted server.
// The provider's own context-overflow error (a 400 in its words) makes the engine compact
// and retry; the bytes the server received show what the summary request and the retried
// request carried.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, chunk, DONE, sse, startScriptedServer, status, toolDelta, usageChunk, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const GOAL = "Summarise notes.txt for me";

function readCall(id: string) {
  return sse(
    chunk({ role: "assistant", content: "Reading." }),
    chunk(toolDelta(0, { id, name: "read_file", args: JSON.stringify({ path: "notes.txt" }) })),
    chunk({}, "tool_calls"),
    usageChunk({ prompt_tokens: 900, completion_tokens: 10, total_tokens: 910 }),
    DONE,
  );
}

describe("compaction over a real provider", () => {
  it("a 400 context-length error compacts with a summary request and retries the step", async () => {
    const overflow = status(400, {
      error: { message: "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens.", type: "invalid_request_error", code: "context_length_exceeded" },
    });
    const server = await startScriptedServer([
      readCall("call_a"),
      readCall("call_b"),
      overflow,
      chatText("Goal: summarise notes.txt.\nNext step: write the summary."),
      chatText("Here is the summary."),
    ]);
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.workspace, "notes.txt"), "a note worth reading\n".repeat(50));
    const run = await box.run(["-p", GOAL, "--output-format", "json"], { OPENAI_API_KEY: "sk-test-compaction-0000", OPENAI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "Here is the summary.", stop_reason: "completed" });
    expect(server.requests).toHaveLength(5);

    // The summary request: same model, no tools, the older part, then the ask.
    const summary = server.json(3);
    expect(summary["model"]).toBe(server.json(0)["model"]);
    expect(summary["tools"]).toBeUndefined();
    const asked = messagesOf(server, 3);
    expect(asked[1]).toMatchObject({ role: "user", content: GOAL });
    expect(String(asked.at(-1)!["content"])).toMatch(/^Summarise the conversation above/);

    // The retried request: the summary in place of the older part, the latest exchange intact.
    const retried = messagesOf(server, 4);
    expect(retried[0]).toMatchObject({ role: "system" });
    expect(String(retried[1]!["content"])).toMatch(/^\[Context summary\][\s\S]*Goal: summarise notes\.txt\.[\s\S]*Files read so far: notes\.txt/);
    expect(String(retried[1]!["content"])).toContain(`The user's request, verbatim:\n${GOAL}`);
    expect(retried.slice(2).map((message) => [message["role"], message["tool_call_id"] ?? null])).toEqual([
      ["assistant", null],
      ["tool", "call_b"],
    ]);
    expect((server.json(4)["tools"] as unknown[]).length).toBeGreaterThan(0);
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "context.compacted")).toEqual([
      expect.objectContaining({ trigger: "overflow", mode: "summary" }),
    ]);
  });
});
