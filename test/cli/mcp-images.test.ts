// Issue 24: an MCP tool's image result reaches the provider as image input, like read_file's,
// on Anthropic and on OpenAI; its audio is named with its size. Asserts on the bytes each fake
// provider server received from the real CLI, which ran a real MCP server over stdio.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { blockDelta, blockStart, blockStop, MESSAGE_STOP, messageDelta, messageStart, anthropicText, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { chatText, chunk, DONE, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
// @ts-expect-error: a plain .mjs helper shared with the stdio server script.
import { PNG_BASE64 } from "../helpers/mcp/rich-tools.mjs";

const STDIO_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

function withRichServer(): ProviderSandbox {
  const box = providerSandbox();
  writeFileSync(
    path.join(box.home, "config.json"),
    JSON.stringify({ mcpServers: { rich: { command: process.execPath, args: [STDIO_SERVER, "rich"] } }, permissions: { allow: ["mcp__rich__picture"] } }),
  );
  return box;
}

const pictureText = expect.stringMatching(/^here it is\n\[image: image\/png, \d+ bytes\]\n\[audio content \(audio\/wav, \d+ bytes\) not sent/);

describe("images from an MCP tool", () => {
  it("reach Anthropic as an image block inside the tool_result", async () => {
    const server = await startFakeAnthropicServer([
      sse(
        messageStart(),
        blockStart(0, { type: "tool_use", id: "toolu_pic", name: "mcp__rich__picture", input: {} }),
        blockDelta(0, { type: "input_json_delta", partial_json: "{}" }),
        blockStop(0),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("A pixel and a beep."),
    ]);
    servers.push(server);
    const box = withRichServer();
    const run = await box.run(["-p", "show me"], { ANTHROPIC_API_KEY: "sk-ant-mcp-img-0000111122223333", ANTHROPIC_BASE_URL: server.url });
    expect(run.code, run.stderr).toBe(0);
    const [result] = messagesOf(server, 1).at(-1)!["content"] as Record<string, unknown>[];
    expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_pic" });
    expect(result!["content"]).toEqual([
      { type: "text", text: pictureText },
      { type: "image", source: { type: "base64", media_type: "image/png", data: PNG_BASE64 } },
    ]);
  });

  it("reach OpenAI chat as an image_url data URL after the tool message", async () => {
    const server = await startScriptedServer([
      sse(chunk({ role: "assistant", content: "" }), chunk(toolDelta(0, { id: "call_pic", name: "mcp__rich__picture", args: "{}" })), chunk({}, "tool_calls"), DONE),
      chatText("A pixel."),
    ]);
    servers.push(server);
    const box = withRichServer();
    const run = await box.run(["-p", "show me", "--provider", "openai"], { OPENAI_API_KEY: "sk-openai-mcp-img-0000111122223333", OPENAI_BASE_URL: `${server.url}/v1` });
    expect(run.code, run.stderr).toBe(0);
    const messages = messagesOf(server, 1);
    expect(messages.map((message) => message["role"])).toEqual(["system", "user", "assistant", "tool", "user"]);
    expect(messages[3]).toMatchObject({ role: "tool", tool_call_id: "call_pic", content: pictureText });
    expect(messages[4]!["content"]).toEqual([
      { type: "text", text: expect.any(String) },
      { type: "image_url", image_url: { url: `data:image/png;base64,${PNG_BASE64}` } },
    ]);
  });
});
