// A model that gives two calls of one answer the same id: both run, each result must go back
// with its own call, and the ids sent back must be unique (Anthropic refuses repeated tool_use
// ids with a 400, on every later request). The engine runs over the real adapters and a real
// session folder; the assertions read the bytes the fake server received.
import { readFileSync, writeFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import {
  MESSAGE_STOP,
  anthropicText,
  blockDelta,
  blockStart,
  blockStop,
  messageDelta,
  messageStart,
  readFileCall as toolUse,
} from "../helpers/fake-anthropic-server.js";
import { DONE, chatText, chunk, sse, startScriptedServer, toolDelta, type FakeServer } from "../helpers/fake-openai-server.js";
import { onlySessionFile } from "../helpers/session-files.js";
import { anthropicConfig, build, engineTurn as turn, kimiConfig, sessionWorkspace as workspace } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

type Block = { type: string; id?: string; tool_use_id?: string; content?: unknown };

/** The tool_use ids of the request's assistant turns, and each tool_result's id with its text. */
function anthropicCalls(body: Record<string, unknown>) {
  const messages = body["messages"] as { role: string; content: Block[] | string }[];
  const blocks = messages.flatMap((message) => (typeof message.content === "string" ? [] : message.content));
  return {
    uses: blocks.filter((block) => block.type === "tool_use").map((block) => block.id),
    results: blocks.filter((block) => block.type === "tool_result").map((block) => [block.tool_use_id, String(block.content).trim()]),
  };
}

describe("duplicate tool-call ids in one answer", () => {
  it("Anthropic: each call gets its own id and its own result, live, on resume, and from a file written before the fix", async () => {
    const dirs = workspace();
    server = await startScriptedServer([
      sse(messageStart(), ...toolUse(0, "toolu_A", "x1.txt"), ...toolUse(1, "toolu_A", "x2.txt"), messageDelta("tool_use"), MESSAGE_STOP),
      anthropicText("Read both."),
      anthropicText("Again."),
      anthropicText("Once more."),
    ]);
    const provider = await build(anthropicConfig(server.url));
    expect((await turn(dirs, provider, { mode: "new" }, "read both")).outcome.stopReason).toBe("completed");
    const expected = {
      uses: ["toolu_A", "toolu_A_2"],
      results: [
        ["toolu_A", "1\tONE"],
        ["toolu_A_2", "1\tTWO"],
      ],
    };
    expect(anthropicCalls(server.json(1))).toEqual(expected);

    // The unique id is in the session file, so a resumed session sends the same request.
    await turn(dirs, provider, { mode: "continue" }, "again");
    expect(anthropicCalls(server.json(2))).toEqual(expected);

    // A file from before: both calls and both results under one id; each still pairs with its own.
    const file = onlySessionFile(dirs.home);
    writeFileSync(file, readFileSync(file, "utf8").replaceAll("toolu_A_2", "toolu_A"));
    await turn(dirs, provider, { mode: "continue" }, "once more");
    expect(anthropicCalls(server.json(3))).toEqual(expected);
  });

  it("Chat Completions: the second call's result is its own, not the first one's", async () => {
    const dirs = workspace();
    server = await startScriptedServer([
      sse(
        chunk(toolDelta(0, { id: "call_a", name: "read_file", args: '{"path":"x1.txt"}' })),
        chunk(toolDelta(1, { id: "call_a", name: "read_file", args: '{"path":"x2.txt"}' })),
        chunk({}, "tool_calls"),
        DONE,
      ),
      chatText("Read both."),
    ]);
    await turn(dirs, await build(kimiConfig(server.url)), { mode: "new" }, "read both");
    const messages = server.json(1)["messages"] as { role: string; content?: string; tool_call_id?: string; tool_calls?: { id: string }[] }[];
    expect(messages.find((message) => message.role === "assistant")?.tool_calls?.map((call) => call.id)).toEqual(["call_a", "call_a_2"]);
    expect(messages.filter((message) => message.role === "tool").map((message) => [message.tool_call_id, message.content?.trim()])).toEqual([
      ["call_a", "1\tONE"],
      ["call_a_2", "1\tTWO"],
    ]);
  });
});
