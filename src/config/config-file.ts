// Reads one JSON config file (project .agent.json or user config.json) and checks its fields.
// Mistakes are reported with the file, line and column, never silently ignored.
// A project's .agent.json comes with the cloned repository, so it is read through the
// workspace jail and bounded (engine/workspace-read); a refused one is a ConfigError naming it.
import os from "node:os";
import { basename, dirname } from "node:path";
import { readUserFile } from "../engine/bounded-read.js";
import { THINKING_LEVELS as LEVELS } from "../engine/protocol/field-values.js";
import { readWorkspaceFile } from "../engine/workspace-read/workspace-file.js";
import type { ThinkingLevel } from "../engine/llm/provider.js";
import { validateUserRule, type UserRules } from "../engine/approval/rules/user-rules.js";
import type { VariantSetting } from "../engine/extensions/variants/agent-variants.js";
import { DEFAULT_SANDBOX_NETWORK, parseHostRule, type SandboxNetwork } from "../engine/sandbox/net-allowlist.js";
import { ConfigError } from "./config-error.js";
import type { HookSettings } from "../engine/extensions/hooks/hook-settings.js";
import type { McpServerSetting } from "../engine/extensions/mcp/mcp-settings.js";
import { parseAgents, parseHooks, parseMcpServers, parseToolSets } from "./extension-settings.js";
import { agentHome } from "./home.js";
import { jsonErrorOffset, positionAt } from "./json-error-position.js";
import { jsonValueOffset } from "./json-value-position.js";
import { isHttpUrl } from "./proxy-settings.js";

// One list for config, flags and ops (engine/protocol/field-values.ts).
export const THINKING_LEVELS: readonly ThinkingLevel[] = LEVELS;

export interface FileConfig {
  provider?: string;
  api_key?: string;
  base_url?: string;
  model?: string;
  thinking?: ThinkingLevel;
  system_prompt_file?: string;
  context_budget?: number;
  max_rounds?: number;
  first_byte_timeout_s?: number;
  idle_timeout_s?: number;
  sandbox?: SandboxSetting;
  /** What sandboxed commands may reach (ADR 0037): "on", "off", or a list of hosts ("defaults" = the registries). */
  sandbox_network?: SandboxNetwork;
  /** The registry index URL (`mini-agent registry …`). */
  registry?: string;
  read_roots?: string[];
  permissions?: UserRules;
  web_search?: WebSearchSetting;
  agents?: Record<string, VariantSetting>;
  toolSets?: Record<string, string[]>;
  hooks?: HookSettings;
  mcpServers?: Record<string, McpServerSetting>;
}

/** A search backend for the web_search tool; without one the tool is not offered. */
export interface WebSearchSetting {
  provider: "brave" | "tavily";
  api_key: string;
  base_url?: string;
}

export interface LoadedConfigFile {
  path: string;
  values: FileConfig;
  /** Keys we do not know, reported as warnings (a typo should not pass unnoticed). */
  unknownKeys: string[];
  /** Settings skipped for a mistake (a lenient read only), reported as warnings. */
  problems: string[];
}

const STRING_KEYS = ["provider", "api_key", "base_url", "model", "system_prompt_file", "registry"] as const;
const INTEGER_KEYS = ["context_budget", "max_rounds", "first_byte_timeout_s", "idle_timeout_s"] as const;
/**
 * The largest value of each: exact as a JavaScript number, and a timeout within Node's timers
 * (a delay past 2^31-1 ms fires at once, so a huge timeout would time every request out).
 */
const TIMER_MAX_S = Math.floor((2 ** 31 - 1) / 1000);
const INTEGER_MAX: Record<(typeof INTEGER_KEYS)[number], number> = {
  context_budget: Number.MAX_SAFE_INTEGER,
  max_rounds: Number.MAX_SAFE_INTEGER,
  first_byte_timeout_s: TIMER_MAX_S,
  idle_timeout_s: TIMER_MAX_S,
};
const KNOWN = new Set<string>([
  ...STRING_KEYS,
  ...INTEGER_KEYS,
  ...["sandbox", "sandbox_network", "thinking", "read_roots", "permissions", "web_search", "agents", "toolSets", "hooks", "mcpServers", "$schema"],
]);

/** A config file is a page of settings; a larger one is refused, never read whole. */
export const MAX_CONFIG_FILE_BYTES = 1_000_000;

export interface ConfigFileScope {
  /**
   * For a project's `.agent.json`: the workspace it must stay inside (no symlink out of it, no
   * credential store, no device, FIFO or hard link). Without it the file is the user's own
   * and may be a symlink anywhere, but must still be a regular file within the cap.
   */
  workspace?: string;
  /** The agent home, which a project file may not lead into; default from MINI_AGENT_HOME. */
  agentHome?: string;
}

/** `.agent.json` is a project's file, read inside its folder; any other name is the user's. */
export function defaultConfigScope(path: string): ConfigFileScope {
  return basename(path) === ".agent.json" ? { workspace: dirname(path) } : {};
}

/** Undefined when the file does not exist. `lenient`: see parseConfigText. */
export function readConfigFile(
  path: string,
  scope: ConfigFileScope = defaultConfigScope(path),
  options: { lenient?: boolean } = {},
): LoadedConfigFile | undefined {
  const limits = { maxBytes: MAX_CONFIG_FILE_BYTES, what: "config file" };
  const read = scope.workspace
    ? readWorkspaceFile(scope.workspace, path, { ...limits, deniedDirs: [scope.agentHome ?? agentHome(process.env, os.homedir(), scope.workspace)] })
    : readUserFile(path, limits);
  if (!read.ok) {
    if (read.kind === "missing") return undefined;
    throw new ConfigError(`Cannot read ${path}: ${read.detail}`);
  }
  return parseConfigText(read.text.replace(/^\uFEFF/, ""), path, options);
}

/** The registry index is fetched over https only: anything else is a setting to fix, said at once. */
export function isHttpsUrl(value: string): boolean {
  return isHttpUrl(value, ["https:"]);
}

export function notHttps(value: string): string {
  return `${JSON.stringify(value)} is not an https:// URL (the registry is fetched over https only), e.g. https://example.com/index.json`;
}

export function parseConfigText(text: string, path: string, options: { lenient?: boolean } = {}): LoadedConfigFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    const offset = jsonErrorOffset(text) ?? 0;
    const { line, column } = positionAt(text, offset);
    throw new ConfigError(`Invalid JSON in ${path} at line ${line}, column ${column}: ${(err as Error).message}`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new ConfigError(`${path} must contain a JSON object, e.g. {"provider": "kimi"}`);
  }
  const input = raw as Record<string, unknown>;
  const values: FileConfig = {};
  const problems: string[] = [];
  // Strict (the user's own file): the first mistake stops with its message. Lenient (a
  // project's file, untrusted input): a bad setting is reported and skipped, the rest applies.
  // Either way the message names the line and column of the value at fault.
  const field = (key: string, parse: () => void) => {
    if (input[key] === undefined || input[key] === null) return;
    try {
      parse();
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      const located = locate(error, text, path, key);
      if (!options.lenient) throw located;
      problems.push(`${located.message} (the setting was ignored)`);
    }
  };
  for (const key of STRING_KEYS) {
    field(key, () => {
      const value = input[key];
      if (typeof value !== "string" || value.trim() === "") throw new ConfigError(`${path}: "${key}" must be a non-empty string`);
      if (key === "registry" && !isHttpsUrl(value.trim())) throw new ConfigError(`${path}: "registry" ${notHttps(value.trim())}`);
      values[key] = value.trim();
    });
  }
  for (const key of INTEGER_KEYS) {
    field(key, () => {
      const value = input[key];
      if (typeof value !== "number" || !Number.isSafeInteger(value) || value <= 0 || value > INTEGER_MAX[key]) {
        throw new ConfigError(`${path}: "${key}" must be a positive whole number of at most ${INTEGER_MAX[key]}, got ${JSON.stringify(value)}`);
      }
      values[key] = value;
    });
  }
  field("sandbox", () => (values.sandbox = parseSandbox(input["sandbox"], path)));
  field("sandbox_network", () => (values.sandbox_network = parseSandboxNetwork(input["sandbox_network"], path)));
  field("thinking", () => (values.thinking = parseThinking(input["thinking"], `${path}: "thinking"`)));
  field("read_roots", () => {
    const roots = input["read_roots"];
    if (!Array.isArray(roots) || !roots.every((r) => typeof r === "string")) {
      throw new ConfigError(`${path}: "read_roots" must be an array of paths`);
    }
    values.read_roots = roots as string[];
  });
  field("web_search", () => (values.web_search = parseWebSearch(input["web_search"], path)));
  field("permissions", () => (values.permissions = parsePermissions(input["permissions"], path)));
  field("agents", () => (values.agents = parseAgents(input["agents"], path)));
  field("toolSets", () => (values.toolSets = parseToolSets(input["toolSets"], path)));
  field("hooks", () => (values.hooks = parseHooks(input["hooks"], path)));
  field("mcpServers", () => (values.mcpServers = parseMcpServers(input["mcpServers"], path)));
  return { path, values, unknownKeys: Object.keys(input).filter((key) => !KNOWN.has(key)), problems };
}

/** "sandbox": a closed set, normalised: "auto", "workspace-write" (also "on", true), "off" (also false). */
export type SandboxSetting = "auto" | "workspace-write" | "off";
const SANDBOX_SPELLINGS = new Map<unknown, SandboxSetting>([
  ["auto", "auto"], ["workspace-write", "workspace-write"], ["on", "workspace-write"], [true, "workspace-write"], ["off", "off"], [false, "off"],
]);

function parseSandbox(value: unknown, path: string): SandboxSetting {
  const setting = SANDBOX_SPELLINGS.get(typeof value === "string" ? value.trim() : value);
  if (setting) return setting;
  throw new ConfigError(`${path}: invalid "sandbox" ${JSON.stringify(value)}; expected one of "auto", "workspace-write", "on", true, "off", false`);
}

/**
 * The error with the line and column of the value at fault: its own path when it names one
 * and that is in the text, else the setting's (the last of a repeated key, as JSON.parse keeps).
 */
function locate(error: ConfigError, text: string, path: string, key: string): ConfigError {
  const offset = (error.at && jsonValueOffset(text, error.at)) ?? jsonValueOffset(text, [key]);
  if (offset === undefined || !error.message.startsWith(`${path}: `)) return error;
  const { line, column } = positionAt(text, offset);
  return new ConfigError(`${path} at line ${line}, column ${column}: ${error.message.slice(path.length + 2)}`, error.at);
}

/** "on"/true, "off"/false, "defaults", or a list of hosts (`registry.npmjs.org`, `*.example.com`, `host:8080`, "defaults"). */
function parseSandboxNetwork(value: unknown, path: string): SandboxNetwork {
  if (value === "on" || value === true) return { mode: "on" };
  if (value === "off" || value === false) return { mode: "allowlist", hosts: [] };
  if (value === "defaults") return DEFAULT_SANDBOX_NETWORK;
  const example = `"on", "off", "defaults" or a list such as ["defaults", "github.com", "*.example.com", "localhost:8080"]`;
  if (!Array.isArray(value)) throw new ConfigError(`${path}: "sandbox_network" must be ${example}, got ${JSON.stringify(value)}`);
  for (const [index, entry] of value.entries()) {
    const at = ["sandbox_network", index];
    if (typeof entry !== "string") throw new ConfigError(`${path}: "sandbox_network" entries must be strings, got ${JSON.stringify(entry)}`, at);
    const rule = entry.trim().toLowerCase() === "defaults" ? undefined : parseHostRule(entry);
    if (typeof rule === "string") throw new ConfigError(`${path}: "sandbox_network": ${rule}`, at);
  }
  return { mode: "allowlist", hosts: value as string[] };
}

function parseWebSearch(value: unknown, path: string): WebSearchSetting {
  const setting = value as Partial<Record<string, unknown>>;
  const example = `{"provider": "brave", "api_key": "…"}`;
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new ConfigError(`${path}: "web_search" must be an object like ${example}`);
  if (setting.provider !== "brave" && setting.provider !== "tavily") {
    throw new ConfigError(`${path}: "web_search.provider" must be "brave" or "tavily", got ${JSON.stringify(setting.provider)}`, ["web_search", "provider"]);
  }
  if (typeof setting.api_key !== "string" || setting.api_key.trim() === "") throw new ConfigError(`${path}: "web_search.api_key" must be a non-empty string`, ["web_search", "api_key"]);
  if (setting.base_url !== undefined && typeof setting.base_url !== "string") throw new ConfigError(`${path}: "web_search.base_url" must be a URL string`, ["web_search", "base_url"]);
  return { provider: setting.provider, api_key: setting.api_key.trim(), ...(setting.base_url ? { base_url: setting.base_url } : {}) };
}

/** `permissions: { allow: ["run_command(npm run lint:*)"], deny: [...] }`, every rule checked. */
function parsePermissions(value: unknown, path: string): UserRules {
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ConfigError(`${path}: "permissions" must be an object like {"allow": [...], "deny": [...]}`);
  }
  const rules: UserRules = {};
  for (const [key, list] of Object.entries(value)) {
    if (key !== "allow" && key !== "deny") throw new ConfigError(`${path}: "permissions.${key}" is not a setting (use "allow" or "deny")`, ["permissions", key]);
    if (!Array.isArray(list) || !list.every((rule) => typeof rule === "string")) {
      throw new ConfigError(`${path}: "permissions.${key}" must be an array of rules such as "run_command(npm test)"`, ["permissions", key]);
    }
    for (const [index, rule] of (list as string[]).entries()) {
      const problem = validateUserRule(rule);
      if (problem) throw new ConfigError(`${path}: "permissions.${key}" rule ${JSON.stringify(rule)}: ${problem}`, ["permissions", key, index]);
    }
    rules[key] = list as string[];
  }
  return rules;
}

/** `at`: where the value is in a config file, when it comes from one below the top level. */
export function parseThinking(value: unknown, where: string, at?: readonly (string | number)[]): ThinkingLevel {
  if (typeof value === "string" && (THINKING_LEVELS as readonly string[]).includes(value)) return value as ThinkingLevel;
  throw new ConfigError(`${where} must be one of ${THINKING_LEVELS.join(", ")}; got ${JSON.stringify(value)}`, at);
}
