// The MCP client against real servers built with the SDK: a stdio subprocess and a
// streamable-HTTP server, plus one that crashes on start and one that never answers.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServer, type McpConnection } from "../../src/engine/extensions/mcp/mcp-client.js";
import { startMcpHttpServer, type McpHttpServer } from "../helpers/mcp/http-server.js";
import { processAlive, waitFor } from "../helpers/processes.js";

const STDIO_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));
const RAW_SERVER = fileURLToPath(new URL("../helpers/mcp/raw-server.mjs", import.meta.url));
const BUILT_CLIENT = new URL("../../dist/engine/extensions/mcp/mcp-client.js", import.meta.url).href;
const signal = new AbortController().signal;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

function stdio(mode: string, timeout?: number) {
  return { type: "stdio" as const, command: process.execPath, args: [STDIO_SERVER, mode], ...(timeout ? { timeout } : {}) };
}

async function connect(name: string, setting: Parameters<typeof connectMcpServer>[0]["setting"]): Promise<McpConnection> {
  const connection = await connectMcpServer({ name, setting, cwd: os.tmpdir(), version: "test" });
  cleanups.push(() => connection.close());
  return connection;
}

describe("MCP client", () => {
  it("lists and calls the tools of a stdio server, and closing ends its process", async () => {
    const pidFile = path.join(realpathSync(mkdtempSync(path.join(os.tmpdir(), "mcp-"))), "pid");
    const connection = await connectMcpServer({ name: "docs", setting: stdio(`pid:${pidFile}`), cwd: os.tmpdir(), version: "test" });
    expect(connection.tools.map((tool) => [tool.name, tool.readOnly])).toEqual([["echo", true], ["fail", false]]);
    expect(connection.tools[0]!.inputSchema).toMatchObject({ type: "object", properties: { text: { type: "string" } } });
    expect(await connection.call("echo", { text: "hi" }, signal)).toEqual({ text: "stdio echo: hi", images: [], isError: false });
    expect(await connection.call("fail", {}, signal)).toEqual({ text: "it failed on purpose", images: [], isError: true });
    const pid = Number(readFileSync(pidFile, "utf8"));
    await connection.close();
    await waitFor(() => !processAlive(pid), 20_000, "the MCP server process to exit");
  });

  it("talks to a streamable-HTTP server with the configured headers", async () => {
    const server: McpHttpServer = await startMcpHttpServer();
    cleanups.push(() => server.close());
    const connection = await connect("web", { type: "http", url: server.url, headers: { Authorization: "Bearer t0k" } });
    expect(connection.tools.map((tool) => tool.name)).toEqual(["echo", "fail"]);
    expect((await connection.call("echo", { text: "over http" }, signal)).text).toBe("http echo: over http");
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((value) => value === "Bearer t0k")).toBe(true);
  });

  it("reports a server that crashes on start, with its last stderr", async () => {
    await expect(connect("broken", stdio("crash"))).rejects.toThrow(/MCP server broken failed to start: .*fatal: cannot open the index/s);
  });

  it("gives up on a server that never answers, after its timeout", async () => {
    await expect(connect("stuck", stdio("hang", 1))).rejects.toThrow("MCP server stuck failed to start: did not answer within 1 s");
  });

  // A process that ends without awaiting close (a crash, a second ctrl-c, an exit right after a
  // failed start) must not leave its servers behind: the SDK's grace timers never fire then.
  it("no server outlives the process that started it: not a hung one, not one that ignores the end of its input", async () => {
    const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mcp-")));
    for (const [mode, timeout] of [["hang", 1], ["stubborn", 30]] as const) {
      const pidFile = path.join(dir, `${mode}.pid`);
      const program = `
        const { connectMcpServer } = await import(${JSON.stringify(BUILT_CLIENT)});
        const setting = { type: "stdio", command: process.execPath, args: [${JSON.stringify(STDIO_SERVER)}, ${JSON.stringify(`${mode}:${pidFile}`)}], timeout: ${timeout} };
        await connectMcpServer({ name: "s", setting, cwd: ${JSON.stringify(dir)}, version: "test" }).then(() => console.log("connected"), (error) => console.log(error.message));
        // Connected: leave as a crash would, without closing. Failed: end as the run would.
        if (${mode === "stubborn"}) process.exit(0);`;
      const run = spawnSync(process.execPath, ["--input-type=module", "-e", program], { encoding: "utf8", timeout: 60_000 });
      expect(run.stdout, run.stderr).toMatch(mode === "hang" ? /did not answer within 1 s/ : /connected/);
      const pid = Number(readFileSync(pidFile, "utf8"));
      await waitFor(() => !processAlive(pid), 15_000, `the ${mode} server (pid ${pid}) to be stopped with its parent`);
    }
  });

  it("reports an HTTP server that is not there, naming its address (not the query) and the cause", async () => {
    const server = await startMcpHttpServer();
    const url = server.url;
    await server.close();
    const failure = await connect("gone", { type: "http", url: `${url}?token=q`, timeout: 5 }).catch((error: Error) => error);
    expect((failure as Error).message).toMatch(/MCP server gone failed to start: /);
    expect((failure as Error).message).toContain(`${new URL(url).origin}${new URL(url).pathname}: `);
    expect((failure as Error).message).toContain("ECONNREFUSED");
    expect((failure as Error).message).not.toContain("token=q");
  });

  it("gives up on a starting server at once when start-up is interrupted, not after its timeout", async () => {
    const controller = new AbortController();
    const started = Date.now();
    const connecting = connectMcpServer({ name: "stuck", setting: stdio("hang", 60), cwd: os.tmpdir(), version: "test", signal: controller.signal });
    controller.abort();
    await expect(connecting).rejects.toThrow("MCP server stuck failed to start: start-up interrupted");
    // Far below the 60 s timeout, however loaded the machine.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("leaves out only a tool whose schema is malformed, refused by providers or too big, saying which and why", async () => {
    const object = (properties: object) => ({ type: "object", properties });
    const tools = [
      { name: "good", description: "fine", inputSchema: object({ text: { type: "string" } }) },
      { name: "bad-shape", inputSchema: { type: "object", properties: "nope" } },
      { name: "bad-type", inputSchema: { type: "object", properties: { a: { type: "bogus" } } } },
      { name: "bad-extra", inputSchema: { type: "object", additionalProperties: 5 } },
      { name: "nested", inputSchema: object({ list: { type: "array", items: { type: "strin" } } }) },
      { name: "huge", inputSchema: object(Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`p${i}`, { type: "string", description: "x".repeat(100) }]))) },
      { name: "", inputSchema: { type: "object" } },
      { name: "also-good", inputSchema: { type: "object" } },
    ];
    const connection = await connect("mixed", { type: "stdio", command: process.execPath, args: [RAW_SERVER], env: { RAW_MCP_TOOLS: JSON.stringify(tools) } });
    expect(connection.tools.map((tool) => tool.name)).toEqual(["good", "also-good"]);
    expect(connection.hidden).toEqual([
      expect.stringMatching(/^bad-shape \(malformed: inputSchema\.properties: /),
      'bad-type (its input schema has type "bogus" at /properties/a, which is no JSON Schema type)',
      'bad-extra (its input schema has "additionalProperties" that is neither true, false nor a schema)',
      'nested (its input schema has type "strin" at /properties/list/items, which is no JSON Schema type)',
      expect.stringMatching(/^huge \(its input schema is \d+ KB, over the 32 KB cap\)$/),
      "a tool with an empty name",
    ]);
    expect((await connection.call("good", { text: "hi" }, signal)).text).toBe('called good with {"text":"hi"}');
  });

  it("a server that exits during a call is said to have exited, with its exit code and last stderr, then and after", async () => {
    const tools = [{ name: "work", inputSchema: { type: "object" } }];
    const connection = await connect("dies", { type: "stdio", command: process.execPath, args: [RAW_SERVER, "exit-mid"], env: { RAW_MCP_TOOLS: JSON.stringify(tools) } });
    await expect(connection.call("work", {}, signal)).rejects.toThrow("exited during the call (exit code 7); its stderr ended: panic: lost the database connection");
    await expect(connection.call("work", {}, signal)).rejects.toThrow("has exited (exit code 7); its stderr ended: panic: lost the database connection; its tools cannot be called again in this session");
  });

  it("reports a program that does not exist", async () => {
    await expect(connect("nothing", { type: "stdio", command: "definitely-not-a-program-xyz", args: [] })).rejects.toThrow(/MCP server nothing failed to start/);
  });
});

