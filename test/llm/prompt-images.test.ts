// Images a person sent with the prompt through each adapter's real request path (createProvider
// → SDK → fake server): the shape each API takes (docs/providers.md §2.1, §3.1, §4.2), and text
// plus a note for a model not known to take images. Also what the engine's pure parts make of
// such a message: its token estimate and the compaction's summary request.
import { afterEach, describe, expect, it } from "vitest";
import type { Message } from "../../src/engine/messages.js";
import { messageTokens } from "../../src/engine/state/context.js";
import { summaryRequestMessages } from "../../src/engine/turn/summary-input.js";
import { anthropicText, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { BLUE, RED, startResponsesOnlyServer, anthropicConfig, build, collect, openAiConfig, request } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});


const ASKED: Message[] = [{ role: "user", content: "what differs?", images: [RED, BLUE] }];

describe("prompt images in requests", () => {
  it("OpenAI chat: the user message is a text part, then an image_url data URL per image", async () => {
    server = await startScriptedServer([chatText("the colour")]);
    const { error } = await collect(await build(openAiConfig(`${server.url}/v1`)), request(ASKED));
    expect(error).toBeUndefined();
    const messages = server.json(0)["messages"] as Record<string, unknown>[];
    expect(messages[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "what differs?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${RED.base64}` } },
        { type: "image_url", image_url: { url: `data:image/webp;base64,${BLUE.base64}` } },
      ],
    });
  });

  it("OpenAI Responses: the user message item holds input_text, then input_image parts", async () => {
    server = await startResponsesOnlyServer();
    const { error } = await collect(await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true }), request(ASKED));
    expect(error).toBeUndefined();
    expect(server.requests[1]!.path).toBe("/v1/responses");
    expect((server.json(1)["input"] as unknown[])[0]).toEqual({
      type: "message",
      role: "user",
      content: [
        { type: "input_text", text: "what differs?" },
        { type: "input_image", image_url: `data:image/png;base64,${RED.base64}`, detail: "auto" },
        { type: "input_image", image_url: `data:image/webp;base64,${BLUE.base64}`, detail: "auto" },
      ],
    });
  });

  it("Anthropic: base64 image blocks first, then the text", async () => {
    server = await startFakeAnthropicServer([anthropicText("the colour")]);
    const { error } = await collect(await build(anthropicConfig(server.url)), request(ASKED));
    expect(error).toBeUndefined();
    expect((server.json(0)["messages"] as unknown[])[0]).toEqual({
      role: "user",
      content: [
        { type: "image", source: { type: "base64", media_type: "image/png", data: RED.base64 } },
        { type: "image", source: { type: "base64", media_type: "image/webp", data: BLUE.base64 } },
        { type: "text", text: "what differs?" },
      ],
    });
  });

  it("a model not known to take images gets the text and a note, no image bytes", async () => {
    server = await startScriptedServer([chatText("ok")]);
    const config = openAiConfig(`${server.url}/v1`, { provider: "my-gateway", model: "local-coder" });
    const { error } = await collect(await build(config), request(ASKED));
    expect(error).toBeUndefined();
    const messages = server.json(0)["messages"] as Record<string, unknown>[];
    expect(messages[1]).toEqual({
      role: "user",
      content: "what differs?\n[2 images were not sent: mini-agent does not know whether local-coder accepts image input]",
    });
    expect(server.requests[0]!.body.toString("utf8")).not.toContain(RED.base64);
  });

  // An image alone is a prompt ("explain this screenshot"): no empty text part goes beside it,
  // which Anthropic refuses outright ("text content blocks must be non-empty").
  const IMAGE_ONLY: Message[] = [{ role: "user", content: "", images: [RED] }];

  it("an image alone: OpenAI chat gets the image_url part and no empty text part", async () => {
    server = await startScriptedServer([chatText("red")]);
    const { error } = await collect(await build(openAiConfig(`${server.url}/v1`)), request(IMAGE_ONLY));
    expect(error).toBeUndefined();
    expect((server.json(0)["messages"] as unknown[])[1]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${RED.base64}` } }] });
  });

  it("an image alone: OpenAI Responses gets the input_image part and no empty input_text", async () => {
    server = await startResponsesOnlyServer();
    const { error } = await collect(await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true }), request(IMAGE_ONLY));
    expect(error).toBeUndefined();
    expect((server.json(1)["input"] as unknown[])[0]).toEqual({
      type: "message",
      role: "user",
      content: [{ type: "input_image", image_url: `data:image/png;base64,${RED.base64}`, detail: "auto" }],
    });
  });

  it("an image alone: Anthropic gets the image block and no empty text block", async () => {
    server = await startFakeAnthropicServer([anthropicText("red")]);
    const { error } = await collect(await build(anthropicConfig(server.url)), request(IMAGE_ONLY));
    expect(error).toBeUndefined();
    expect((server.json(0)["messages"] as unknown[])[0]).toEqual({
      role: "user",
      content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: RED.base64 } }],
    });
  });

  it("an image alone to a model not known to take images: the note alone", async () => {
    server = await startScriptedServer([chatText("ok")]);
    const config = openAiConfig(`${server.url}/v1`, { provider: "my-gateway", model: "local-coder" });
    const { error } = await collect(await build(config), request(IMAGE_ONLY));
    expect(error).toBeUndefined();
    expect((server.json(0)["messages"] as unknown[])[1]).toEqual({ role: "user", content: "[the image was not sent: mini-agent does not know whether local-coder accepts image input]" });
  });
});

describe("prompt images in the engine's estimates and summaries", () => {
  it("count like tool images in the token estimate", () => {
    const plain = messageTokens({ role: "user", content: "what differs?" });
    const withImages = messageTokens(ASKED[0]!);
    const toolPlain = messageTokens({ role: "tool", callId: "c", name: "read_file", content: "x", isError: false });
    const toolImage = messageTokens({ role: "tool", callId: "c", name: "read_file", content: "x", isError: false, images: [RED] });
    expect(withImages - plain).toBe(2 * (toolImage - toolPlain));
  });

  it("are named, not sent, in the compaction's summary request", () => {
    const messages = summaryRequestMessages([...ASKED, { role: "assistant", text: "the colour", toolCalls: [] }]);
    expect(messages[0]).toEqual({ role: "user", content: "what differs?\n[2 images sent with this prompt, not shown]" });
    expect(JSON.stringify(messages)).not.toContain(RED.base64);
  });
});
