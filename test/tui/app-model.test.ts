// /model and /thinking through the whole TUI over a real provider (the OpenAI SDK over HTTP to
// a local scripted server): what the next request carries, and what the footer shows.
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

let running: RunningApp | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  await server?.close();
  running = undefined;
  server = undefined;
});

describe("/model and /thinking", () => {
  it("the next request uses the chosen model and thinking level; the footer follows", async () => {
    server = await startScriptedServer([chatText("first."), chatText("second.")]);
    running = startApp({ providerEnv: { OPENAI_API_KEY: "sk-test-tui-model-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model !== "");
    terminal.send("hello\r");
    await terminal.waitForText("first.");
    expect(server.json(0)["model"]).toBe("gpt-5");
    await terminal.waitForText("gpt-5 · thinking medium");
    await terminal.waitForText("/384k (");

    terminal.send("/model o3\r");
    await terminal.waitForText("model: o3");
    await terminal.waitForText("o3 · thinking medium");
    // o3's window is 200k: the budget follows the model.
    await terminal.waitForText("/184k (");
    terminal.send("/thinking high\r");
    await terminal.waitForText("o3 · thinking high");
    terminal.send("again\r");
    await terminal.waitForText("second.");
    const second = server.json(1);
    expect(second["model"]).toBe("o3");
    expect(second["reasoning_effort"]).toBe("high");
    expect(server.json(0)["reasoning_effort"]).not.toBe("high");
  });

  it("a model that cannot be set up is reported and the session keeps its model", async () => {
    server = await startScriptedServer([chatText("still here.")]);
    running = startApp({ providerEnv: { OPENAI_API_KEY: "sk-test-tui-model-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model === "gpt-5");
    // Anthropic without a key: the engine says why, the session stays on gpt-5.
    terminal.send("/model anthropic claude-sonnet-4-5\r");
    await terminal.waitForText("cannot switch to anthropic/claude-sonnet-4-5");
    terminal.send("/model a b c\r");
    await terminal.waitForText("/model takes a model name, or a provider and a model name");
    terminal.send("/thinking loud\r");
    await terminal.waitForText('unknown thinking level "loud"');
    terminal.send("hello\r");
    await terminal.waitForText("still here.");
    expect(server.json(0)["model"]).toBe("gpt-5");
    expect(app.footer.info.model).toBe("gpt-5");
  });
});
