// In-band errors after a 200 come in more shapes than `data: {"error": {…}}` (docs/providers.md
// §5.4): an SSE event named `error` whose data is any JSON or bare text, vLLM's
// `{"object": "error", …}`, `{"error": "text"}`. Each is an error (retried before output by
// its status or type), never skipped into an empty or cut answer that counts as complete.
import { afterEach, describe, expect, it } from "vitest";
import { anthropicText, messageStart } from "../helpers/fake-anthropic-server.js";
import { DONE, chatText, chunk, data, responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { anthropicConfig, build, collect, kimiConfig, ofType, openAiConfig, providerError, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("Chat Completions", () => {
  it("an `event: error` with a gateway's own JSON before output is retried by its status", async () => {
    server = await startScriptedServer([sse('event: error\ndata: {"message":"upstream overloaded","code":503}\n\n', DONE), chatText("ok")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(ofType(parts, "retry")[0]?.reason).toContain("upstream overloaded");
    expect(textOf(parts)).toBe("ok");
  });

  it("an `event: error` with bare text after output ends the step with that text, not a complete answer", async () => {
    server = await startScriptedServer([sse(chunk({ content: "Half " }), "event: error\ndata: upstream went away\n\n", DONE), chatText("never")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).message).toContain("upstream went away");
    expect(ofType(parts, "finish")).toEqual([]);
    expect(textOf(parts)).toBe("Half ");
    expect(server.requests).toHaveLength(1);
  });

  it("vLLM's {object: error} after output is the error it says (a context overflow here)", async () => {
    const overflow = { object: "error", message: "This model's maximum context length is 4096 tokens.", type: "BadRequestError", param: null, code: 400 };
    server = await startScriptedServer([sse(chunk({ content: "Hi " }), data(overflow), DONE)]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(providerError(error).kind).toBe("context_length");
    expect(providerError(error).message).toContain("maximum context length is 4096 tokens");
    expect(ofType(parts, "finish")).toEqual([]);
  });

  it("vLLM's {object: error} with a 5xx code before output is retried; so is the same JSON as a 200 body", async () => {
    const dead = { object: "error", message: "engine dead", type: "InternalServerError", param: null, code: 500 };
    server = await startScriptedServer([sse(data(dead), DONE), status(200, dead), chatText("back")]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry").map((r) => r.reason)).toEqual([expect.stringContaining("engine dead"), expect.stringContaining("engine dead")]);
    expect(textOf(parts)).toBe("back");
  });

  it('{"error": "text"} keeps its text in the message', async () => {
    server = await startScriptedServer([sse(data({ error: "upstream connect error" }), DONE)]);
    const { error } = await collect(await build(openAiConfig(server.url)));
    expect(providerError(error).message).toContain("upstream connect error");
  });
});

describe("Anthropic and Responses", () => {
  it("Anthropic: `event: error` whose data lacks `type` is the overloaded error it names, retried", async () => {
    server = await startScriptedServer([
      sse(messageStart(), 'event: error\ndata: {"error":{"type":"overloaded_error","message":"Overloaded"}}\n\n'),
      anthropicText("fine"),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url)));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry")[0]?.reason).toContain("Overloaded");
    expect(textOf(parts)).toBe("fine");
  });

  it("Responses: `event: error` whose data lacks `type` is retried by its code", async () => {
    const steps: Step[] = [
      sse('event: error\ndata: {"code":"server_error","message":"The server had an error"}\n\n'),
      sse(...responsesEvents([["response.output_text.delta", { item_id: "m", delta: "ok" }], ["response.completed", { response: responseObject() }]])),
    ];
    server = await startScriptedServer((request, index) => (request.path.includes("chat/completions") ? status(404, { error: { message: "only on v1/responses" } }) : (steps[index - 1] as Step)));
    const { parts, error } = await collect(await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true }));
    expect(error).toBeUndefined();
    expect(ofType(parts, "retry").map((r) => r.reason)).toEqual([expect.stringContaining("responses API"), expect.stringContaining("The server had an error")]);
    expect(textOf(parts)).toBe("ok");
  });
});
