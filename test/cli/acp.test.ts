// `mini-agent acp` driven as an editor drives it: the ACP library's client side over the
// stdio of the real built CLI, the scripted model (FAKE_LLM) behind it. What is checked is
// what crossed the boundary: session/update notifications, permission requests, responses,
// files on disk, the requests the model received.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { methods, RequestError } from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { providerSandbox, type ProviderSandbox } from "../helpers/provider-cli.js";
import { chunkText, choose, initialize, startEditor, updatesOf, type Editor, type PermissionAnswer } from "../helpers/acp-editor.js";
import { waitFor } from "../helpers/processes.js";

const editors: Editor[] = [];
afterEach(async () => {
  await Promise.all(editors.splice(0).map((editor) => editor.close()));
});

function open(box: ProviderSandbox, script: unknown, answer?: PermissionAnswer, args: string[] = [], record?: string): Editor {
  const env: Record<string, string> = { HOME: box.userHome, MINI_AGENT_HOME: box.home, FAKE_LLM: box.script(script) };
  if (record) env["FAKE_LLM_RECORD"] = record;
  const editor = startEditor(box.workspace, env, answer, args);
  editors.push(editor);
  return editor;
}

async function newSession(editor: Editor, cwd: string) {
  await initialize(editor);
  return editor.connection.agent.request(methods.agent.session.new, { cwd, mcpServers: [] });
}

const prompt = (editor: Editor, sessionId: string, text: string) =>
  editor.connection.agent.request(methods.agent.session.prompt, { sessionId, prompt: [{ type: "text", text }] });

describe("mini-agent acp", () => {
  it("initializes, streams a turn with thinking and text, and ends it with end_turn", async () => {
    const box = providerSandbox();
    const editor = open(box, { turns: [{ reasoning: "let me think", text: "Hello from mini-agent." }] });
    const init = await initialize(editor);
    expect(init.agentCapabilities?.loadSession).toBe(true);
    expect(init.agentInfo?.name).toBe("mini-agent");
    const session = await editor.connection.agent.request(methods.agent.session.new, { cwd: box.workspace, mcpServers: [] });
    expect(session.modes?.currentModeId).toBe("default");
    expect(session.modes?.availableModes.map((mode) => mode.id)).toEqual(["default", "plan", "review"]);
    const response = await prompt(editor, session.sessionId, "say hello");
    expect(response.stopReason).toBe("end_turn");
    expect(chunkText(editor, session.sessionId, "user_message_chunk")).toBe("say hello");
    expect(chunkText(editor, session.sessionId, "agent_thought_chunk")).toBe("let me think");
    expect(chunkText(editor, session.sessionId)).toBe("Hello from mini-agent.");
    expect(await editor.close()).toBe(0);
  });
});
