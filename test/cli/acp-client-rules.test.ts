// What the ACP schema asks of an agent towards its client, against the real `mini-agent acp`
// driven by the library's client side: `notice` updates only to a client that advertised
// `session.notices` (another gets what a person must see as an agent message); an image alone
// is a prompt (initialize offers image prompts); a bad image is the prompt's invalid params,
// naming the image; a broken user config is the agent's internal error naming the file, not
// the editor's invalid params.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { methods, PROTOCOL_VERSION, type RequestError } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { chunkText, closedAfterEachTest, ONE_PIXEL_PNG as PNG, startEditor, updatesOf, type Editor } from "../helpers/acp-editor.js";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";

const { editors, servers } = closedAfterEachTest();

function open(box: ProviderSandbox, env: Record<string, string>, args: string[] = []): Editor {
  const editor = startEditor(box.workspace, { HOME: box.userHome, MINI_AGENT_HOME: box.home, ...env }, undefined, args);
  editors.push(editor);
  return editor;
}

/** initialize with or without `session.notices`, then session/new. */
async function session(editor: Editor, cwd: string, notices: boolean) {
  await editor.connection.agent.request(methods.agent.initialize, {
    protocolVersion: PROTOCOL_VERSION,
    clientCapabilities: { fs: { readTextFile: false, writeTextFile: false }, terminal: false, ...(notices ? { session: { notices: {} } } : {}) },
    clientInfo: { name: "test-editor", version: "1.0.0" },
  });
  return (await editor.connection.agent.request(methods.agent.session.new, { cwd, mcpServers: [] })).sessionId;
}

const errorOf = (promise: Promise<unknown>) => promise.then(() => undefined, (error: RequestError) => ({ code: error.code, message: error.message, data: error.data }));

describe("mini-agent acp towards its client", () => {
  it.each([false, true])("session.notices advertised: %s — notice updates only when it was; otherwise the memory change is an agent message", async (notices) => {
    const box = providerSandbox();
    const script = { turns: [{ tool_calls: [{ name: "remember", arguments: { note: "tests run with npm test" } }] }, { text: "Noted." }] };
    const editor = open(box, { FAKE_LLM: box.script(script) });
    const sessionId = await session(editor, box.workspace, notices);
    const response = await editor.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text: "remember how tests run" }] });
    expect(response.stopReason).toBe("end_turn");
    const noticeUpdates = updatesOf(editor, sessionId, "notice");
    if (notices) {
      expect(noticeUpdates).toEqual([expect.objectContaining({ severity: "info", title: expect.stringContaining("tests run with npm test") })]);
      expect(chunkText(editor, sessionId)).toBe("Noted.");
    } else {
      expect(noticeUpdates).toEqual([]);
      expect(chunkText(editor, sessionId)).toMatch(/^\n\n> \*\*mini-agent info\*\*\n> .*tests run with npm test.*\n\nNoted\.$/s);
    }
  });

  it("an image alone is a prompt; a bad image is invalid params naming it, and nothing is sent", async () => {
    const server = await startScriptedServer([chatText("One pixel.")]);
    servers.push(server);
    const box = providerSandbox();
    const editor = open(box, { OPENAI_API_KEY: "sk-openai-acp-rules-0000aaaa1111", OPENAI_BASE_URL: `${server.url}/v1` }, ["--provider", "openai"]);
    const sessionId = await session(editor, box.workspace, false);
    const prompt = (blocks: unknown[]) => editor.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: blocks as never });

    expect(await errorOf(prompt([{ type: "text", text: "what is this?" }, { type: "image", mimeType: "image/png", data: "!!!notbase64" }]))).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: image 0: base64 is not valid base64/),
    });
    expect(await errorOf(prompt([]))).toMatchObject({ code: -32602, message: expect.stringContaining("the prompt has no text and no images") });
    expect(server.requests).toEqual([]);

    expect((await prompt([{ type: "image", mimeType: "image/png", data: PNG }])).stopReason).toBe("end_turn");
    expect(messagesOf(server, 0)[1]).toEqual({ role: "user", content: [{ type: "image_url", image_url: { url: `data:image/png;base64,${PNG}` } }] });
    expect(updatesOf(editor, sessionId, "user_message_chunk")).toEqual([]);
  });

  it("a malformed user config.json is an internal error naming the file, and the agent keeps serving", async () => {
    const box = providerSandbox();
    const config = path.join(box.home, "config.json");
    writeFileSync(config, '{"provider": "openai",\n');
    const editor = open(box, { FAKE_LLM: "1" });
    const failed = await errorOf(session(editor, box.workspace, false));
    expect(failed).toMatchObject({ code: -32603 });
    expect(`${failed?.message} ${JSON.stringify(failed?.data)}`).toContain(config);
    writeFileSync(config, "{}\n");
    expect(await editor.connection.agent.request(methods.agent.session.new, { cwd: box.workspace, mcpServers: [] })).toMatchObject({ sessionId: expect.any(String) });
  });
});
