// An attempt that has only opened a thinking block (Anthropic's thinking content_block_start,
// a Responses reasoning item, Kimi's first `reasoning_content: ""`) has shown nothing: a
// transient failure right after is retried (docs/providers.md §5.4), and the dead attempt's
// empty block is not kept, neither in the parts nor in the session file.
import { afterEach, describe, expect, it } from "vitest";
import { MESSAGE_STOP, anthropicText, blockDelta, blockStart, blockStop, event, messageDelta, messageStart } from "../helpers/fake-anthropic-server.js";
import { DONE, chunk, responseObject, responsesEvents, sse, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { eventLines, onlySessionFile } from "../helpers/session-files.js";
import { anthropicConfig, build, collect, engineTurn, kimiConfig, ofType, openAiConfig, sessionWorkspace, textOf } from "./harness.js";

let server: FakeServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const OVERLOADED = event("error", { error: { type: "overloaded_error", message: "Overloaded" } });

function signedThinking(text: string, signature: string): string[] {
  return [
    blockStart(0, { type: "thinking", thinking: "", signature: "" }),
    blockDelta(0, { type: "thinking_delta", thinking: text }),
    blockDelta(0, { type: "signature_delta", signature }),
    blockStop(0),
    blockStart(1, { type: "text", text: "" }),
    blockDelta(1, { type: "text_delta", text: "Answer." }),
    blockStop(1),
    messageDelta("end_turn"),
    MESSAGE_STOP,
  ];
}

describe("a failure after only an empty thinking block opened", () => {
  it("Anthropic: overloaded_error after the thinking block starts is retried; the session keeps one signed block", async () => {
    const dirs = sessionWorkspace();
    server = await startScriptedServer([
      sse(messageStart(), blockStart(0, { type: "thinking", thinking: "", signature: "" }), OVERLOADED),
      sse(messageStart(), ...signedThinking("Think.", "SIG-2")),
      anthropicText("Next."),
    ]);
    const provider = await build(anthropicConfig(server.url, { thinking: "high" }));
    const { outcome, events } = await engineTurn(dirs, provider, { mode: "new" }, "go");
    expect(outcome.stopReason).toBe("completed");
    expect(server.requests).toHaveLength(2);
    expect(server.json(1)).toEqual(server.json(0));
    expect(events.filter((e) => e.type === "retry")).toHaveLength(1);
    const saved = eventLines(onlySessionFile(dirs.home)).filter((line) => line["type"] === "assistant.message");
    expect(saved.map((line) => [line["thinking"], line["text"], line["partial"] === true])).toEqual([[[{ text: "Think.", signature: "SIG-2" }], "Answer.", false]]);
    // The next request carries that one block back, signed, and nothing from the dead attempt.
    await engineTurn(dirs, provider, { mode: "continue" }, "again");
    const assistant = (server.json(2)["messages"] as { role: string; content: Record<string, unknown>[] }[]).find((m) => m.role === "assistant")!;
    expect(assistant.content.map((block) => block["type"])).toEqual(["thinking", "text"]);
    expect(assistant.content[0]).toEqual({ type: "thinking", thinking: "Think.", signature: "SIG-2" });
  });

  it("Responses: an in-band server_error after the reasoning item is added is retried", async () => {
    server = await startScriptedServer((request, index) => {
      if (request.path.includes("chat/completions")) return status(404, { error: { message: "only on v1/responses" } });
      if (index === 1) {
        return sse(
          ...responsesEvents([
            ["response.output_item.added", { output_index: 0, item: { id: "rs_1", type: "reasoning", summary: [] } }],
            ["error", { code: "server_error", message: "The server had an error" }],
          ]),
        );
      }
      return sse(
        ...responsesEvents([
          ["response.output_item.added", { output_index: 0, item: { id: "rs_2", type: "reasoning", summary: [] } }],
          ["response.output_item.done", { output_index: 0, item: { id: "rs_2", type: "reasoning", summary: [], encrypted_content: "ENC-2" } }],
          ["response.output_text.delta", { item_id: "msg_1", output_index: 1, delta: "Fine." }],
          ["response.completed", { response: responseObject() }],
        ]),
      );
    });
    const { parts, error } = await collect(await build(openAiConfig(`${server.url}/v1`), { endpointFallback: true }));
    expect(error).toBeUndefined();
    expect(server.requests.map((r) => r.path)).toEqual(["/v1/chat/completions", "/v1/responses", "/v1/responses"]);
    expect(ofType(parts, "thinking")).toEqual([
      { type: "thinking", text: "", newBlock: true },
      { type: "thinking", text: "", signature: "ENC-2" },
    ]);
    expect(textOf(parts)).toBe("Fine.");
  });

  it("Kimi: a reset after an empty first reasoning_content is retried", async () => {
    server = await startScriptedServer([
      { kind: "sse", chunks: [chunk({ role: "assistant", reasoning_content: "" })], destroy: true },
      sse(chunk({ reasoning_content: "Hm." }), chunk({ content: "Done." }, "stop"), DONE),
    ]);
    const { parts, error } = await collect(await build(kimiConfig(server.url)));
    expect(error).toBeUndefined();
    expect(server.requests).toHaveLength(2);
    expect(ofType(parts, "retry")).toHaveLength(1);
    expect(ofType(parts, "thinking").map((p) => p.text)).toEqual(["Hm."]);
    expect(textOf(parts)).toBe("Done.");
  });

  it("a failure after thinking text arrived is still not retried (that text was shown)", async () => {
    server = await startScriptedServer([
      sse(messageStart(), blockStart(0, { type: "thinking", thinking: "", signature: "" }), blockDelta(0, { type: "thinking_delta", thinking: "Shown." }), OVERLOADED),
      anthropicText("never"),
    ]);
    const { parts, error } = await collect(await build(anthropicConfig(server.url, { thinking: "high" })));
    expect(String(error)).toContain("cut off after it began");
    expect(server.requests).toHaveLength(1);
    expect(ofType(parts, "thinking").map((p) => p.text)).toEqual(["", "Shown."]);
  });
});
