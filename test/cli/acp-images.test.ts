// `mini-agent acp` with an image in the editor's prompt: the agent offers image prompts, the
// image block reaches the provider (the bytes a fake OpenAI server received) and is echoed back
// as the user's message; a bad image rejects the prompt, naming it, and nothing is sent.
import { methods } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { closedAfterEachTest, initialize, ONE_PIXEL_PNG as PNG, startEditor, updatesOf } from "../helpers/acp-editor.js";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";

const { editors, servers } = closedAfterEachTest();

describe("mini-agent acp with image prompts", () => {
  it("passes an image block to the provider with the prompt's text", async () => {
    const server = await startScriptedServer([chatText("A single pixel.")]);
    servers.push(server);
    const box = providerSandbox();
    const env = { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: "sk-openai-acp-img-0000aaaa1111", OPENAI_BASE_URL: `${server.url}/v1` };
    const editor = startEditor(box.workspace, env, undefined, ["--provider", "openai"]);
    editors.push(editor);
    const init = await initialize(editor);
    expect(init.agentCapabilities?.promptCapabilities?.image).toBe(true);
    const { sessionId } = await editor.connection.agent.request(methods.agent.session.new, { cwd: box.workspace, mcpServers: [] });

    const bad = editor.connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "text", text: "what is this?" }, { type: "image", mimeType: "image/bmp", data: PNG }],
    });
    await expect(bad).rejects.toThrow(/image 0: mediaType "image\/bmp" is not one of/);
    expect(server.requests).toEqual([]);

    const response = await editor.connection.agent.request(methods.agent.session.prompt, {
      sessionId,
      prompt: [{ type: "image", mimeType: "image/png", data: PNG }, { type: "text", text: "what is this?" }],
    });
    expect(response.stopReason).toBe("end_turn");
    expect(messagesOf(server, 0)[1]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "what is this?" },
        { type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    });
    // A live prompt is not sent back to the editor that sent it.
    expect(updatesOf(editor, sessionId, "user_message_chunk")).toEqual([]);
  });
});
