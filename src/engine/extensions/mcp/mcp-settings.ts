// MCP servers in the `.mcp.json` shape, under "mcpServers" in .agent.json or the user config:
//   { "docs": { "command": "node", "args": ["server.js"], "env": {"K": "v"} },
//     "search": { "type": "http", "url": "https://…/mcp", "headers": {"Authorization": "…"} } }
// stdio (the default when `command` is set) and streamable HTTP are supported.
import { timeoutProblem } from "../hooks/hook-settings.js";

export type McpServerSetting =
  | { type: "stdio"; command: string; args: string[]; env?: Record<string, string>; cwd?: string; timeout?: number }
  | { type: "http"; url: string; headers?: Record<string, string>; timeout?: number };

export interface ScopedMcpServer {
  name: string;
  scope: "project" | "user";
  file: string;
  setting: McpServerSetting;
}

const SERVER_NAME = /^[A-Za-z0-9_-]{1,40}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function stringMap(value: unknown): value is Record<string, string> {
  return isObject(value) && Object.values(value).every((v) => typeof v === "string");
}

export function validateMcpServers(value: unknown): { servers: Record<string, McpServerSetting> } | { problem: string } {
  if (!isObject(value)) return { problem: '"mcpServers" must be an object like {"docs": {"command": "node", "args": ["server.js"]}}' };
  const servers: Record<string, McpServerSetting> = {};
  for (const [name, raw] of Object.entries(value)) {
    const where = `"mcpServers.${name}"`;
    // The name becomes part of tool names (mcp__<server>__<tool>), which providers restrict.
    if (!SERVER_NAME.test(name)) return { problem: `${where}: a server name may hold letters, digits, - and _ (at most 40)` };
    if (!isObject(raw)) return { problem: `${where} must be an object` };
    const type = raw.type ?? (raw.url !== undefined ? "http" : "stdio");
    const badTimeout = raw.timeout === undefined ? undefined : timeoutProblem(raw.timeout);
    if (badTimeout) return { problem: `${where}.timeout ${badTimeout}` };
    const timeout = raw.timeout === undefined ? {} : { timeout: raw.timeout as number };
    if (type === "stdio") {
      if (typeof raw.command !== "string" || raw.command.trim() === "") return { problem: `${where}.command must be the program to start` };
      if (raw.args !== undefined && !(Array.isArray(raw.args) && raw.args.every((a) => typeof a === "string"))) return { problem: `${where}.args must be an array of strings` };
      if (raw.env !== undefined && !stringMap(raw.env)) return { problem: `${where}.env must map names to strings` };
      if (raw.cwd !== undefined && typeof raw.cwd !== "string") return { problem: `${where}.cwd must be a path` };
      servers[name] = {
        type: "stdio",
        command: raw.command,
        args: (raw.args as string[] | undefined) ?? [],
        ...(raw.env ? { env: raw.env as Record<string, string> } : {}),
        ...(typeof raw.cwd === "string" ? { cwd: raw.cwd } : {}),
        ...timeout,
      };
    } else if (type === "http" || type === "streamable-http") {
      if (typeof raw.url !== "string" || !/^https?:\/\//.test(raw.url)) return { problem: `${where}.url must be an http(s) URL` };
      if (raw.headers !== undefined && !stringMap(raw.headers)) return { problem: `${where}.headers must map names to strings` };
      servers[name] = { type: "http", url: raw.url, ...(raw.headers ? { headers: raw.headers as Record<string, string> } : {}), ...timeout };
    } else {
      return { problem: `${where}.type ${JSON.stringify(type)} is not supported (use "stdio" or "http"; the older "sse" transport is not)` };
    }
  }
  return { servers };
}
