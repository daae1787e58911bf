// Tool images through each adapter's real request path (createProvider → SDK → fake server):
// where they go in the body, that pairing survives several results in a row, and that a
// model with unknown image support gets text only.
import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/messages.js";
import { capImages } from "../../src/engine/tools/output-cap.js";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { BLUE, RED, startResponsesOnlyServer, build, collect, openAiConfig, request } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});


/** The model read two images in one turn; both results came back. */
const TWO_READS: Message[] = [
  { role: "user", content: "compare a.png and b.webp" },
  {
    role: "assistant",
    text: "",
    toolCalls: [
      { id: "call_a", name: "read_file", arguments: '{"path":"a.png"}' },
      { id: "call_b", name: "read_file", arguments: '{"path":"b.webp"}' },
    ],
  },
  { role: "tool", callId: "call_a", name: "read_file", content: "[image a.png]", isError: false, images: [RED] },
  { role: "tool", callId: "call_b", name: "read_file", content: "[image b.webp]", isError: false, images: [BLUE] },
];

describe("tool images in requests", () => {
  it("OpenAI chat: both tool messages first, then one user message with both data URLs", async () => {
    server = await startScriptedServer([chatText("same size")]);
    const { error } = await collect(await build(openAiConfig(`${server.url}/v1`)), request(TWO_READS));
    expect(error).toBeUndefined();
    const messages = server.json(0)["messages"] as Record<string, unknown>[];
    expect(messages.map((m) => m["role"])).toEqual(["system", "user", "assistant", "tool", "tool", "user"]);
    expect(messages[3]).toEqual({ role: "tool", tool_call_id: "call_a", content: "[image a.png]" });
    expect(messages[4]).toEqual({ role: "tool", tool_call_id: "call_b", content: "[image b.webp]" });
    expect((messages[5]!["content"] as Record<string, unknown>[]).slice(1)).toEqual([
      { type: "image_url", image_url: { url: `data:image/png;base64,${RED.base64}` } },
      { type: "image_url", image_url: { url: `data:image/webp;base64,${BLUE.base64}` } },
    ]);
  });

  it("OpenAI chat with a model not known to take images: text and a note, no image bytes", async () => {
    server = await startScriptedServer([chatText("ok")]);
    const config = openAiConfig(`${server.url}/v1`, { provider: "my-gateway", model: "local-coder" });
    const { error } = await collect(await build(config), request(TWO_READS));
    expect(error).toBeUndefined();
    const messages = server.json(0)["messages"] as Record<string, unknown>[];
    expect(messages.map((m) => m["role"])).toEqual(["system", "user", "assistant", "tool", "tool"]);
    expect(messages[3]!["content"]).toBe("[image a.png]\n[the image was not sent: mini-agent does not know whether local-coder accepts image input]");
    expect(server.requests[0]!.body.toString("utf8")).not.toContain(RED.base64);
  });

  it("OpenAI Responses: function_call_output carries input_text and input_image", async () => {
    server = await startResponsesOnlyServer();
    const provider = await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true });
    const { error } = await collect(provider, request(TWO_READS));
    expect(error).toBeUndefined();
    expect(server.requests[1]!.path).toBe("/v1/responses");
    const outputs = (server.json(1)["input"] as Record<string, unknown>[]).filter((item) => item["type"] === "function_call_output");
    expect(outputs).toEqual([
      {
        type: "function_call_output",
        call_id: "call_a",
        output: [
          { type: "input_text", text: "[image a.png]" },
          { type: "input_image", image_url: `data:image/png;base64,${RED.base64}` },
        ],
      },
      {
        type: "function_call_output",
        call_id: "call_b",
        output: [
          { type: "input_text", text: "[image b.webp]" },
          { type: "input_image", image_url: `data:image/webp;base64,${BLUE.base64}` },
        ],
      },
    ]);
  });

  it("caps images: one over the limit is dropped and named", () => {
    const big = { mediaType: "image/png", base64: "A".repeat(4_000) }; // 3,000 bytes decoded
    const { kept, notes } = capImages([RED, big], 2_000);
    expect(kept).toEqual([RED]);
    expect(notes).toEqual(["[image of 3000 bytes not sent: the limit is 2000 bytes]"]);
  });
});
