// mini-agent's own cuts of provider and server text (a retry's reason, an error body, an MCP
// server's stderr tail) fall at a word's edge: a cut through a key kept a part of it that no key
// shape matches, and the redactor let it through to stderr, the events and the session file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { chatText, startScriptedServer, status, type FakeServer, type Step } from "../helpers/fake-openai-server.js";
import { providerSandbox } from "../helpers/provider-cli.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { onlySessionFile } from "../helpers/session-files.js";

const KEY = "sk-cut-test-key-5555kkkk6666llll";
// A GitHub token: only its shape can catch it, and only whole.
const TOKEN_BODY = "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8";
const TOKEN = `ghp_${TOKEN_BODY}`;
// Any run of the token's own characters, long enough to say a part of it got through.
const PARTS = [TOKEN_BODY.slice(0, 12), TOKEN_BODY.slice(12, 24), TOKEN_BODY.slice(24)];

let servers: FakeServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((server) => server.close()));
  servers = [];
});

async function openAiRun(script: Step[]) {
  const server = await startScriptedServer(script);
  servers.push(server);
  const box = providerSandbox();
  const run = await box.run(["-p", "go", "--output-format", "stream-json"], { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: `${server.url}/v1` });
  return { box, run, file: readFileSync(onlySessionFile(box.home), "utf8") };
}

function expectNoPart(...texts: string[]): void {
  for (const text of texts) for (const part of PARTS) expect(text).not.toContain(part);
}

describe("cuts of provider and server text that may hold a key", () => {
  it("a retry's reason, cut at 200 characters across a token, keeps none of it", async () => {
    // "429 " and 170 characters before the token: the 200th character falls inside it.
    const message = `${"x".repeat(170)} ${TOKEN} and more`;
    const { run, file } = await openAiRun([status(429, { error: { message } }, { "retry-after-ms": "1" }), chatText("done")]);
    expect(run.code, run.stderr).toBe(0);
    expect(file).toContain('"type":"retry"');
    expectNoPart(run.stdout, run.stderr, file);
  });

  it("an error body, cut at 500 characters across a token, keeps none of it", async () => {
    const message = `${"y".repeat(480)} ${TOKEN} and more`;
    const { run, file } = await openAiRun([status(400, { error: { message } })]);
    expect(run.code).toBe(1);
    expect(run.stdout + run.stderr).toContain("yyyy");
    expectNoPart(run.stdout, run.stderr, file);
  });

  it("an MCP server's stderr tail, begun inside a token, keeps none of it", async () => {
    const box = makeSandbox();
    // The kept tail is the last 2,000 characters: it would begin 21 characters into the token.
    const said = `process.stderr.write(${JSON.stringify(`${TOKEN} ${"z".repeat(1980)}`)}, () => process.exit(3))`;
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ mcpServers: { noisy: { command: process.execPath, args: ["-e", said] } } }));
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "still here" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/MCP server noisy failed to start: .*zzzz/);
    expectNoPart(run.stdout, run.stderr, readFileSync(onlySessionFile(box.home), "utf8"));
  });
});
