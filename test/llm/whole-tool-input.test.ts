// A call's arguments may come whole in the event that opens it, with no deltas after:
// Anthropic's content_block_start `input`, a Responses function_call item's `arguments` in
// output_item.added (a gateway that sends neither deltas nor output_item.done). They are the
// call's arguments, as the SDKs keep them; deltas, when any come, still win.
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGE_STOP, anthropicText, blockDelta, blockStart, blockStop, messageDelta, messageStart } from "../helpers/fake-anthropic-server.js";
import { responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { anthropicConfig, build, collect, engineTurn, ofType, openAiConfig, sessionWorkspace } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Block = Record<string, unknown>;

describe("arguments given whole when a call opens", () => {
  it("Anthropic: a tool_use whose input is in content_block_start runs with it and goes back with it", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([
      sse(messageStart(), blockStart(0, { type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "x1.txt" } }), blockStop(0), messageDelta("tool_use"), MESSAGE_STOP),
      anthropicText("Read it."),
    ]);
    const { outcome } = await engineTurn(dirs, await build(anthropicConfig(server.url)), { mode: "new" }, "read x1");
    expect(outcome.stopReason).toBe("completed");
    const messages = server.json(1)["messages"] as { role: string; content: Block[] }[];
    expect(messages[1]?.content).toEqual([{ type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "x1.txt" } }]);
    const result = messages[2]?.content[0] as Block;
    expect(result["tool_use_id"]).toBe("toolu_1");
    expect(String(result["content"])).toContain("ONE");
    expect(result["is_error"]).toBeUndefined();
  });

  it("Anthropic: deltas after a start with an input replace it", async () => {
    server = await startScriptedServer([
      sse(
        messageStart(),
        blockStart(0, { type: "tool_use", id: "toolu_1", name: "read_file", input: { path: "start.txt" } }),
        blockDelta(0, { type: "input_json_delta", partial_json: '{"path":"delta.txt"}' }),
        blockStop(0),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
    ]);
    const { parts } = await collect(await build(anthropicConfig(server.url)));
    expect(ofType(parts, "tool_call").map((call) => call.arguments)).toEqual(['{"path":"delta.txt"}']);
  });

  it("Responses: a function_call whose arguments came only in output_item.added runs with them", async () => {
    const dirs = sessionWorkspace();
    const steps: Step[] = [
      sse(
        ...responsesEvents([
          ["response.output_item.added", { output_index: 0, item: { id: "fc_1", type: "function_call", call_id: "call_1", name: "read_file", arguments: '{"path":"x1.txt"}' } }],
          ["response.completed", { response: responseObject() }],
        ]),
      ),
      sse(...responsesEvents([["response.output_text.delta", { item_id: "m", delta: "Read it." }], ["response.completed", { response: responseObject() }]])),
    ];
    server = await startScriptedServer((request, index) => (request.path.includes("chat/completions") ? status(404, { error: { message: "only on v1/responses" } }) : (steps[index - 1] as Step)));
    const { outcome } = await engineTurn(dirs, await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true }), { mode: "new" }, "read x1");
    expect(outcome.stopReason).toBe("completed");
    const input = server.json(2)["input"] as Block[];
    expect(input.find((item) => item["type"] === "function_call")?.["arguments"]).toBe('{"path":"x1.txt"}');
    expect(String(input.find((item) => item["type"] === "function_call_output")?.["output"])).toContain("ONE");
  });
});
