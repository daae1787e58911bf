// Parses the config sections that extend the agent: `agents` (variants), `toolSets`, `hooks`
// and `mcpServers`.
// Every mistake names the file and the key path, like the rest of the config.
import type { VariantSetting } from "../engine/extensions/variants/agent-variants.js";
import { validateHookSettings, type HookSettings } from "../engine/extensions/hooks/hook-settings.js";
import { validateMcpServers, type McpServerSetting } from "../engine/extensions/mcp/mcp-settings.js";
import { ConfigError } from "./config-error.js";
import { parseThinking } from "./config-file.js";

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const VARIANT_NAME = /^[a-z0-9][a-z0-9_-]{0,39}$/;

export function parseToolSets(value: unknown, path: string): Record<string, string[]> {
  if (!isObject(value)) throw new ConfigError(`${path}: "toolSets" must be an object like {"docs": ["read_file", "grep", "mcp__docs__*"]}`);
  const sets: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(value)) {
    if (!Array.isArray(list) || !list.every((entry) => typeof entry === "string" && entry.trim() !== "")) {
      throw new ConfigError(`${path}: "toolSets.${name}" must be an array of tool names (a trailing * matches by prefix)`, ["toolSets", name]);
    }
    sets[name] = (list as string[]).map((entry) => entry.trim());
  }
  return sets;
}

export function parseAgents(value: unknown, path: string): Record<string, VariantSetting> {
  if (!isObject(value)) throw new ConfigError(`${path}: "agents" must be an object like {"docs": {"thinking": "low", "toolSet": "read-only"}}`);
  const agents: Record<string, VariantSetting> = {};
  for (const [name, raw] of Object.entries(value)) {
    const where = `${path}: "agents.${name}"`;
    if (!VARIANT_NAME.test(name)) throw new ConfigError(`${where}: a name may hold lowercase letters, digits, - and _ (at most 40)`, ["agents", name]);
    if (!isObject(raw)) throw new ConfigError(`${where} must be an object with "thinking", "toolSet" and/or "prompt"`, ["agents", name]);
    const setting: VariantSetting = {};
    for (const [key, field] of Object.entries(raw)) {
      const at = ["agents", name, key];
      if (key === "thinking") setting.thinking = parseThinking(field, `${where}.thinking`, at);
      else if (key === "toolSet" || key === "prompt") {
        if (typeof field !== "string" || field.trim() === "") throw new ConfigError(`${where}.${key} must be a non-empty string`, at);
        setting[key] = field.trim();
      } else throw new ConfigError(`${where}.${key} is not a setting (use "thinking", "toolSet" or "prompt")`, at);
    }
    agents[name] = setting;
  }
  return agents;
}

export function parseHooks(value: unknown, path: string): HookSettings {
  const checked = validateHookSettings(value);
  if ("problem" in checked) throw new ConfigError(`${path}: ${checked.problem}`);
  return checked.settings;
}

export function parseMcpServers(value: unknown, path: string): Record<string, McpServerSetting> {
  const checked = validateMcpServers(value);
  if ("problem" in checked) throw new ConfigError(`${path}: ${checked.problem}`);
  return checked.servers;
}
