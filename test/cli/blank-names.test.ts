// Ops take a model or provider name as strictly as the flags do (`--model ''` is a usage
// error): a blank one over rpc's setModel or the Agent SDK's set_model is refused naming the
// field, and the next request still goes to the model the session had (it once went to the
// preset's default model, which may cost far more).
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { startLineClient, type LineClient } from "../helpers/line-client.js";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";

const KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const { servers, clients } = stoppedAfterEach();
const others: LineClient[] = [];
afterEach(() => {
  for (const client of others.splice(0)) if (client.child.exitCode === null) client.child.kill("SIGKILL");
});

const modelOf = (body: Buffer) => (JSON.parse(body.toString("utf8")) as { model: string }).model;

describe("blank names in ops", () => {
  it("rpc refuses setModel with a blank model or provider; the next request keeps the session's model", async () => {
    const server = await startScriptedServer([chatText("still the old one")]);
    servers.push(server);
    const box = providerSandbox();
    const rpc = startRpc(["--provider", "openai", "--model", "gpt-old"], {
      cwd: box.workspace,
      env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` },
    });
    clients.push(rpc);
    rpc.send({ id: "m1", op: "setModel", model: "   " });
    rpc.send({ id: "m2", op: "setModel", model: "gpt-new", provider: "" });
    rpc.send({ id: "t1", op: "setThinking", level: "extreme" });
    expect(await rpc.result("m1")).toMatchObject({ ok: false, error: expect.stringMatching(/model.*blank/) });
    expect(await rpc.result("m2")).toMatchObject({ ok: false, error: expect.stringMatching(/provider.*blank/) });
    expect(await rpc.result("t1")).toMatchObject({ ok: false, error: expect.stringContaining("level") });
    rpc.send({ id: "p", op: "submit", text: "which model?" });
    await rpc.waitForEvent((event) => event.type === "turn.ended", "the turn's end");
    expect(modelOf(server.requests[0]!.body)).toBe("gpt-old");
    expect(rpc.events().filter((event) => event.type === "model.changed")).toEqual([]);
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });
  });

  it("the Agent SDK face answers set_model with a blank model with an error, and keeps the model", async () => {
    const server = await startScriptedServer([chatText("still the old one")]);
    servers.push(server);
    const box = providerSandbox();
    const sdk: LineClient = startLineClient(["--input-format", "stream-json", "--output-format", "stream-json", "--verbose", "--provider", "openai", "--model", "gpt-old"], {
      cwd: box.workspace,
      env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` },
    });
    others.push(sdk);
    sdk.send({ type: "control_request", request_id: "sm", request: { subtype: "set_model", model: "   " } });
    const answer = await sdk.waitFor((m) => (m["response"] as { request_id?: string } | undefined)?.request_id === "sm", "set_model's answer");
    expect(answer["response"]).toMatchObject({ subtype: "error", error: expect.stringContaining("model name") });
    sdk.send({ type: "user", message: { role: "user", content: "which model?" } });
    await sdk.waitFor((m) => m["type"] === "result", "the turn's result");
    expect(modelOf(server.requests[0]!.body)).toBe("gpt-old");
    sdk.child.stdin!.end();
    expect(await sdk.exit()).toEqual({ code: 0, signal: null });
  });
});
