// A key in a configured URL's query string (a gateway's `?api-key=…` in base_url) is a known
// value like the API key: the start-up settings report hides it, and a provider error that
// echoes it, bare or in a URL the shapes cannot see the end of, is redacted everywhere. The
// provider SDKs' own logging (OPENAI_LOG / ANTHROPIC_LOG) would print it unredacted to stdout,
// mini-agent's protocol output, so the SDKs stay quiet: the events record each request's outcome.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, status, type FakeServer } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

const KEY = "sk-url-query-test-key-1111aaaa2222bbbb";
const GATEWAY = "gw-query-secret-7f3a9c2e";

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

describe("a secret in base_url's query string", () => {
  it("is hidden in the settings report and redacted from a 401 that echoes it", async () => {
    const server = await startScriptedServer([
      status(401, { error: { message: `gateway key ${GATEWAY} unknown (url /v1?api-key=${GATEWAY}/chat/completions)`, type: "invalid_request_error" } }),
    ]);
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ provider: "openai", api_key: KEY, base_url: `${server.url}/v1?api-version=2024-06&api-key=${GATEWAY}` }));
    const run = await box.run(["-p", "hi", "--output-format", "stream-json"]);
    expect(run.code).toBe(1);
    expect(server.requests).toHaveLength(1);
    // The report still says which host and which harmless parameters.
    expect(run.stderr).toMatch(/base_url\s+http:\/\/127\.0\.0\.1:\d+\/v1\?api-version=2024-06&api-key=…/);
    expect(run.stdout).toMatch(/rejected the API key \(401\)/);
    const session = readFileSync(onlySessionFile(box.home), "utf8");
    for (const text of [run.stdout, run.stderr, session]) expect(text).not.toContain(GATEWAY);
  });

  it("is not printed by the SDK's own logging: OPENAI_LOG=debug writes nothing, json output stays one document", async () => {
    const server = await startScriptedServer([chatText("all good")]);
    servers.push(server);
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ provider: "openai", api_key: KEY, base_url: `${server.url}/v1?api-key=${GATEWAY}` }));
    const run = await box.run(["-p", "hi", "--output-format", "json"], { OPENAI_LOG: "debug", ANTHROPIC_LOG: "debug" });
    expect(run.code, run.stderr).toBe(0);
    expect(server.requests).toHaveLength(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ final_text: "all good", is_error: false });
    const session = readFileSync(onlySessionFile(box.home), "utf8");
    for (const text of [run.stdout, run.stderr, session]) expect(text).not.toContain(GATEWAY);
    expect(run.stderr).not.toMatch(/\[log_|OpenAI:DEBUG|sending request/i);
  });
});
