// /models through the whole TUI over real providers: the SDK's own list call (GET /v1/models)
// to a local fake server, a picker on the virtual terminal driven by real keys, and the next
// request carrying the model picked.
import { afterEach, describe, expect, it } from "vitest";
import { anthropicModels, anthropicText, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { chatText, startScriptedServer, status, withModelsRoute, type FakeServer } from "../helpers/fake-openai-server.js";
import { waitFor } from "../helpers/processes.js";
import { startApp, type RunningApp } from "./app-harness.js";

const ESC = "\x1b";
const DOWN = "\x1b[B";

let running: RunningApp | undefined;
let server: FakeServer | undefined;
afterEach(async () => {
  await running?.app.quit(0);
  await server?.close();
  running = undefined;
  server = undefined;
});

describe("/models", () => {
  it("lists the OpenAI-compatible provider's models; typing filters, enter switches, the next request uses it", async () => {
    server = await startScriptedServer(withModelsRoute(["o3", "gpt-5", "gpt-5-mini", "gpt-4.1-mini"], [chatText("answered.")]));
    running = startApp({ providerEnv: { OPENAI_API_KEY: "sk-test-tui-models-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model === "gpt-5");
    terminal.send("/models\r");
    await terminal.waitForText("The provider serves 4 models (type to filter, enter picks, esc cancels):");
    // Sorted, the model in use marked and selected.
    await terminal.waitForScreen((screen) => /gpt-4\.1-mini[\s\S]*gpt-5 +in use[\s\S]*gpt-5-mini[\s\S]*o3/.test(screen), "the sorted list");
    terminal.send("mini");
    await terminal.waitForText("filter: mini");
    await terminal.waitForScreen((screen) => !/\bo3\b/.test(screen.split("filter: mini")[1] ?? ""), "the list narrowed");
    terminal.send(DOWN);
    terminal.send("\r");
    await terminal.waitForText("model: gpt-5-mini");
    terminal.send("hello\r");
    await terminal.waitForText("answered.");
    const list = server.requests.find((request) => request.method === "GET")!;
    expect(list.path).toBe("/v1/models");
    expect(list.headers.authorization).toBe("Bearer sk-test-tui-models-0000");
    expect(server.json(server.requests.findIndex((request) => request.method === "POST"))["model"]).toBe("gpt-5-mini");
  });

  it("lists Anthropic's models through its own list call; esc keeps the model", async () => {
    server = await startFakeAnthropicServer(withModelsRoute(["claude-sonnet-4-5", "claude-opus-4-1"], [anthropicText("fine.")], anthropicModels));
    running = startApp({ providerEnv: { ANTHROPIC_API_KEY: "sk-ant-test-tui-models-0000", ANTHROPIC_BASE_URL: server.url } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model !== "");
    const before = app.footer.info.model;
    terminal.send("/models\r");
    await terminal.waitForText("The provider serves 2 models");
    await terminal.waitForText("claude-opus-4-1");
    terminal.send(ESC);
    await terminal.waitForText(`kept ${before}`);
    const list = server.requests.find((request) => request.method === "GET")!;
    expect(list.path).toMatch(/^\/v1\/models(\?|$)/);
    // @anthropic-ai/sdk 1.x sends the key as a bearer token (the API takes it or x-api-key).
    expect([list.headers["x-api-key"], list.headers.authorization].filter(Boolean)).toEqual(["Bearer sk-ant-test-tui-models-0000"]);
    expect(list.headers["anthropic-version"]).toBeDefined();
    // The editor is back: a prompt goes to the same model.
    terminal.send("hi\r");
    await terminal.waitForText("fine.");
    expect(app.footer.info.model).toBe(before);
  });

  it("a failed list is said with the provider's reason, and /model still works by name", async () => {
    server = await startScriptedServer((request) =>
      request.method === "GET" ? status(401, { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } }) : chatText("ok."),
    );
    running = startApp({ providerEnv: { OPENAI_API_KEY: "sk-test-tui-models-bad-0000", OPENAI_BASE_URL: `${server.url}/v1` } });
    const { terminal, app } = running;
    await waitFor(() => app.footer.info.model === "gpt-5");
    terminal.send("/models\r");
    await terminal.waitForScreen((screen) => /\/models: .*401[\s\S]*\(\/model <name> still switches by name\)/.test(screen), "the failure");
    expect(terminal.allLines().join("\n")).not.toContain("sk-test-tui-models-bad-0000");
  });
});
