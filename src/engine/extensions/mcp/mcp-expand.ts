// `${VAR}` and `${VAR:-default}` in an MCP server's command, args, env, url and headers, from
// the user's environment, as Claude Code expands them in `.mcp.json`: a config copied from it
// keeps working, and a token stays in the environment instead of pasted into the file. Only
// servers that may run get here, so a project's are expanded only after it is trusted.
import type { McpServerSetting } from "./mcp-settings.js";

const REFERENCE = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-([^}]*))?\}/g;

/** The setting with every reference replaced, and the variables that were unset with no default (each became ""). */
export function expandMcpSetting(setting: McpServerSetting, env: NodeJS.ProcessEnv): { setting: McpServerSetting; unset: string[] } {
  const unset = new Set<string>();
  const expand = (text: string) =>
    text.replace(REFERENCE, (_whole, name: string, fallback: string | undefined) => {
      const value = env[name];
      // As in the shell: `:-` also replaces an empty value.
      if (fallback !== undefined) return value !== undefined && value !== "" ? value : fallback;
      if (value !== undefined) return value;
      unset.add(name);
      return "";
    });
  const expandMap = (map: Record<string, string> | undefined) =>
    map === undefined ? undefined : Object.fromEntries(Object.entries(map).map(([key, value]) => [key, expand(value)]));
  let expanded: McpServerSetting;
  if (setting.type === "stdio") {
    const env = expandMap(setting.env);
    expanded = { ...setting, command: expand(setting.command), args: setting.args.map(expand), ...(env ? { env } : {}) };
  } else {
    const headers = expandMap(setting.headers);
    expanded = { ...setting, url: expand(setting.url), ...(headers ? { headers } : {}) };
  }
  return { setting: expanded, unset: [...unset].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) };
}
