// One connection to one MCP server through the official SDK: stdio (a child process we start
// and stop) or streamable HTTP. It lists the server's tools and calls them. This module is
// imported only when mcpServers are configured, so a session without them never loads the SDK.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import path from "node:path";
import { stopServerProcess, watchServerProcess } from "./mcp-children.js";
import type { McpServerSetting } from "./mcp-settings.js";

export interface McpRemoteTool {
  /** The server's own name for it. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export interface McpCallResult {
  text: string;
  isError: boolean;
}

export interface McpConnection {
  server: string;
  tools: McpRemoteTool[];
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult>;
  close(): Promise<void>;
}

export const DEFAULT_START_TIMEOUT_S = 30;
/** A tool call may legitimately take long (a build, a search); the user can always abort. */
const CALL_TIMEOUT_MS = 10 * 60_000;
const STDERR_KEPT = 2000;

export interface ConnectOptions {
  name: string;
  setting: McpServerSetting;
  /** The workspace; a stdio server's relative cwd resolves against it. */
  cwd: string;
  version: string;
}

export async function connectMcpServer(options: ConnectOptions): Promise<McpConnection> {
  const { setting } = options;
  const client = new Client({ name: "mini-agent", version: options.version });
  let stderrTail = "";
  /** The server process, watched from its spawn until it closes (mcp-children.ts). */
  let closed = false;
  let forget: (() => void) | undefined;
  const serverPid = (): number | undefined => (transport instanceof StdioClientTransport && !closed ? (transport.pid ?? undefined) : undefined);
  const watch = () => {
    const pid = serverPid();
    if (pid !== undefined && !forget) forget = watchServerProcess(pid);
  };
  let transport: StdioClientTransport | StreamableHTTPClientTransport;
  if (setting.type === "stdio") {
    const stdio = new StdioClientTransport({
      command: setting.command,
      args: setting.args,
      // Only the SDK's safe variables (PATH, HOME, …) plus what the config names: our API keys stay ours.
      env: { ...getDefaultEnvironment(), ...(setting.env ?? {}) },
      cwd: setting.cwd ? path.resolve(options.cwd, setting.cwd) : options.cwd,
      stderr: "pipe",
    });
    stdio.stderr?.on("data", (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString("utf8")).slice(-STDERR_KEPT);
    });
    // Set before connect: the SDK's client chains its own handler after this one.
    stdio.onclose = () => {
      closed = true;
      forget?.();
    };
    transport = stdio;
  } else {
    transport = new StreamableHTTPClientTransport(new URL(setting.url), setting.headers ? { requestInit: { headers: setting.headers } } : undefined);
  }

  const timeoutS = setting.timeout ?? DEFAULT_START_TIMEOUT_S;
  const startup = AbortSignal.timeout(timeoutS * 1000);
  try {
    await client.connect(transport, { signal: startup, timeout: timeoutS * 1000 });
    watch();
    const tools: McpRemoteTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor ? { cursor } : {}, { signal: startup, timeout: timeoutS * 1000 });
      for (const tool of page.tools) {
        tools.push({
          name: tool.name,
          description: tool.description ?? tool.title ?? "",
          inputSchema: tool.inputSchema as Record<string, unknown>,
          readOnly: tool.annotations?.readOnlyHint === true,
        });
      }
      cursor = page.nextCursor;
    } while (cursor);
    return {
      server: options.name,
      tools,
      async call(tool, args, signal) {
        const result = await client.callTool({ name: tool, arguments: args }, undefined, { signal, timeout: CALL_TIMEOUT_MS });
        return { text: contentText(result.content), isError: result.isError === true };
      },
      close: () => client.close(),
    };
  } catch (error) {
    // A server that failed to start is stopped now, not after the SDK's 2 s grace for a
    // clean exit on end-of-input: a hung one would ignore that and hold the session up.
    const pid = serverPid();
    if (pid !== undefined) stopServerProcess(pid);
    await client.close().catch(() => {});
    const why = startup.aborted ? `did not answer within ${timeoutS} s` : (error as Error).message;
    const said = stderrTail.trim() ? ` (stderr: ${stderrTail.trim().split("\n").slice(-3).join(" | ")})` : "";
    throw new Error(`MCP server ${options.name} failed to start: ${why}${said}`);
  }
}

/** Text blocks as they are; other blocks named, so the model knows something was there. */
function contentText(content: unknown): string {
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string; mimeType?: string; resource?: { uri?: string; text?: string } }) => {
      if (block.type === "text") return block.text ?? "";
      if (block.type === "resource") return block.resource?.text ?? `[resource ${block.resource?.uri ?? ""}]`;
      if (block.type === "resource_link") return `[resource link ${(block as { uri?: string }).uri ?? ""}]`;
      return `[${block.type ?? "unknown"} content${block.mimeType ? ` (${block.mimeType})` : ""} not shown]`;
    })
    .join("\n");
}
