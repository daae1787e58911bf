// Every credential a session may use is known to the redactor before it can be echoed: the key
// of a provider the session reaches only by a model switch (rpc's setModel, `/model`) was once
// left out (the redactor knew the starting provider's key alone), so a model or a tool that
// printed it put it in the events and the session file as it was.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chatText, startScriptedServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { startRpc, stoppedAfterEach } from "../helpers/rpc-client.js";
import { onlySessionFile } from "../helpers/session-files.js";

// Shapes no key pattern knows: only the known values can catch them.
const START_KEY = "sk-openai-test-key-0000aaaa1111bbbb2222";
const OTHER_KEY = "zq-localgw-7c1e9a44b2d05f6e83a1";
const ROTATED_KEY = "zq-localgw-5d2f8b19e7c3a0466f72";
const { servers, clients } = stoppedAfterEach();

describe("the keys of providers reached by a model switch", () => {
  it("are redacted from events and the session file, before and after the switch, a key rotated in the file since start too", async () => {
    const server = await startScriptedServer([
      chatText(`the other key is ${OTHER_KEY} here`),
      chatText(`and now ${ROTATED_KEY} there`),
    ]);
    servers.push(server);
    const box = providerSandbox();
    const config = path.join(box.home, "config.json");
    writeFileSync(config, JSON.stringify({ provider: "deepseek", api_key: OTHER_KEY, base_url: `${server.url}/v1` }));
    const rpc = startRpc(["--provider", "openai", "--model", "gpt-start"], {
      cwd: box.workspace,
      env: { HOME: box.userHome, MINI_AGENT_HOME: box.home, OPENAI_API_KEY: START_KEY, OPENAI_BASE_URL: `${server.url}/v1` },
    });
    clients.push(rpc);

    // Before any switch: the configured key of another provider, echoed by this one.
    rpc.send({ id: "p1", op: "submit", text: "say it" });
    await rpc.waitForEvent((event) => event.type === "turn.ended", "the first turn's end");

    // The key in the file changes; the switch reads it afresh and sends it.
    writeFileSync(config, JSON.stringify({ provider: "deepseek", api_key: ROTATED_KEY, base_url: `${server.url}/v1` }));
    rpc.send({ id: "m", op: "setModel", provider: "deepseek", model: "deepseek-chat" });
    expect(await rpc.result("m")).toMatchObject({ ok: true });
    const after = rpc.events().length;
    rpc.send({ id: "p2", op: "submit", text: "again" });
    await rpc.waitForEvent((event) => event.type === "turn.ended", "the second turn's end", after);
    rpc.send({ id: "bye", op: "shutdown" });
    expect(await rpc.exit()).toEqual({ code: 0, signal: null });

    // The switch did reach the other provider with the rotated key.
    expect(server.requests[1]!.headers["authorization"]).toBe(`Bearer ${ROTATED_KEY}`);
    const stdout = rpc.lines.join("\n");
    const file = readFileSync(onlySessionFile(box.home), "utf8");
    for (const text of [stdout, file, rpc.stderr()]) {
      expect(text).not.toContain(OTHER_KEY);
      expect(text).not.toContain(ROTATED_KEY);
      expect(text).not.toContain(START_KEY);
    }
    expect(file).toContain("the other key is [redacted] here");
    expect(file).toContain("and now [redacted] there");
  });
});
