// MCP servers the SDK names: --mcp-config (JSON text or a file holding it, `{"mcpServers": …}`)
// or the `mcpServers` of the initialize request (the SDK's default delivery). They are the
// caller's explicit choice, so they run like a flag's, whatever the project's trust.
import { readFileSync } from "node:fs";
import path from "node:path";
import { UsageError } from "../config/cli-options.js";
import { validateMcpServers, type ScopedMcpServer } from "../engine/index.js";

/** Servers from one `{ name: setting }` map; the SDK's in-process (`type: "sdk"`) ones are skipped with a notice. */
export function serversFrom(map: unknown, where: string, notices: string[]): ScopedMcpServer[] {
  if (typeof map !== "object" || map === null || Array.isArray(map)) throw new UsageError(`${where}: "mcpServers" must be an object`);
  const runnable: Record<string, unknown> = {};
  for (const [name, setting] of Object.entries(map as Record<string, unknown>)) {
    if ((setting as { type?: unknown } | null)?.type === "sdk") notices.push(`${where}: MCP server ${name} runs inside the SDK's process (type "sdk"), which mini-agent cannot reach; skipped`);
    else runnable[name] = setting;
  }
  const checked = validateMcpServers(runnable);
  if ("problem" in checked) throw new UsageError(`${where}: ${checked.problem}`);
  return Object.entries(checked.servers).map(([name, setting]) => ({ name, scope: "user" as const, file: where, setting }));
}

/** One --mcp-config value: JSON text, or the path of a file holding it. */
export function loadMcpConfig(value: string, cwd: string, notices: string[]): ScopedMcpServer[] {
  const text = value.trim();
  let json = text;
  let where = "--mcp-config";
  if (!text.startsWith("{")) {
    where = `--mcp-config ${value}`;
    try {
      json = readFileSync(path.resolve(cwd, text), "utf8");
    } catch (error) {
      throw new UsageError(`${where}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
    }
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (error) {
    throw new UsageError(`${where}: not valid JSON (${(error as Error).message})`);
  }
  return serversFrom((parsed as { mcpServers?: unknown } | null)?.mcpServers ?? {}, where, notices);
}
