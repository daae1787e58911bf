// The parts of MCP beyond text tools, against real servers built with the SDK: images and
// audio in results, task-only tools, the client's roots, an HTTP session ended with DELETE,
// and a dozen calls on one signal without piling listeners onto it.
import { mkdtempSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { connectMcpServer, type McpConnection } from "../../src/engine/extensions/mcp/mcp-client.js";
import { mcpContent } from "../../src/engine/extensions/mcp/mcp-content.js";
import { startMcpHttpServer } from "../helpers/mcp/http-server.js";
// @ts-expect-error: a plain .mjs helper shared with the stdio server script.
import { PNG_BASE64, WAV_BASE64 } from "../helpers/mcp/rich-tools.mjs";

const STDIO_SERVER = fileURLToPath(new URL("../helpers/mcp/stdio-server.mjs", import.meta.url));
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function rich(cwd = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mcp-ws-")))): Promise<McpConnection> {
  const connection = await connectMcpServer({ name: "rich", setting: { type: "stdio", command: process.execPath, args: [STDIO_SERVER, "rich"] }, cwd, version: "test" });
  cleanups.push(() => connection.close());
  return connection;
}

describe("MCP results beyond text", () => {
  it("an image result becomes a real image with its bytes; audio is named, with its size, not sent", async () => {
    const connection = await rich();
    const result = await connection.call("picture", {}, new AbortController().signal);
    expect(result.images).toEqual([{ mediaType: "image/png", base64: PNG_BASE64 }]);
    expect(result.text).toBe(
      [
        "here it is",
        `[image: image/png, ${Buffer.from(PNG_BASE64, "base64").length} bytes]`,
        `[audio content (audio/wav, ${Buffer.from(WAV_BASE64, "base64").length} bytes) not sent: no provider takes it in a tool result]`,
      ].join("\n"),
    );
  });

  it("trusts an image's bytes over its declared type, and never sends what is not an image or not base64", () => {
    const png = mcpContent([{ type: "image", data: PNG_BASE64, mimeType: "image/jpeg" }]);
    expect(png.images).toEqual([{ mediaType: "image/png", base64: PNG_BASE64 }]);
    const svg = mcpContent([{ type: "image", data: Buffer.from("<svg/>").toString("base64"), mimeType: "image/svg+xml" }]);
    expect(svg).toEqual({ images: [], text: "[image content (image/svg+xml, 6 bytes) not sent: the providers take only PNG, JPEG, GIF and WebP images]" });
    expect(mcpContent([{ type: "image", data: "not base64!", mimeType: "image/png" }])).toEqual({ images: [], text: "[image content (image/png) not sent: its data is not base64]" });
    const blob = mcpContent([{ type: "resource", resource: { uri: "file:///a.png", blob: PNG_BASE64, mimeType: "image/png" } }]);
    expect(blob.images).toHaveLength(1);
    expect(blob.text).toMatch(/^\[resource file:\/\/\/a\.png, an image: image\/png, \d+ bytes\]$/);
  });
});

describe("MCP tools and the client's capabilities", () => {
  it("does not offer a tool that runs only as a task, and says so; an optional one is offered", async () => {
    const connection = await rich();
    expect(connection.tools.map((tool) => tool.name)).toEqual(["picture", "roots", "maybe_task"]);
    expect(connection.hidden).toEqual(["long_job (runs only as an MCP task, which mini-agent does not start)"]);
    expect((await connection.call("maybe_task", {}, new AbortController().signal)).text).toBe("ran without a task");
  });

  it("declares the workspace as its root: a server asking roots/list gets it", async () => {
    const workspace = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mcp-ws-")));
    const connection = await rich(workspace);
    const result = await connection.call("roots", {}, new AbortController().signal);
    expect(JSON.parse(result.text)).toEqual([{ uri: pathToFileURL(workspace).href, name: path.basename(workspace) }]);
  });

  it("ends a streamable-HTTP session with DELETE when it closes", async () => {
    const server = await startMcpHttpServer({ stateful: true });
    cleanups.push(() => server.close());
    const connection = await connectMcpServer({ name: "web", setting: { type: "http", url: server.url }, cwd: os.tmpdir(), version: "test" });
    expect((await connection.call("echo", { text: "x" }, new AbortController().signal)).text).toBe("http echo: x");
    const [session] = server.openSessions();
    expect(session).toBeDefined();
    await connection.close();
    expect(server.requests).toContain(`DELETE ${session}`);
    expect(server.openSessions()).toEqual([]);
  });

  it("a dozen calls on one turn's signal leave no listener on it, and an abort still stops a call", async () => {
    const connection = await rich();
    const turn = new AbortController();
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(`${warning.name}: ${warning.message}`);
    process.on("warning", onWarning);
    try {
      for (let call = 0; call < 12; call += 1) await connection.call("maybe_task", {}, turn.signal);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off("warning", onWarning);
    }
    expect(warnings.filter((warning) => warning.includes("MaxListeners"))).toEqual([]);
    turn.abort(new Error("stopped by the user"));
    await expect(connection.call("maybe_task", {}, turn.signal)).rejects.toThrow(/stopped by the user/);
  });
});
