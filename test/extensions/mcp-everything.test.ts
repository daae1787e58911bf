// Issue 24 against a real server from npm, @modelcontextprotocol/server-everything (a
// devDependency), through the real CLI: its tiny image reaches Anthropic as an image block,
// its roots tool sees our workspace, its task-only tool is not offered, and a dozen calls in
// one turn print no listener warning; over streamable HTTP, the session ends with DELETE.
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { createServer, type AddressInfo } from "node:net";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { anthropicText, blockDelta, blockStart, blockStop, MESSAGE_STOP, messageDelta, messageStart, startFakeAnthropicServer } from "../helpers/fake-anthropic-server.js";
import { sse, type FakeServer } from "../helpers/fake-openai-server.js";
import { messagesOf, providerSandbox } from "../helpers/provider-cli.js";
import { waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const EVERYTHING = createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js");
const server = { command: process.execPath, args: [EVERYTHING, "stdio"] };

let fakes: FakeServer[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  await Promise.all(fakes.map((fake) => fake.close()));
  fakes = [];
  for (const child of children.splice(0)) child.kill();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("@modelcontextprotocol/server-everything", () => {
  it("roots, a hidden task-only tool and twelve echoes in one turn", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ mcpServers: { everything: server }, permissions: { allow: ["mcp__everything__echo", "mcp__everything__get-roots-list"] } }));
    const echo = (n: number) => ({ tool_calls: [{ name: "mcp__everything__echo", arguments: { message: `hello ${n}` } }] });
    const turns = [{ tool_calls: [{ name: "mcp__everything__get-roots-list", arguments: {} }] }, ...Array.from({ length: 12 }, (_, n) => echo(n)), { text: "done" }];
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns }), FAKE_LLM_RECORD: record } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain("MaxListeners");
    expect(run.stderr).toContain("MCP server everything: not offered: simulate-research-query (runs only as an MCP task, which mini-agent does not start)");
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name);
    expect(names).toEqual(expect.arrayContaining(["mcp__everything__get-tiny-image", "mcp__everything__get-roots-list"]));
    expect(names).not.toContain("mcp__everything__simulate-research-query");
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as { content: string; isError: boolean }[];
    expect(results).toHaveLength(13);
    expect(results[0]!.content).toContain(`URI: ${pathToFileURL(box.workspace).href}`);
    expect(results.slice(1).map((result) => result.content)).toEqual(Array.from({ length: 12 }, (_, n) => `Echo: hello ${n}`));
  });

  it("its tiny image reaches Anthropic as an image block with the server's bytes", async () => {
    const fake = await startFakeAnthropicServer([
      sse(
        messageStart(),
        blockStart(0, { type: "tool_use", id: "toolu_tiny", name: "mcp__everything__get-tiny-image", input: {} }),
        blockDelta(0, { type: "input_json_delta", partial_json: "{}" }),
        blockStop(0),
        messageDelta("tool_use"),
        MESSAGE_STOP,
      ),
      anthropicText("The MCP logo."),
    ]);
    fakes.push(fake);
    const box = providerSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ mcpServers: { everything: server }, permissions: { allow: ["mcp__everything__get-tiny-image"] } }));
    const run = await box.run(["-p", "show the logo"], { ANTHROPIC_API_KEY: "sk-ant-everything-0000111122223333", ANTHROPIC_BASE_URL: fake.url });
    expect(run.code, run.stderr).toBe(0);
    const { MCP_TINY_IMAGE } = (await import(pathToFileURL(path.join(path.dirname(EVERYTHING), "tools", "get-tiny-image.js")).href)) as { MCP_TINY_IMAGE: string };
    const [result] = messagesOf(fake, 1).at(-1)!["content"] as Record<string, unknown>[];
    expect(result).toMatchObject({ type: "tool_result", tool_use_id: "toolu_tiny" });
    expect(result!["content"]).toContainEqual({ type: "image", source: { type: "base64", media_type: "image/png", data: MCP_TINY_IMAGE } });
  });

  it("over streamable HTTP: a call works and the session is ended with DELETE when the run ends", async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [EVERYTHING, "streamableHttp"], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "pipe"] });
    children.push(child);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    await waitFor(() => output.includes(`listening on port ${port}`), 20_000, "server-everything to listen");
    const box = makeSandbox();
    writeFileSync(path.join(box.home, "config.json"), JSON.stringify({ mcpServers: { web: { type: "http", url: `http://127.0.0.1:${port}/mcp` } }, permissions: { allow: ["mcp__web__echo"] } }));
    const turns = [{ tool_calls: [{ name: "mcp__web__echo", arguments: { message: "over http" } }] }, { text: "done" }];
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns }) } });
    expect(run.code, run.stderr).toBe(0);
    const results = eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as { content: string }[];
    expect(results.map((result) => result.content)).toEqual(["Echo: over http"]);
    await waitFor(() => /Received session termination request for session \S+/.test(output), 10_000, "the DELETE that ends the session");
  });
});
