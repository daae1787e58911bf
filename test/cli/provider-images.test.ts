// Issue 4: read_file on a real PNG in the workspace → the image reaches the provider as image
// input where the model takes it (Anthropic, OpenAI), and as text plus a note where that is
// unknown (Kimi). Asserts on the bytes each fake server received and on the session file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  MESSAGE_STOP,
  messageDelta,
  messageStart,
  startFakeAnthropicServer,
} from "../helpers/fake-anthropic-server.js";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";

// A valid 1×1 PNG; a real file on disk, read by the real read_file tool.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==", "base64");

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function withPng(): { box: ProviderSandbox; base64: string } {
  const box = providerSandbox();
  writeFileSync(path.join(box.workspace, "pixel.png"), PNG);
  return { box, base64: readFileSync(path.join(box.workspace, "pixel.png")).toString("base64") };
}

function chatReadPng(): Step {
  return sse(
    chunk({ role: "assistant", content: "" }),
    chunk(toolDelta(0, { id: "call_img", name: "read_file", args: '{"path":"pixel.png"}' })),
    chunk({}, "tool_calls"),
    DONE,
  );
}

function expectImageInSession(box: ProviderSandbox, base64: string): void {
  const results = eventLines(onlySessionFile(box.home)).filter((event) => event["type"] === "tool.result");
  expect(results).toEqual([expect.objectContaining({ images: [{ mediaType: "image/png", base64 }] })]);
}

describe("images from read_file", () => {
  it("reach Anthropic as an image block inside the tool_result", async () => {
    const server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        blockStart(0, { type: "tool_use", id: "toolu_img", name: "read_file", input: {} }),
        blockDelta(0, { type: "input_json_delta", partial_json: '{"path":"pixel.png"}' }),
        blockStop(0),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("A single pixel."),
    ]);
    servers.push(server);
    const { box, base64 } = withPng();
    const run = await box.run(["-p", "look at pixel.png"], { ANTHROPIC_API_KEY: "sk-ant-img-test-0000111122223333", ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("A single pixel.\n");

    const last = messagesOf(server, 1).at(-1)!;
    expect(last["role"]).toBe("user");
    const [result] = last["content"] as Record<string, unknown>[];
    expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_img" });
    expect(result!["content"]).toEqual([
      { type: "text", text: expect.stringMatching(/^\[image pixel\.png: image\/png, \d+ bytes\]/) },
      { type: "image", source: { type: "base64", media_type: "image/png", data: base64 } },
    ]);
    expectImageInSession(box, base64);
  });

  it("reach OpenAI chat as an image_url data URL in a user message after the tool message", async () => {
    const server = await startScriptedServer([chatReadPng(), chatText("A single pixel.")]);
    servers.push(server);
    const { box, base64 } = withPng();
    const run = await box.run(["-p", "look at pixel.png", "--provider", "openai"], {
      OPENAI_API_KEY: "sk-openai-img-test-0000111122223333",
      OPENAI_BASE_URL: `${server.url}/v1`,
    });
    expect(run.code, run.stderr).toBe(0);

    const messages = messagesOf(server, 1);
    expect(messages.map((message) => message["role"])).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: "call_img", content: expect.stringMatching(/^\[image pixel\.png/) });
    expect(messages[4]!["content"]).toEqual([
      { type: "text", text: expect.any(String) },
      { type: "image_url", image_url: { url: `data:image/png;base64,${base64}` } },
    ]);
    expectImageInSession(box, base64);
  });

  it("stay behind for a model whose image support is unknown (Kimi), and the text says so", async () => {
    const server = await startScriptedServer([chatReadPng(), chatText("ok")]);
    servers.push(server);
    const { box, base64 } = withPng();
    const run = await box.run(["-p", "look at pixel.png"], { KIMI_API_KEY: "sk-kimi-img-test-0000111122223333", KIMI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);

    const messages = messagesOf(server, 1);
    expect(messages.map((message) => message["role"])).toEqual(["system", "user", "assistant", "tool"]);
    expect(messages[3]!["content"]).toMatch(/the image was not sent: mini-agent does not know whether kimi-for-coding accepts image input/);
    expect(server.requests[1]!.body.toString("utf8")).not.toContain(base64);
    // The session keeps the image: a later switch to a model that takes images can send it.
    expectImageInSession(box, base64);
  });
});
