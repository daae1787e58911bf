// MCP servers that misbehave once running, in a real session: a message past the size cap
// (stdio and HTTP), content blocks MCP does not define, tools whose shape cannot be read. The
// run goes on, says which server did what, and leaves no server running.
import { readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { processAlive, waitFor } from "../helpers/processes.js";
import { makeSandbox, runCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const RAW_SERVER = fileURLToPath(new URL("../helpers/mcp/raw-server.mjs", import.meta.url));
const TOOLS = JSON.stringify([{ name: "get", inputSchema: { type: "object" } }]);
const call = { tool_calls: [{ name: "mcp__raw__get", arguments: {} }] };

function userConfig(box: Sandbox, config: unknown): void {
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify(config));
}

function results(box: Sandbox) {
  return eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as { content: string; isError: boolean }[];
}

/** An HTTP MCP server that answers a call with a `bytes`-long text result, counting what it got to write. */
async function bulkyHttpServer(bytes: number) {
  const state = { written: 0, calls: 0 };
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method !== "POST") return void res.writeHead(405).end();
    const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
    const reply = (result: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    if (message.method === "initialize") return reply({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "bulky", version: "1" } });
    if (message.method === "tools/list") return reply({ tools: [{ name: "get", inputSchema: { type: "object" } }] });
    if (message.method !== "tools/call") return message.id === undefined ? void res.writeHead(202).end() : reply({});
    state.calls += 1;
    if (state.calls > 1) return reply({ content: [{ type: "text", text: "small again" }] });
    res.writeHead(200, { "content-type": "application/json" });
    res.write(`{"jsonrpc":"2.0","id":${message.id},"result":{"content":[{"type":"text","text":"`);
    const chunk = "z".repeat(1024 * 1024);
    const more = () => {
      while (state.written < bytes) {
        state.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", more);
      }
      res.end('"}]}}');
    };
    res.on("close", () => res.removeAllListeners("drain"));
    more();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return { url: `http://127.0.0.1:${port}/mcp`, state, close };
}

/** An HTTP MCP server that answers `failOn` with a 500 and a 2 MB HTML page (an escape sequence in it). */
async function errorPageServer(failOn: "initialize" | "tools/call") {
  const server = http.createServer(async (req, res) => {
    let body = "";
    for await (const chunk of req) body += chunk;
    if (req.method !== "POST") return void res.writeHead(405).end();
    const message = JSON.parse(body) as { id?: number; method: string; params?: { protocolVersion?: string } };
    if (message.method === failOn) return void res.writeHead(500, { "content-type": "text/html" }).end(`<html>\u001b]0;title\u0007${"E".repeat(2 * 1024 * 1024)}\n</html>`);
    const reply = (result: unknown) => res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ jsonrpc: "2.0", id: message.id, result }));
    if (message.method === "initialize") return reply({ protocolVersion: message.params?.protocolVersion, capabilities: { tools: {} }, serverInfo: { name: "pages", version: "1" } });
    if (message.method === "tools/list") return reply({ tools: [{ name: "get", inputSchema: { type: "object" } }] });
    return message.id === undefined ? void res.writeHead(202).end() : reply({});
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  return { url: `http://127.0.0.1:${port}/mcp`, close };
}

describe("MCP servers that misbehave while running", () => {
  it("a stdio server that answers with a message over 10 MB is stopped and named; the run ends normally (it used to crash the CLI)", async () => {
    const box = makeSandbox();
    const pidFile = path.join(box.home, "server.pid");
    userConfig(box, { mcpServers: { raw: { command: process.execPath, args: [RAW_SERVER, "huge-result"], env: { RAW_MCP_TOOLS: TOOLS, RAW_MCP_PID_FILE: pidFile } } } });
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [call, { text: "went on" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("went on\n");
    expect(run.stderr).not.toMatch(/\n\s+at |ReadBuffer/);
    expect(results(box)[0]).toMatchObject({ isError: true, content: expect.stringContaining("MCP server raw: exited during the call: it sent a message over 10 MB") });
    const events = eventLines(onlySessionFile(box.home));
    expect(events.filter((event) => event.type === "turn.ended")).toEqual([expect.objectContaining({ stopReason: "completed" })]);
    const pid = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !processAlive(pid), 15_000, `the server (pid ${pid}) to be stopped`);
  });

  it("a stdio server that closes its output but keeps running is stopped, and the call says so (it used to wait out a 10-minute timeout)", async () => {
    const box = makeSandbox();
    const pidFile = path.join(box.home, "server.pid");
    userConfig(box, { mcpServers: { raw: { command: process.execPath, args: [RAW_SERVER, "close-out"], env: { RAW_MCP_TOOLS: TOOLS, RAW_MCP_PID_FILE: pidFile } } } });
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [call, { text: "went on" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("went on\n");
    expect(results(box)[0]).toMatchObject({ isError: true, content: "MCP server raw: exited during the call: it closed its output while still running, so it was stopped" });
    const pid = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !processAlive(pid), 15_000, `the server (pid ${pid}) to be stopped`);
  });

  it.skipIf(process.platform === "win32")("a server that cannot start for its cwd or a program that is not executable is named with that reason (spawn used to blame the program: ENOENT)", async () => {
    const box = makeSandbox();
    const notExecutable = path.join(box.home, "server.sh");
    writeFileSync(notExecutable, "#!/bin/sh\n", { mode: 0o644 });
    userConfig(box, {
      mcpServers: {
        lost: { command: process.execPath, args: [RAW_SERVER], cwd: "no/such/dir" },
        plain: { command: notExecutable },
        fine: { command: process.execPath, args: [RAW_SERVER], env: { RAW_MCP_TOOLS: TOOLS } },
      },
    });
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(`MCP server lost failed to start: its cwd ${path.join(box.workspace, "no/such/dir")} does not exist; continuing without it`);
    expect(run.stderr).toContain(`MCP server plain failed to start: ${notExecutable} cannot be run (permission denied: is it executable?); continuing without it`);
    expect(run.stderr).not.toContain("MCP server fine");
  });

  it("a result with content blocks MCP does not define keeps its text and names the rest (it used to fail the call with a page of zod issues)", async () => {
    const box = makeSandbox();
    userConfig(box, { mcpServers: { raw: { command: process.execPath, args: [RAW_SERVER, "odd-content"], env: { RAW_MCP_TOOLS: TOOLS } } } });
    const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [call, { text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(results(box)[0]).toEqual(
      expect.objectContaining({
        isError: false,
        content: ["kept", '["hologram" content not shown]', "[image content (image/png, 0 bytes) not sent: the providers take only PNG, JPEG, GIF and WebP images]", "[unreadable content block not shown]"].join("\n"),
      }),
    );
  });

  it("a tool whose schema cannot even be read (nested 5,000 deep) is left out alone, and an odd name is quoted in the notice", async () => {
    const box = makeSandbox();
    const depth = 5000;
    const deep = `${'{"type":"object","properties":{"a":'.repeat(depth)}{"type":"string"}${"}}".repeat(depth)}`;
    const toolsFile = path.join(box.home, "tools.json");
    const odd = JSON.stringify("bad\u001b]0;title\u0007\nline");
    writeFileSync(toolsFile, `[{"name":"get","inputSchema":{"type":"object"}},{"name":"deep","inputSchema":${deep}},{"name":${odd},"inputSchema":{"type":"nope"}}]`);
    userConfig(box, { mcpServers: { raw: { command: process.execPath, args: [RAW_SERVER], env: { RAW_MCP_TOOLS_FILE: toolsFile } } } });
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [{ text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("MCP server raw: not offered: deep (unreadable: Maximum call stack size exceeded)");
    expect(run.stderr).toContain(`, ${JSON.stringify("bad\u001b]0;title\u0007\nline")} (malformed: inputSchema.type`);
    expect(run.stderr).not.toContain("failed to start");
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name).filter((name) => name.startsWith("mcp__"));
    expect(names).toEqual(["mcp__raw__get"]);
  });

  it("a server listing 150 tools gets 100 of them offered, with a notice; a tool set chooses which (all of them used to go into every request)", async () => {
    const box = makeSandbox();
    const toolsFile = path.join(box.home, "tools.json");
    writeFileSync(toolsFile, JSON.stringify(Array.from({ length: 150 }, (_, index) => ({ name: `tool_${index}`, inputSchema: { type: "object" } }))));
    userConfig(box, {
      mcpServers: { raw: { command: process.execPath, args: [RAW_SERVER], env: { RAW_MCP_TOOLS_FILE: toolsFile } } },
      toolSets: { late: ["read_file", "mcp__raw__tool_14*"] },
      agents: { late: { toolSet: "late" } },
    });
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const mcpNames = (index: number) => recordedRequests(record)[index]!.tools.map((tool) => tool.name).filter((name) => name.startsWith("mcp__"));

    const run = await runCli(["-p", "go"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("MCP server raw: 50 of its 150 tools not offered (mcp__raw__tool_100, mcp__raw__tool_101, mcp__raw__tool_102, mcp__raw__tool_103, mcp__raw__tool_104, …)");
    expect(run.stderr).toContain("a tool set (toolSets) chooses which are offered");
    expect(mcpNames(0)).toHaveLength(100);
    expect(mcpNames(0)).toContain("mcp__raw__tool_99");
    expect(mcpNames(0)).not.toContain("mcp__raw__tool_100");

    const chosen = await runCli(["-p", "go", "--agent", "late", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "done" }] }) } });
    expect(chosen.code, chosen.stderr).toBe(0);
    expect(chosen.stderr).not.toContain("not offered");
    expect(mcpNames(1).sort()).toEqual(["mcp__raw__tool_14", ...Array.from({ length: 10 }, (_, index) => `mcp__raw__tool_14${index}`)].sort());
  });

  it("an HTTP server's 2 MB error page is quoted in 500 characters on one line, at start and in a call (it used to go whole to stderr and the session file)", async () => {
    const atStart = await errorPageServer("initialize");
    const inCall = await errorPageServer("tools/call");
    try {
      const box = makeSandbox();
      userConfig(box, { mcpServers: { start: { type: "http", url: atStart.url }, calls: { type: "http", url: inCall.url } } });
      const get = { tool_calls: [{ name: "mcp__calls__get", arguments: {} }] };
      const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [get, { text: "done" }] }) } });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stderr.length).toBeLessThan(5000);
      expect(run.stderr).toMatch(/MCP server start failed to start: .*Error POSTing to endpoint: <html>.*E…; continuing without it\n/);
      const [result] = results(box);
      expect(result).toMatchObject({ isError: true, content: expect.stringMatching(/^MCP server calls: .*<html>.*E…$/) });
      expect(result!.content.length).toBeLessThan(600);
      expect(readFileSync(onlySessionFile(box.home), "utf8").length).toBeLessThan(100_000);
    } finally {
      await atStart.close();
      await inCall.close();
    }
  });

  it("an HTTP server's response body over 10 MB is cut off as it streams, not read whole; the server's next call still works", async () => {
    const server = await bulkyHttpServer(200 * 1024 * 1024);
    try {
      const box = makeSandbox();
      userConfig(box, { mcpServers: { bulky: { type: "http", url: server.url } } });
      const twice = { tool_calls: [{ name: "mcp__bulky__get", arguments: {} }] };
      const run = await runCli(["-p", "go", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [twice, twice, { text: "done" }] }) } });
      expect(run.code, run.stderr).toBe(0);
      const [first, second] = results(box);
      expect(first).toMatchObject({ isError: true, content: "MCP server bulky: sent a message over 10 MB, more than mini-agent reads from an MCP server" });
      expect(second).toMatchObject({ isError: false, content: "small again" });
      // Read whole, all 200 MB would have been written; cut off, the socket closed long before.
      expect(server.state.written).toBeLessThan(150 * 1024 * 1024);
    } finally {
      await server.close();
    }
  });
});
