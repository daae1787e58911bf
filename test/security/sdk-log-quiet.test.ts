// The provider SDKs log through `console` when OPENAI_LOG / ANTHROPIC_LOG asks them to: to
// stdout, which is mini-agent's protocol output (`--output-format json` must be one JSON
// document), and unredacted (a gateway key in base_url's query string, a response's headers).
// mini-agent's own events already record every request's outcome, redacted; the SDKs stay quiet.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, type FakeServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

const GATEWAY = "gw-log-secret-5e1d7b3a9c";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

describe("the provider SDKs' own logging", () => {
  it("OPENAI_LOG=debug writes nothing to stdout or stderr: json output stays one document, the gateway key stays out", async () => {
    const server = await startScriptedServer([chatText("all good")]);
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ provider: "openai", api_key: "sk-sdk-log-test-0000aaaa1111bbbb", base_url: `${server.url}/v1?api-key=${GATEWAY}` }));
    const run = await box.run(["-p", "hi", "--output-format", "json"], { OPENAI_LOG: "debug", ANTHROPIC_LOG: "debug" });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "all good", is_error: false });
    const session = readFileSync(onlySessionFile(box.home), "utf8");
    for (const text of [run.stdout, run.stderr, session]) expect(text).not.toContain(GATEWAY);
    expect(run.stderr).not.toMatch(/\[log_|OpenAI:DEBUG|sending request/i);
  });
});
