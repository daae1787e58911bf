// MCP servers in a real session: tools in the request, calls confirm-class, failures reported,
// servers closed with the session, project servers only after trust.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { startMcpHttpServer } from "../helpers/mcp/http-server.js";
import { processAlive, waitFor } from "../helpers/processes.js";
import { collect, makeSandbox, runCli, startCli, type Sandbox } from "../helpers/run-cli.js";
import { eventLines, onlySessionFile, recordedRequests } from "../helpers/session-files.js";

const STDIO_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));
const RAW_SERVER = fileURLToPath(new URL("../helpers/mcp/raw-server.mjs", import.meta.url));
const stdio = (mode: string, extra: object = {}) => ({ command: process.execPath, args: [STDIO_SERVER, mode], ...extra });
const echoCall = { tool_calls: [{ name: "mcp__docs__echo", arguments: { text: "hi" } }] };

function userConfig(box: Sandbox, config: unknown): void {
  writeFileSync(path.join(box.home, "config.json"), JSON.stringify(config));
}

function results(box: Sandbox) {
  return eventLines(onlySessionFile(box.home)).filter((event) => event.type === "tool.result") as { name: string; content: string; isError: boolean }[];
}

describe("MCP in a session", () => {
  it("offers a stdio server's tools, asks before a call, runs it with --yes, and ends the server with the session", async () => {
    const box = makeSandbox();
    const pidFile = path.join(box.home, "server.pid");
    userConfig(box, { mcpServers: { docs: stdio(`pid:${pidFile}`) } });
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };

    const asked = await runCli(["-p", "echo"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [echoCall, { text: "ok" }] }) } });
    expect(asked.code).toBe(0);
    const [request] = recordedRequests(record) as unknown as { tools: { name: string; description: string; inputSchema: Record<string, unknown> }[] }[];
    const echo = request!.tools.find((tool) => tool.name === "mcp__docs__echo");
    expect(echo?.description).toBe("[MCP server docs] Echo text back (stdio)");
    expect(echo?.inputSchema).toMatchObject({ type: "object", properties: { text: { type: "string" } }, required: ["text"] });
    expect(results(box)[0]).toMatchObject({ isError: true, content: expect.stringContaining("needs approval") });

    const ran = await runCli(["-p", "echo", "--yes", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [echoCall, { text: "ok" }] }) } });
    expect(ran.code).toBe(0);
    expect(recordedRequests(record)[3]!.messages.at(-1)?.content).toBe("stdio echo: hi");
    // The CLI has exited: the server it started must be gone too.
    const pid = Number(readFileSync(pidFile, "utf8"));
    await waitFor(() => !processAlive(pid), 20_000, "the MCP server to end with the session");
  });

  it("a permissions allow rule lets an MCP tool run without asking; plan mode offers none", async () => {
    const box = makeSandbox();
    userConfig(box, { mcpServers: { docs: stdio("ok") }, permissions: { allow: ["mcp__docs__echo"] } });
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "echo"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [echoCall, { text: "ok" }] }) } });
    expect(run.code).toBe(0);
    expect(results(box)[0]).toMatchObject({ isError: false, content: "stdio echo: hi" });

    const plan = await runCli(["-p", "look", "--agent", "plan", "--new"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(plan.code).toBe(0);
    expect(JSON.stringify(recordedRequests(record).at(-1))).not.toContain("mcp__");
  });

  it("redacts a key configured for a server when the server echoes it: output, session file, what the model is sent", async () => {
    const box = makeSandbox();
    const token = "Zq7vPlainDocsTokenValue42";
    userConfig(box, { mcpServers: { docs: stdio("ok", { env: { DOCS_TOKEN: token } }) } });
    const record = path.join(box.home, "requests.jsonl");
    const script = box.script({ turns: [{ tool_calls: [{ name: "mcp__docs__echo", arguments: { text: `invalid credential ${token}` } }] }, { text: "ok" }] });
    const run = await runCli(["-p", "echo", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: script } });
    expect(run.code).toBe(0);
    expect(results(box)[0]).toMatchObject({ isError: false, content: "stdio echo: invalid credential [redacted]" });
    expect(run.stdout + run.stderr).not.toContain(token);
    expect(readFileSync(onlySessionFile(box.home), "utf8")).not.toContain(token);
    expect(readFileSync(record, "utf8")).not.toContain(token);
  });

  it("talks to a streamable-HTTP server", async () => {
    const server = await startMcpHttpServer();
    try {
      const box = makeSandbox();
      userConfig(box, { mcpServers: { web: { type: "http", url: server.url, headers: { Authorization: "Bearer abc" } } } });
      const script = box.script({ turns: [{ tool_calls: [{ name: "mcp__web__echo", arguments: { text: "over http" } }] }, { text: "ok" }] });
      const run = await runCli(["-p", "echo", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: script } });
      expect(run.code).toBe(0);
      expect(results(box)[0]).toMatchObject({ isError: false, content: "http echo: over http" });
      expect(server.authorizations).toContain("Bearer abc");
    } finally {
      await server.close();
    }
  });

  it("reports a server that crashes on start and one that hangs, and the session goes on without them", async () => {
    const box = makeSandbox();
    userConfig(box, { mcpServers: { broken: stdio("crash"), stuck: stdio("hang", { timeout: 1 }), docs: stdio("ok") } });
    const record = path.join(box.home, "requests.jsonl");
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [{ text: "still here" }] }) } });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("still here\n");
    expect(run.stderr).toMatch(/MCP server broken failed to start: .*fatal: cannot open the index.*; continuing without it/);
    expect(run.stderr).toContain("MCP server stuck failed to start: did not answer within 1 s; continuing without it");
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name);
    expect(names).toContain("mcp__docs__echo");
    expect(names.some((name) => name.startsWith("mcp__broken") || name.startsWith("mcp__stuck"))).toBe(false);
  });

  it("leaves no server running after the run: not one hung at start, not one that ignores the end of its input", async () => {
    const box = makeSandbox();
    const hungPid = path.join(box.home, "hung.pid");
    const stubbornPid = path.join(box.home, "stubborn.pid");
    userConfig(box, { mcpServers: { stuck: stdio(`hang:${hungPid}`, { timeout: 1 }), docs: stdio(`stubborn:${stubbornPid}`) } });
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("MCP server stuck failed to start");
    for (const file of [hungPid, stubbornPid]) {
      const pid = Number(readFileSync(file, "utf8"));
      await waitFor(() => !processAlive(pid), 15_000, `server ${path.basename(file)} (pid ${pid}) to be stopped`);
    }
  });

  it.skipIf(process.platform === "win32")("one Ctrl-C while a server is starting stops the run promptly: exit 130, the turn ended aborted, the server gone", async () => {
    const box = makeSandbox();
    const hungPid = path.join(box.home, "hung.pid");
    userConfig(box, { mcpServers: { stuck: stdio(`hang:${hungPid}`, { timeout: 120 }) } });
    const child = startCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM: box.script({ turns: [{ text: "never" }] }) } });
    const done = collect(child);
    await waitFor(() => existsSync(hungPid) && readFileSync(hungPid, "utf8") !== "", 20_000, "the server to start");
    const started = Date.now();
    child.kill("SIGINT");
    const run = await done;
    expect(run.code, run.stderr).toBe(130);
    // Far below the server's 120 s timeout, however loaded the machine.
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(run.stderr).toContain("MCP server stuck failed to start: start-up interrupted");
    expect(run.stderr).not.toContain("stopping now");
    expect(eventLines(onlySessionFile(box.home)).filter((event) => event.type === "turn.ended")).toEqual([expect.objectContaining({ stopReason: "aborted" })]);
    const pid = Number(readFileSync(hungPid, "utf8"));
    await waitFor(() => !processAlive(pid), 15_000, `the server (pid ${pid}) to be stopped`);
  });

  it("tools of two servers (or of one) that map to one name: a notice names both, the first is offered, the run goes on and ends", async () => {
    const box = makeSandbox();
    const raw = (tools: string[]) => ({ command: process.execPath, args: [RAW_SERVER], env: { RAW_MCP_TOOLS: JSON.stringify(tools.map((name) => ({ name, inputSchema: { type: "object" } }))) } });
    userConfig(box, { mcpServers: { a__b: raw(["c"]), a: raw(["b__c", "d"]), t: raw(["has space", "has_space"]) } });
    const record = path.join(box.home, "requests.jsonl");
    const call = { tool_calls: [{ name: "mcp__a__b__c", arguments: {} }] };
    const run = await runCli(["-p", "hi", "--yes"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [call, { text: "done" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe("done\n");
    expect(run.stderr).toContain(`MCP tools clash: server a's tool "b__c" and server a__b's tool "c" both become mcp__a__b__c; only the first is offered`);
    expect(run.stderr).toContain(`MCP tools clash: server t's tool "has_space" and server t's tool "has space" both become mcp__t__has_space; only the first is offered`);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const names = recordedRequests(record)[0]!.tools.map((tool) => tool.name).filter((name) => name.startsWith("mcp__"));
    expect(names.sort()).toEqual(["mcp__a__b__c", "mcp__a__d", "mcp__t__has_space"]);
    expect(results(box)[0]).toMatchObject({ isError: false, content: "called c with {}" });
  });

  it("${VAR} in a server's env and args comes from the user's environment; an unset one is a notice", async () => {
    const box = makeSandbox();
    const server = { command: process.execPath, args: [RAW_SERVER, "${RAW_MODE:-ok}"], env: { RAW_MCP_TOOLS: "${MY_MCP_TOOLS}", OTHER: "${NOT_SET_ANYWHERE}" } };
    userConfig(box, { mcpServers: { env: server } });
    const record = path.join(box.home, "requests.jsonl");
    const tools = JSON.stringify([{ name: "from_env", inputSchema: { type: "object" } }]);
    const run = await runCli(["-p", "hi"], { cwd: box.workspace, env: { MINI_AGENT_HOME: box.home, MY_MCP_TOOLS: tools, FAKE_LLM_RECORD: record, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain("MCP server env: ${NOT_SET_ANYWHERE} is not set in the environment, so it was left empty");
    expect(recordedRequests(record)[0]!.tools.map((tool) => tool.name)).toContain("mcp__env__from_env");
  });

  it("a project's server starts only after the project is trusted", async () => {
    const box = makeSandbox();
    writeFileSync(path.join(box.workspace, ".agent.json"), JSON.stringify({ mcpServers: { docs: stdio("ok") } }));
    const record = path.join(box.home, "requests.jsonl");
    const env = { MINI_AGENT_HOME: box.home, FAKE_LLM_RECORD: record };
    const untrusted = await runCli(["-p", "hi"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(untrusted.stderr).toContain("ignored the project's mcpServers.docs: this project is not trusted yet");
    expect(JSON.stringify(recordedRequests(record)[0])).not.toContain("mcp__docs");
    await runCli(["-p", "hi", "--trust-project", "--new"], { cwd: box.workspace, env: { ...env, FAKE_LLM: box.script({ turns: [{ text: "ok" }] }) } });
    expect(recordedRequests(record)[1]!.tools.map((tool) => tool.name)).toContain("mcp__docs__echo");
  });
});
