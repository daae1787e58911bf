// What a stream that breaks mid-way already reported it used is counted: Anthropic's
// message_start gives the billed input before any text, and a chat server may send its usage
// chunk before the connection drops. Once left out (usage was handed on only at a clean end),
// the session's totals missed it; now each such usage is a `usage` event in the session file,
// a retried attempt's too. A stream that reported nothing adds nothing (no estimate).
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicText, blockDelta, blockStart, messageStart } from "../helpers/fake-anthropic-server.js";
import { chunk, startScriptedServer, usageChunk, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

const broken = (...chunks: string[]): Step => ({ kind: "sse", chunks, destroy: true });

async function run(provider: "anthropic" | "openai", script: Step[]) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const box = providerSandbox();
  const env: Record<string, string> = provider === "anthropic"
    ? { ANTHROPIC_API_KEY: "sk-ant-usage-test-0000", ANTHROPIC_BASE_URL: server.url }
    : { OPENAI_API_KEY: "sk-usage-test-key-0000aaaa", OPENAI_BASE_URL: `${server.url}/v1` };
  const result = await box.run(["-p", "go", "--provider", provider], env);
  const usage = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "usage").map((event) => event.inputTokens);
  return { result, usage, server, file: readFileSync(onlySessionFile(box.home), "utf8") };
}

describe("usage of a stream that breaks", () => {
  it("Anthropic, broken after text began: message_start's input is counted, the run fails", async () => {
    const { result, usage } = await run("anthropic", [
      broken(messageStart({ input_tokens: 1234, output_tokens: 1 }), blockStart(0, { type: "text", text: "" }), blockDelta(0, { type: "text_delta", text: "half an answer" })),
    ]);
    expect(result.code).toBe(1);
    expect(usage).toEqual([1234]);
  });

  it("Anthropic, broken before any text: the attempt's input is counted and the retry's too", async () => {
    const { result, usage, server } = await run("anthropic", [broken(messageStart({ input_tokens: 1000, output_tokens: 1 })), anthropicText("done")]);
    expect(result.code, result.stderr).toBe(0);
    // A usage part is no output: the broken attempt was still retried.
    expect(server.requests).toHaveLength(2);
    expect(usage).toEqual([1000, 14]);
  });

  it("chat, broken after its usage chunk: counted; broken before one: nothing is made up", async () => {
    const reported = await run("openai", [broken(chunk({ role: "assistant", content: "partial" }), usageChunk({ prompt_tokens: 777, completion_tokens: 3, total_tokens: 780 }))]);
    expect(reported.result.code).toBe(1);
    expect(reported.usage).toEqual([777]);
    const silent = await run("openai", [broken(chunk({ role: "assistant", content: "partial" }))]);
    expect(silent.result.code).toBe(1);
    expect(silent.usage).toEqual([]);
  });
});
