// Call ids that repeat from one answer to the next (Kimi's `functions.read_file:0`, a local
// server's `call_0`) go to Anthropic and the Responses API unique across the whole request:
// Anthropic answers a repeated tool_use id with 400 "tool_use ids must be unique" on every
// later request, so a Kimi session continued on Anthropic could never go on. Chat Completions
// keeps them as they came (Kimi's models expect their own form). Bytes read at the fake server.
import { afterEach, describe, expect, it } from "vitest";
import { anthropicText } from "../helpers/fake-anthropic-server.js";
import { DONE, chatText, chunk, responseObject, responsesEvents, sse, startScriptedServer, status, toolDelta, type FakeServer, type Script } from "../helpers/fake-openai-server.js";
import { anthropicConfig, build, engineTurn, kimiConfig, openAiConfig, sessionWorkspace } from "./harness.js";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function start(script: Script): Promise<FakeServer> {
  const server = await startScriptedServer(script);
  servers.push(server);
  return server;
}

/** Kimi reads x1.txt, then x2.txt, each call with the id `functions.read_file:0`, then answers. */
async function kimiSession(dirs: { cwd: string; home: string }): Promise<FakeServer> {
  const call = (file: string) => sse(chunk(toolDelta(0, { id: "functions.read_file:0", name: "read_file", args: JSON.stringify({ path: file }) })), chunk({}, "tool_calls"), DONE);
  const kimi = await start([call("x1.txt"), call("x2.txt"), chatText("Both read.")]);
  expect((await engineTurn(dirs, await build(kimiConfig(kimi.url)), { mode: "new" }, "read both")).outcome.stopReason).toBe("completed");
  return kimi;
}

type Block = Record<string, unknown>;

describe("call ids repeated across answers", () => {
  it("Chat Completions (Kimi) sends them as they came", async () => {
    const kimi = await kimiSession(sessionWorkspace());
    const messages = kimi.json(2)["messages"] as { role: string; tool_calls?: { id: string }[]; tool_call_id?: string }[];
    expect(messages.flatMap((m) => m.tool_calls?.map((c) => c.id) ?? [])).toEqual(["functions.read_file:0", "functions.read_file:0"]);
    expect(messages.filter((m) => m.role === "tool").map((m) => m.tool_call_id)).toEqual(["functions.read_file:0", "functions.read_file:0"]);
  });

  it("Anthropic: a Kimi session continued there sends unique tool_use ids, each result with its own call", async () => {
    const dirs = sessionWorkspace();
    await kimiSession(dirs);
    const anthropic = await start([anthropicText("Go on."), anthropicText("And on.")]);
    const provider = await build(anthropicConfig(anthropic.url));
    expect((await engineTurn(dirs, provider, { mode: "continue" }, "go on")).outcome.stopReason).toBe("completed");
    const blocks = (anthropic.json(0)["messages"] as { content: Block[] | string }[]).flatMap((m) => (typeof m.content === "string" ? [] : m.content));
    const uses = blocks.filter((b) => b["type"] === "tool_use").map((b) => [b["id"], (b["input"] as Block)["path"]]);
    const results = blocks.filter((b) => b["type"] === "tool_result").map((b) => [b["tool_use_id"], String(b["content"]).trim()]);
    expect(uses).toEqual([
      ["functions_read_file_0", "x1.txt"],
      ["functions_read_file_0_2", "x2.txt"],
    ]);
    expect(results).toEqual([
      ["functions_read_file_0", "1\tONE"],
      ["functions_read_file_0_2", "1\tTWO"],
    ]);
    // The next request starts with the very same ids: its prefix (and the provider's cache) holds.
    await engineTurn(dirs, provider, { mode: "continue" }, "and on");
    const again = (anthropic.json(1)["messages"] as { content: Block[] | string }[]).flatMap((m) => (typeof m.content === "string" ? [] : m.content));
    expect(again.filter((b) => b["type"] === "tool_use").map((b) => b["id"])).toEqual(["functions_read_file_0", "functions_read_file_0_2"]);
  });

  it("Responses: the same session continued there sends unique call_ids, each output with its own call", async () => {
    const dirs = sessionWorkspace();
    await kimiSession(dirs);
    const completed = sse(...responsesEvents([["response.output_text.delta", { item_id: "m", delta: "Go on." }], ["response.completed", { response: responseObject() }]]));
    const openai = await start((request) => (request.path.includes("chat/completions") ? status(404, { error: { message: "only on v1/responses" } }) : completed));
    await engineTurn(dirs, await build(openAiConfig(`${openai.url}/v1`), { endpointFallback: true }), { mode: "continue" }, "go on");
    const input = openai.json(1)["input"] as Block[];
    expect(input.filter((i) => i["type"] === "function_call").map((i) => i["call_id"])).toEqual(["functions_read_file_0", "functions_read_file_0_2"]);
    expect(input.filter((i) => i["type"] === "function_call_output").map((i) => [i["call_id"], String(i["output"]).trim()])).toEqual([
      ["functions_read_file_0", "1\tONE"],
      ["functions_read_file_0_2", "1\tTWO"],
    ]);
  });
});
