// Streaming over a real provider (the OpenAI SDK over HTTP to a scripted server) while the
// model pauses mid-answer: every word received so far shows (the redactor's held-back tail is
// let go once the stream is quiet), and a spinner says the answer is still coming. A running
// command's newest line shows whole too.
import { writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, it } from "vitest";
import { chunk, DONE, sse, startScriptedServer, usageChunk, type FakeServer } from "../helpers/fake-openai-server.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  await server?.close();
  running = undefined;
  server = undefined;
});

describe("a model that pauses mid-answer", () => {
  it("shows every word received so far, with a spinner while the stream is open", async () => {
    server = await startScriptedServer([
      sse(
        chunk({ role: "assistant", content: "" }),
        chunk({ content: "First part" }),
        chunk({ content: " arrives." }),
        // Longer than any test waits: the words above must show during the pause.
        { pauseMs: 20_000 },
        chunk({ content: " Then the rest." }),
        chunk({}, "stop"),
        usageChunk({ prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 }),
        DONE,
      ),
    ]);
    running = startApp({ providerEnv: { OPENAI_API_KEY: "sk-test-tui-streaming-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("tell me\r");
    await terminal.waitForText("First part arrives.");
    await terminal.waitForText("the model is writing");
  });

  it("a running command's newest line shows to its last word when that word ends a sentence", async () => {
    // A bare word stays held while the command pauses: it may be the first part of a
    // credential context a later piece completes (stream-split-property.test.ts).
    const command = "printf 'line one\\nthe last word.'; while [ ! -f go ]; do sleep 0.05; done";
    running = startApp({ script: { turns: [{ tool_calls: [{ name: "run_command", arguments: { command } }] }, { text: "done." }] } });
    const { terminal, box } = running;
    await terminal.waitForText("ctrl-c twice quit");
    terminal.send("run it\r");
    await terminal.waitForText("y allow once");
    terminal.send("y");
    await terminal.waitForText("│ the last word.");
    writeFileSync(path.join(box.workspace, "go"), "");
    await terminal.waitForText("done.");
  });
});
