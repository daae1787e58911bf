// Chooses the model for a run: the scripted fake (FAKE_LLM) or a configured provider,
// plus the settings that come with it (system prompt, limits, permissions).
import os from "node:os";
import { UsageError, type CliOptions } from "../config/cli-options.js";
import { ConfigError, resolveConfig, type ConfigFiles, type ResolvedConfig } from "../config/resolve-config.js";
import { sourceReport } from "../config/source-report.js";
import { buildSystemPrompt, readPromptFiles } from "../config/system-prompt.js";
import type { UserRules } from "../engine/approval/rules/user-rules.js";
import { FakeScriptError, loadFakeScript } from "../engine/llm/fake/fake-script.js";
import { FakeProvider } from "../engine/llm/fake/fake.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../engine/llm/provider.js";
import type { SessionState } from "../engine/state/state.js";
import { formatRestoreForPrompt } from "../engine/checkpoint/restore-note.js";
import { formatTodosForPrompt } from "../engine/tools/todo-write.js";
import type { ScopedHooks } from "../engine/extensions/hooks/hook-settings.js";
import type { ScopedMcpServer } from "../engine/extensions/mcp/mcp-settings.js";
import { secretsFromSettings, urlPasswords } from "../engine/secrets/env-secrets.js";
import type { VariantConfig } from "../engine/extensions/variants/agent-variants.js";
import type { WebSearchConfig } from "../engine/tools/web/web-search.js";
import type { SandboxNetwork } from "../engine/sandbox/net-allowlist.js";

export interface ModelSetup {
  provider: ModelProvider;
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
  maxRounds?: number;
  thinking?: ThinkingLevel;
  contextBudget?: number;
  sandbox?: string;
  /** What sandboxed commands may reach (config "sandbox_network"); absent: the default registries. */
  sandboxNetwork?: SandboxNetwork;
  readRoots?: string[];
  /** `permissions` from .agent.json: allow/deny rules such as `run_command(npm run lint:*)`. */
  permissions?: UserRules;
  webSearch?: WebSearchConfig;
  /** Agent variants and tool sets from config. */
  variants?: VariantConfig;
  /** Hooks and MCP servers per config file (the project's only when it is trusted). */
  codeRunning?: { hooks?: ScopedHooks[]; mcpServers?: ScopedMcpServer[] };
  /** Secret values (the API key) to redact from every event. */
  secrets?: string[];
}

export interface ModelSetupInput {
  options: CliOptions;
  env: NodeJS.ProcessEnv;
  cwd: string;
  version: string;
  /** The project is trusted: its settings that move data or widen power apply (ADR 0033). */
  projectTrusted?: boolean;
  /** The config files the trust decision read, so start-up reads them once. */
  configFiles?: ConfigFiles;
  /** Progress and warnings for stderr. */
  warn(message: string): void;
  info(line: string): void;
}

function resolve(input: ModelSetupInput): ResolvedConfig {
  const { options } = input;
  try {
    return resolveConfig({
      env: input.env,
      cwd: input.cwd,
      home: input.env.HOME ?? input.env.USERPROFILE ?? os.homedir(),
      ...(input.projectTrusted ? { projectTrusted: true } : {}),
      ...(input.configFiles ? { files: input.configFiles } : {}),
      flags: {
        ...(options.provider !== undefined ? { provider: options.provider } : {}),
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(options.thinking !== undefined ? { thinking: options.thinking } : {}),
      },
    });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
}

async function createModel(config: ResolvedConfig, input: ModelSetupInput): Promise<ModelProvider> {
  if (config.protocol === "fake") {
    try {
      return new FakeProvider(await loadFakeScript(input.env.FAKE_LLM ?? "1", input.cwd), input.env.FAKE_LLM_RECORD);
    } catch (error) {
      if (error instanceof FakeScriptError) throw new UsageError(error.message);
      throw error;
    }
  }
  // Adapters and SDKs load only here, and only the one that is used.
  const { createProvider } = await import("../engine/llm/create-provider.js");
  return createProvider(config, {
    version: input.version,
    ...(config.firstByteTimeoutS !== undefined ? { firstByteTimeoutMs: config.firstByteTimeoutS * 1000 } : {}),
    ...(config.idleTimeoutS !== undefined ? { idleTimeoutMs: config.idleTimeoutS * 1000 } : {}),
  });
}

export async function resolveModel(input: ModelSetupInput): Promise<ModelSetup> {
  const config = resolve(input);
  if (config.protocol === "fake") {
    for (const warning of config.warnings) input.warn(warning);
  } else {
    for (const line of sourceReport(config)) input.info(line);
  }
  // The prompt files are read once, here, before the provider loads: the user's own unusable
  // prompt file stops start-up (exit 2), a skipped project one is a start-up notice. The prompt
  // is built once per tool list, and the todo list is appended fresh for every step.
  const promptFile = config.systemPromptFile ? { systemPromptFile: { path: config.systemPromptFile, source: config.sources.system_prompt_file } } : {};
  let promptFiles;
  try {
    promptFiles = readPromptFiles({ cwd: input.cwd, env: input.env, ...promptFile });
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  }
  for (const notice of promptFiles.notices) input.warn(notice);
  const provider = await createModel(config, input);

  const { replace, append } = input.options.callerPrompt ?? {};
  const callerPrompt = { ...(replace !== undefined ? { replace } : {}), ...(append !== undefined ? { extra: append } : {}) };
  let cached: { tools: readonly ToolSpec[]; text: string } | undefined;
  const basePrompt = (tools: readonly ToolSpec[]) => {
    if (cached?.tools !== tools) cached = { tools, text: buildSystemPrompt({ cwd: input.cwd, tools, files: promptFiles, ...callerPrompt }) };
    return cached.text;
  };
  return {
    provider,
    systemPrompt: (tools, state) =>
      [basePrompt(tools), formatRestoreForPrompt(state.restored), formatTodosForPrompt(state.todos)].filter(Boolean).join("\n\n"),
    maxRounds: config.maxRounds,
    ...(config.contextBudget !== undefined ? { contextBudget: config.contextBudget } : {}),
    ...(config.protocol === "fake" ? {} : { thinking: config.thinking }),
    ...(config.sandbox !== undefined ? { sandbox: config.sandbox } : {}),
    ...(config.sandboxNetwork ? { sandboxNetwork: config.sandboxNetwork } : {}),
    ...(config.readRoots ? { readRoots: config.readRoots } : {}),
    ...(permissionsWith(config.permissions, input.options.extraPermissions) ?? {}),
    ...(config.webSearch ? { webSearch: config.webSearch } : {}),
    ...(config.variants ? { variants: config.variants } : {}),
    codeRunning: {
      ...(config.hooks ? { hooks: config.hooks } : {}),
      ...mcpServersWith(config.mcpServers, input.options.extraMcpServers),
    },
    // Keys in the config: every provider's (a model switch may reach any), web search's, those in their URLs (a gateway's
    // `?api-key=…`, a password) and those given to MCP servers (env, headers, URL).
    secrets: [
      ...(config.credentials ?? []),
      ...[config.apiKey, config.webSearch?.apiKey].filter((secret): secret is string => Boolean(secret)),
      ...[config.baseUrl, config.webSearch?.baseUrl].flatMap((url) => (url ? urlPasswords(url) : [])),
      ...secretsFromSettings((mcpServersWith(config.mcpServers, input.options.extraMcpServers).mcpServers ?? []).map((server) => server.setting)),
    ],
  };
}

/** The config's rules plus the caller's (flags): deny still beats allow across both. */
function permissionsWith(config: UserRules | undefined, extra: UserRules | undefined): { permissions: UserRules } | undefined {
  if (!extra) return config ? { permissions: config } : undefined;
  const allow = [...(config?.allow ?? []), ...(extra.allow ?? [])];
  const deny = [...(config?.deny ?? []), ...(extra.deny ?? [])];
  return { permissions: { ...(allow.length ? { allow } : {}), ...(deny.length ? { deny } : {}) } };
}

/** The caller's servers first; a config server of the same name gives way, all of them under `only`. */
function mcpServersWith(config: ScopedMcpServer[] | undefined, extra: CliOptions["extraMcpServers"]): { mcpServers?: ScopedMcpServer[] } {
  if (!extra) return config ? { mcpServers: config } : {};
  const named = new Set(extra.servers.map((server) => server.name));
  const kept = extra.only ? [] : (config ?? []).filter((server) => !named.has(server.name));
  const servers = [...extra.servers, ...kept];
  return servers.length > 0 ? { mcpServers: servers } : {};
}
