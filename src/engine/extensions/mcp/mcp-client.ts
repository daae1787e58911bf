// One connection to one MCP server through the official SDK: stdio (a child process we start
// in its own group and stop with it) or streamable HTTP (its session ended with DELETE). It
// declares the workspace as the client's one root, lists the server's tools and calls them.
// This module is imported only when mcpServers are configured, so a session without them
// never loads the SDK.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { getDefaultEnvironment, StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ListRootsRequestSchema, PaginatedResultSchema, ToolSchema } from "@modelcontextprotocol/sdk/types.js";
import * as z from "zod/v4";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ToolImage } from "../../messages.js";
import { stopServerProcess, watchServerProcess } from "./mcp-children.js";
import { mcpContent } from "./mcp-content.js";
import { cappedFetch } from "./mcp-message-cap.js";
import { inputSchemaProblem } from "./mcp-schema-check.js";
import type { McpServerSetting } from "./mcp-settings.js";
import { GroupStdioTransport } from "./mcp-stdio-transport.js";
import { clipHead, clipTail } from "../../secrets/word-cut.js";

export interface McpRemoteTool {
  /** The server's own name for it. */
  name: string;
  description: string;
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
}

export interface McpCallResult {
  text: string;
  images: ToolImage[];
  isError: boolean;
}

export interface McpConnection {
  server: string;
  tools: McpRemoteTool[];
  /** Tools the server offers that we cannot call (task-only, a schema providers refuse), with why; not offered to the model. */
  hidden: string[];
  call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<McpCallResult>;
  close(): Promise<void>;
}

export const DEFAULT_START_TIMEOUT_S = 30;
/** A tool call may legitimately take long (a build, a search); the user can always abort. */
const CALL_TIMEOUT_MS = 10 * 60_000;
const STDERR_KEPT = 2000;
/** Ending an HTTP session is a courtesy: a server that does not answer the DELETE is not waited for. */
const TERMINATE_WAIT_MS = 2000;

export interface ConnectOptions {
  name: string;
  setting: McpServerSetting;
  /** The workspace; a stdio server's relative cwd resolves against it. */
  cwd: string;
  version: string;
  /** The session's start-up: aborted (Ctrl-C), the server is given up at once. */
  signal?: AbortSignal;
}

/** tools/list with each tool kept raw: one the SDK's schema rejects must not sink the others. */
const RawToolPageSchema = PaginatedResultSchema.extend({ tools: z.array(z.unknown()) });
/**
 * tools/call with each content block kept raw: the SDK's CallToolResultSchema turned one block
 * of a type MCP does not define into a failed call whose message was a page of zod issues;
 * mcp-content.ts names such a block and keeps the rest.
 */
const RawCallResultSchema = z.looseObject({ content: z.array(z.unknown()).optional(), isError: z.unknown().optional() });

export async function connectMcpServer(options: ConnectOptions): Promise<McpConnection> {
  const { setting } = options;
  // Roots: servers that work on "the project" (filesystem, git) learn which folder it is.
  const client = new Client({ name: "mini-agent", version: options.version }, { capabilities: { roots: { listChanged: false } } });
  const root = { uri: pathToFileURL(options.cwd).href, name: path.basename(options.cwd) || options.cwd };
  client.setRequestHandler(ListRootsRequestSchema, async () => ({ roots: [root] }));
  let stderrTail = "";
  /** How a stdio server ended, once it has. */
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitNote = () => {
    // Stopped by us for breaking the protocol: that, not the kill signal, is why it ended.
    const failure = transport instanceof GroupStdioTransport ? transport.failure : undefined;
    if (failure) return `: it ${failure}, so it was stopped`;
    const how = exit?.signal ? ` (killed by ${exit.signal})` : exit?.code !== null && exit?.code !== undefined ? ` (exit code ${exit.code})` : "";
    const said = stderrTail.trim() ? `; its stderr ended: ${stderrTail.trim().split("\n").slice(-3).join(" | ")}` : "";
    return `${how}${said}`;
  };
  /** The server process, watched from its spawn until it closes (mcp-children.ts). */
  let closed = false;
  let forget: (() => void) | undefined;
  const serverPid = (): number | undefined => (!(transport instanceof StreamableHTTPClientTransport) && !closed ? (transport.pid ?? undefined) : undefined);
  const watch = () => {
    const pid = serverPid();
    if (pid !== undefined && !forget) forget = watchServerProcess(pid);
  };
  let transport: GroupStdioTransport | StdioClientTransport | StreamableHTTPClientTransport;
  if (setting.type === "stdio") {
    const params = {
      command: setting.command,
      args: setting.args,
      // Only the SDK's safe variables (PATH, HOME, …) plus what the config names: our API keys stay ours.
      env: { ...getDefaultEnvironment(), ...(setting.env ?? {}) },
      cwd: setting.cwd ? path.resolve(options.cwd, setting.cwd) : options.cwd,
    };
    // Windows has no process groups; there the SDK's transport (cross-spawn finds .cmd shims).
    const stdio = process.platform === "win32" ? new StdioClientTransport({ ...params, stderr: "pipe" }) : new GroupStdioTransport(params);
    stdio.stderr?.on("data", (chunk: Buffer) => {
      // Begun at a word's edge: the last part of a key the server printed would pass the redactor.
      stderrTail = clipTail(stderrTail + chunk.toString("utf8"), STDERR_KEPT);
    });
    // Set before connect: the SDK's client chains its own handler after this one.
    stdio.onclose = () => {
      closed = true;
      forget?.();
    };
    if (stdio instanceof GroupStdioTransport) stdio.onexit = (code, signal) => void (exit = { code, signal });
    transport = stdio;
  } else {
    transport = new StreamableHTTPClientTransport(new URL(setting.url), { fetch: cappedFetch(), ...(setting.headers ? { requestInit: { headers: setting.headers } } : {}) });
  }

  const timeoutS = setting.timeout ?? DEFAULT_START_TIMEOUT_S;
  const timer = AbortSignal.timeout(timeoutS * 1000);
  const startup = options.signal ? AbortSignal.any([timer, options.signal]) : timer;
  try {
    await client.connect(transport, { signal: startup, timeout: timeoutS * 1000 });
    watch();
    const tools: McpRemoteTool[] = [];
    const hidden: string[] = [];
    let cursor: string | undefined;
    do {
      // Not client.listTools: it parses the page as a whole, so one malformed tool dropped the
      // server's every tool. Its cache of output validators is not needed: results are read as
      // content, and task-only tools are never offered.
      const page = await client.request({ method: "tools/list", params: cursor ? { cursor } : {} }, RawToolPageSchema, { signal: startup, timeout: timeoutS * 1000 });
      for (const raw of page.tools) {
        const listed = remoteTool(raw);
        if ("hidden" in listed) hidden.push(listed.hidden);
        else tools.push(listed);
      }
      cursor = page.nextCursor;
    } while (cursor);
    return {
      server: options.name,
      tools,
      hidden,
      async call(tool, args, signal) {
        if (closed) throw new Error(`has exited${exitNote()}; its tools cannot be called again in this session`);
        // The SDK adds an abort listener to the signal it is given and never removes it: given
        // the turn's signal, a dozen calls in one turn made Node warn of a listener leak. It
        // gets a signal of its own per call; ours holds one listener, removed when the call ends.
        const own = new AbortController();
        const forward = () => own.abort(signal.reason);
        if (signal.aborted) own.abort(signal.reason);
        else signal.addEventListener("abort", forward, { once: true });
        try {
          const result = await client.request({ method: "tools/call", params: { name: tool, arguments: args } }, RawCallResultSchema, { signal: own.signal, timeout: CALL_TIMEOUT_MS });
          const { text, images } = mcpContent(result.content);
          return { text, images, isError: result.isError === true };
        } catch (error) {
          // "Connection closed" says nothing of why: the server died under the call.
          if (closed && !signal.aborted) throw new Error(`exited during the call${exitNote()}`);
          if (!signal.aborted && error instanceof Error) throw new Error(clipMessage(error.message));
          throw error;
        } finally {
          signal.removeEventListener("abort", forward);
        }
      },
      async close() {
        if (transport instanceof StreamableHTTPClientTransport) await endHttpSession(transport);
        await client.close();
      },
    };
  } catch (error) {
    // A server that failed to start is stopped now, not after the SDK's 2 s grace for a
    // clean exit on end-of-input: a hung one would ignore that and hold the session up.
    const pid = serverPid();
    if (pid !== undefined) stopServerProcess(pid);
    await client.close().catch(() => {});
    const failure = transport instanceof GroupStdioTransport ? transport.failure : undefined;
    const why = options.signal?.aborted ? "start-up interrupted" : timer.aborted ? `did not answer within ${timeoutS} s` : failure ? `it ${failure}` : startError(error, setting);
    const said = stderrTail.trim() ? ` (stderr: ${stderrTail.trim().split("\n").slice(-3).join(" | ")})` : "";
    throw new Error(`MCP server ${options.name} failed to start: ${why}${said}`);
  }
}

/** The longest tool name a notice quotes: a server may send any string at all. */
const LABEL_CHARS = 80;

/**
 * One listed tool as we offer it, or why it is not offered (named, for the start-up notice).
 * Reading one may throw (a schema nested thousands deep overflows the stack): that tool is
 * left out, not the server with every other tool it has.
 */
function remoteTool(raw: unknown): McpRemoteTool | { hidden: string } {
  const named = typeof raw === "object" && raw !== null && typeof (raw as { name?: unknown }).name === "string" ? (raw as { name: string }).name : undefined;
  const label = named === undefined ? "a tool with no name" : toolLabel(named);
  try {
    return readTool(raw, label);
  } catch (error) {
    return { hidden: `${label} (unreadable: ${(error as Error).message})` };
  }
}

/** A plain name as it is; one with spaces, newlines, escapes or other odd characters quoted, so it shows as one token; a long one cut. */
function toolLabel(name: string): string {
  const cut = name.length > LABEL_CHARS ? `${name.slice(0, LABEL_CHARS)}…` : name;
  return /^[\x21-\x7e]+$/.test(cut) ? cut : JSON.stringify(cut);
}

function readTool(raw: unknown, label: string): McpRemoteTool | { hidden: string } {
  const parsed = ToolSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { hidden: `${label} (malformed: ${issue ? `${issue.path.join(".") || "(top)"}: ${issue.message}` : "unreadable"})` };
  }
  const tool = parsed.data;
  if (tool.name.trim() === "") return { hidden: "a tool with an empty name" };
  // A task-only tool answers a plain call with an error: offering it would only fail.
  if (tool.execution?.taskSupport === "required") return { hidden: `${label} (runs only as an MCP task, which mini-agent does not start)` };
  const inputSchema = tool.inputSchema as Record<string, unknown>;
  const problem = inputSchemaProblem(inputSchema);
  if (problem) return { hidden: `${label} (${problem})` };
  return { name: tool.name, description: tool.description ?? tool.title ?? "", inputSchema, readOnly: tool.annotations?.readOnlyHint === true };
}

/** Why a server did not start, with the cause a bare "fetch failed" hides (ECONNREFUSED, a DNS failure). */
function startError(error: unknown, setting: McpServerSetting): string {
  const message = error instanceof Error ? error.message : String(error);
  const cause = error instanceof Error && error.cause instanceof Error ? (error.cause as NodeJS.ErrnoException) : undefined;
  const because = cause && !message.includes(cause.message) ? ` (${cause.code ?? cause.message})` : "";
  // The address without its query, which may carry a token.
  const where = setting.type === "http" ? `${addressOf(setting.url)}: ` : "";
  return `${where}${clipMessage(message)}${because}`;
}

/** The longest error text a notice or a call's result quotes from a server. */
const MESSAGE_CHARS = 500;

/**
 * One line of at most MESSAGE_CHARS: the SDK quotes an HTTP error's body whole, so a server
 * answering 500 with a 2 MB page put all of it on stderr and into the session file.
 */
function clipMessage(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  // Cut at a word's edge: half a key in the body would pass the redactor.
  return clipHead(line, MESSAGE_CHARS);
}

function addressOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return "(unreadable URL)";
  }
}

/** Ends a streamable-HTTP session with DELETE, as the spec asks; a failure only costs the server a session. */
async function endHttpSession(transport: StreamableHTTPClientTransport): Promise<void> {
  if (!transport.sessionId) return;
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, TERMINATE_WAIT_MS);
  });
  await Promise.race([transport.terminateSession().catch(() => {}), waited]);
  clearTimeout(timer);
}
