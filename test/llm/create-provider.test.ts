// createProvider: which adapter a configuration gets, and the proxy settings at work.
import { afterEach, describe, expect, it } from "vitest";
import { AnthropicProvider } from "../../src/engine/llm/providers/anthropic.js";
import { createProvider, isOpenAiHost } from "../../src/engine/llm/create-provider.js";
import { EndpointFallbackProvider } from "../../src/engine/llm/providers/fallback.js";
import { OpenAiChatProvider } from "../../src/engine/llm/providers/openai-chat.js";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { VERSION, anthropicConfig, build, collect, kimiConfig, openAiConfig, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe("createProvider", () => {
  it("builds the chat adapter for Kimi and compatible endpoints, Anthropic for anthropic, the chain only for api.openai.com", async () => {
    expect(await build(kimiConfig("https://api.kimi.com/coding/v1"))).toBeInstanceOf(OpenAiChatProvider);
    expect(await build(anthropicConfig("https://api.anthropic.com"))).toBeInstanceOf(AnthropicProvider);
    expect(await build(openAiConfig("https://api.openai.com/v1"))).toBeInstanceOf(EndpointFallbackProvider);
    expect(await build(openAiConfig("https://openrouter.ai/api/v1"))).toBeInstanceOf(OpenAiChatProvider);
    expect(isOpenAiHost("https://api.openai.com.evil.example/v1")).toBe(false);
  });

  it("leaves the fake provider to the composition root", async () => {
    await expect(createProvider(kimiConfig("x", { provider: "fake", protocol: "fake" }), { version: VERSION })).rejects.toThrow(/FAKE_LLM/);
  });

  it("sends requests through HTTP_PROXY, and straight past it for NO_PROXY hosts", async () => {
    server = await startScriptedServer([chatText("via proxy"), chatText("direct")]);
    const viaProxy = await build(kimiConfig("http://kimi.test/coding/v1", { proxy: { httpProxy: server.url } }));
    expect(textOf((await collect(viaProxy)).parts)).toBe("via proxy");
    expect(server.requests[0]?.path).toBe("http://kimi.test/coding/v1/chat/completions");

    // The proxy is a dead port: only bypassing it can succeed.
    const bypass = await build(kimiConfig(`${server.url}/v1`, { proxy: { httpProxy: "http://127.0.0.1:9", noProxy: "127.0.0.1" } }));
    expect(textOf((await collect(bypass)).parts)).toBe("direct");
    expect(server.requests[1]?.path).toBe("/v1/chat/completions");
  });
});
