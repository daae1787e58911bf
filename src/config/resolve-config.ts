// Resolves the effective configuration. Precedence, highest first: flags (--provider,
// --model, --thinking) > environment > project .agent.json > user $MINI_AGENT_HOME/config.json
// > Kimi Code OAuth login > preset defaults. Reads files, never exits: errors are ConfigError.
import { dirname, isAbsolute, join, resolve } from "node:path";
import type { ThinkingLevel } from "../engine/llm/provider.js";
import type { UserRules } from "../engine/approval/rules/user-rules.js";
import type { ScopedHooks } from "../engine/extensions/hooks/hook-settings.js";
import type { ScopedMcpServer } from "../engine/extensions/mcp/mcp-settings.js";
import { validateVariants, type VariantConfig } from "../engine/extensions/variants/agent-variants.js";
import { DEFAULT_SANDBOX_NETWORK, narrowNetwork, type SandboxNetwork } from "../engine/sandbox/net-allowlist.js";
import { ConfigError } from "./config-error.js";
import { parseThinking, readConfigFile, type FileConfig, type LoadedConfigFile } from "./config-file.js";
import { readClaudeHooks, type ClaudeHooksFile } from "./claude-settings.js";
import { withoutPowers } from "./project-powers.js";
import { agentHome, kimiCodeHome } from "./home.js";
import { readKimiLogin } from "./kimi-credentials.js";
import { credentialsInConfig } from "./known-credentials.js";
import { noCredentialsMessage } from "./messages.js";
import { CUSTOM_PRESET, KIMI_CODING_BASE_URL, PRESETS, presetNames, type Preset } from "./presets.js";
import { checkProxy, isHttpUrl, resolveProxy } from "./proxy-settings.js";
import { DEFAULT_MAX_ROUNDS, DEFAULT_THINKING, type ResolvedConfig } from "./resolved-config.js";

export { ConfigError } from "./config-error.js";
export type { ResolvedConfig } from "./resolved-config.js";

type Env = Readonly<Record<string, string | undefined>>;

export interface ResolveInput {
  env: Env;
  cwd: string;
  /** The user's home directory (os.homedir()). */
  home: string;
  flags: { provider?: string; model?: string; thinking?: string };
  /**
   * The user trusted this project (project-trust-decision.ts). Until then the project's
   * settings that move data or widen power are ignored (project-powers.ts, ADR 0033).
   */
  projectTrusted?: boolean;
  /** The files as the trust decision already read them (read here when absent). */
  files?: ConfigFiles;
}

export interface ConfigFiles {
  project?: LoadedConfigFile;
  user?: LoadedConfigFile;
  /** Hooks from the project's `.claude/settings.json` and `.claude/settings.local.json`; project powers like .agent.json's. */
  claudeHooks?: ClaudeHooksFile[];
  /** A project file that could not be used at all, or settings in it that were skipped. */
  warnings: string[];
}

/**
 * The project's .agent.json and the user's config.json. The user's file is theirs: a mistake
 * in it stops start-up with its message. The project's is untrusted input: a mistake in it is
 * a warning and the setting (or, for broken JSON, the file) is ignored.
 */
export function readConfigFiles(env: Env, cwd: string, home: string): ConfigFiles {
  const userDir = agentHome(env, home, cwd);
  const user = readConfigFile(join(userDir, "config.json"), {});
  const warnings: string[] = [];
  let project: LoadedConfigFile | undefined;
  try {
    // Jailed to the workspace: no symlink out, no device, FIFO or hard link, size-capped.
    project = readConfigFile(join(cwd, ".agent.json"), { workspace: cwd, agentHome: userDir }, { lenient: true });
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    warnings.push(`${error.message}; the project's settings were ignored`);
  }
  warnings.push(...(project?.problems ?? []));
  const claude = readClaudeHooks(cwd, userDir);
  warnings.push(...claude.warnings);
  return { ...(project ? { project } : {}), ...(user ? { user } : {}), ...(claude.files.length > 0 ? { claudeHooks: claude.files } : {}), warnings };
}

interface Candidate<T> {
  value: T | undefined;
  source: string;
}

/** First candidate with a value wins; its source is recorded for the start-up report. */
function pick<T>(candidates: Candidate<T>[]): { value: T; source: string } | undefined {
  for (const c of candidates) if (c.value !== undefined) return { value: c.value, source: c.source };
  return undefined;
}

function envValue(env: Env, name: string): Candidate<string> {
  const value = env[name]?.trim();
  return { value: value === "" ? undefined : value, source: `env ${name}` };
}

export function resolveConfig(input: ResolveInput): ResolvedConfig {
  const { env, cwd, flags } = input;
  const userDir = agentHome(env, input.home, cwd);
  const read = input.files ?? readConfigFiles(env, cwd, input.home);
  const user = read.user;
  const trusted = input.projectTrusted === true;
  // Untrusted, the project keeps only what shapes the work (ADR 0033).
  const project = read.project && !trusted ? { ...read.project, values: withoutPowers(read.project.values, user?.values) } : read.project;
  const files = [project, user].filter((f): f is LoadedConfigFile => f !== undefined);
  const warnings = [
    ...read.warnings,
    ...files.flatMap((f) => f.unknownKeys.map((key) => `${f.path}: unknown setting "${key}" ignored`)),
  ];
  // The provider a file names, even when an untrusted project may not choose it.
  const declaredProvider = (f: LoadedConfigFile) => (f === project ? read.project?.values.provider : f.values.provider);
  const fromFiles = <K extends keyof FileConfig>(key: K, appliesTo?: string): Candidate<NonNullable<FileConfig[K]>>[] =>
    files
      // Provider-specific values in a file that names another provider must not leak across.
      .filter((f) => appliesTo === undefined || declaredProvider(f) === undefined || declaredProvider(f) === appliesTo)
      .map((f) => ({ value: f.values[key] ?? undefined, source: f.path }) as Candidate<NonNullable<FileConfig[K]>>);

  const sources: Record<string, string> = {};
  const record = <T>(name: string, found: { value: T; source: string } | undefined): T | undefined => {
    if (found) sources[name] = found.source;
    return found?.value;
  };

  // General settings, independent of the provider.
  const thinkingFlag = flags.thinking === undefined ? undefined : parseThinking(flags.thinking, "--thinking");
  const thinking =
    record<ThinkingLevel>("thinking", pick([{ value: thinkingFlag, source: "flag --thinking" }, ...fromFiles("thinking")])) ??
    ((sources["thinking"] = "default"), DEFAULT_THINKING);
  const maxRounds =
    record("max_rounds", pick(fromFiles("max_rounds"))) ?? ((sources["max_rounds"] = "default"), DEFAULT_MAX_ROUNDS);
  const contextBudget = record("context_budget", pick(fromFiles("context_budget")));
  const firstByteTimeoutS = record("first_byte_timeout_s", pick(fromFiles("first_byte_timeout_s")));
  const idleTimeoutS = record("idle_timeout_s", pick(fromFiles("idle_timeout_s")));
  const promptFile = pick(fromFiles("system_prompt_file"));
  if (promptFile) sources["system_prompt_file"] = promptFile.source;
  const sandbox = record("sandbox", pick(fromFiles("sandbox")));
  const readRootsFound = pick(fromFiles("read_roots"));
  const readRoots = record("read_roots", readRootsFound);
  const sandboxNetwork = resolveSandboxNetwork(read, sources, warnings);
  const proxy = resolveProxy(env, sources);
  const permissions = mergePermissions(files);
  const webSearch = resolveWebSearch(env, files, sources);
  const variants = mergeVariants(files, project, warnings);
  // Claude Code's project hooks are project powers: only a trusted project's run (ADR 0033).
  const codeRunning = codeRunningSettings(project, user, trusted ? (read.claudeHooks ?? []) : []);

  // Read once: its token is a known secret whichever provider runs, and the kimi provider's key.
  const kimiLogin = readKimiLogin(kimiCodeHome(env, input.home));
  const shared = {
    // The raw files: an untrusted project's key, unused, is still a secret.
    credentials: credentialsInConfig(read, kimiLogin),
    thinking,
    maxRounds,
    warnings,
    sources,
    ...(contextBudget !== undefined ? { contextBudget } : {}),
    ...(firstByteTimeoutS !== undefined ? { firstByteTimeoutS } : {}),
    ...(idleTimeoutS !== undefined ? { idleTimeoutS } : {}),
    // Relative to the file that names it, so a user-level prompt works from any project.
    ...(promptFile ? { systemPromptFile: absolute(promptFile.value as string, dirname(promptFile.source)) } : {}),
    ...(sandbox !== undefined ? { sandbox } : {}),
    ...(sandboxNetwork ? { sandboxNetwork } : {}),
    // `~/x` is in the home; a relative root is relative to the file that names it, as the prompt file is.
    ...(readRoots !== undefined ? { readRoots: readRoots.map((r) => absolute(homeRelative(r, input.home), dirname(readRootsFound!.source))) } : {}),
    ...(proxy ? { proxy } : {}),
    ...(permissions ? { permissions } : {}),
    ...(webSearch ? { webSearch } : {}),
    ...(variants ? { variants } : {}),
    ...codeRunning,
  };

  // FAKE_LLM=1 is the demo, any other value a script path; either way no credentials.
  const fake = env["FAKE_LLM"]?.trim();
  if (fake && fake !== "0" && flags.provider === undefined) {
    sources["provider"] = "env FAKE_LLM";
    sources["model"] = "env FAKE_LLM";
    return { provider: "fake", protocol: "fake", model: flags.model ?? "fake", thinkingDialect: "none", reasoningEcho: false, ...shared };
  }
  // Only a provider's requests go through the proxy: the scripted model never reads it.
  checkProxy(proxy, sources);

  const provider = record(
    "provider",
    pick([
      { value: flags.provider?.trim() || undefined, source: "flag --provider" },
      ...fromFiles("provider"),
      inferProvider(env),
      { value: "kimi", source: "default" },
    ]),
  ) as string;
  const preset: Preset | undefined = PRESETS[provider];
  const envFor = (suffix: string): Candidate<string>[] => (preset ? [envValue(env, `${preset.envPrefix}_${suffix}`)] : []);

  const model = record(
    "model",
    pick([
      { value: flags.model?.trim() || undefined, source: "flag --model" },
      ...envFor("MODEL"),
      ...fromFiles("model", provider),
      { value: preset?.defaultModel, source: `preset ${provider}` },
    ]),
  );
  const baseUrlCandidates = (from: LoadedConfigFile[]) => [
    ...envFor("BASE_URL"),
    ...fromFiles("base_url", provider).filter((c) => from.some((f) => f.path === c.source)),
    { value: preset?.baseUrl, source: `preset ${provider}` },
  ];
  let baseUrl = record("base_url", pick(baseUrlCandidates(files)));
  if (!preset && (baseUrl === undefined || model === undefined)) {
    throw new ConfigError(
      `Provider "${provider}" is not one of the presets (${presetNames().join(", ")}). ` +
        `A custom provider needs "base_url" and "model" in .agent.json or ${join(userDir, "config.json")}` +
        ` (missing: ${[baseUrl === undefined ? "base_url" : "", model === undefined ? "model" : ""].filter(Boolean).join(", ")}).`,
    );
  }
  if (model === undefined) {
    throw new ConfigError(
      `Provider "${provider}" has no default model: pass --model, set ${preset?.envPrefix}_MODEL, or put "model" in .agent.json.`,
    );
  }

  const keyCandidates: Candidate<string>[] = [...envFor("API_KEY"), ...fromFiles("api_key", provider)];
  let apiKeyFound = pick(keyCandidates);
  if (!apiKeyFound && provider === "kimi" && baseUrl === KIMI_CODING_BASE_URL) {
    if ("found" in kimiLogin) apiKeyFound = { value: kimiLogin.found.token, source: `Kimi Code login ${kimiLogin.found.path}` };
    else if ("problem" in kimiLogin) warnings.push(kimiLogin.problem);
  }
  // A project never sends the user's key to a host only the project named, trusted or not.
  if (project && sources["base_url"] === project.path && apiKeyFound && apiKeyFound.source !== project.path) {
    warnings.push(
      `${project.path}: "base_url" ${baseUrl} ignored: your key (${apiKeyFound.source}) is sent only to hosts you configured; ` +
        `to use this host, set ${preset ? `${preset.envPrefix}_BASE_URL or ` : ""}"base_url" in ${join(userDir, "config.json")}`,
    );
    baseUrl = record("base_url", pick(baseUrlCandidates(files.filter((f) => f !== project))));
    if (baseUrl === undefined) {
      delete sources["base_url"];
      throw new ConfigError(`Provider "${provider}" has no base_url you configured: put "base_url" in ${join(userDir, "config.json")}.`);
    }
  }
  if (baseUrl !== undefined && !isHttpUrl(baseUrl)) {
    // Said now, not after a round of retries against a host that cannot exist.
    throw new ConfigError(`base_url ${JSON.stringify(baseUrl)} (from ${sources["base_url"]}) is not an http:// or https:// URL, e.g. https://api.openai.com/v1`);
  }
  const apiKey = record("api_key", apiKeyFound);
  const settings = preset ?? { ...CUSTOM_PRESET, envPrefix: "", baseUrl: baseUrl as string };
  if (settings.needsKey && apiKey === undefined) {
    throw new ConfigError(noCredentialsMessage(provider, preset?.envPrefix, userDir));
  }
  return {
    provider,
    protocol: settings.protocol,
    model,
    ...(apiKey !== undefined ? { apiKey, apiKeySource: sources["api_key"] as string } : {}),
    ...(baseUrl !== undefined ? { baseUrl: baseUrl.replace(/\/+$/, "") } : {}),
    thinkingDialect: settings.thinkingDialect,
    reasoningEcho: settings.reasoningEcho,
    ...shared,
  };
}

/**
 * "sandbox_network" is the user's to widen: a project's (trusted or not) only narrows it, and
 * whatever it names beyond the user's list is dropped with a warning.
 */
function resolveSandboxNetwork(read: ConfigFiles, sources: Record<string, string>, warnings: string[]): SandboxNetwork | undefined {
  const user = read.user?.values.sandbox_network;
  const project = read.project?.values.sandbox_network;
  if (!user && !project) return undefined;
  if (user && read.user) sources["sandbox_network"] = read.user.path;
  if (!project || !read.project) return user;
  const { network, dropped } = narrowNetwork(user ?? DEFAULT_SANDBOX_NETWORK, project);
  if (dropped.length > 0) warnings.push(`${read.project.path}: "sandbox_network" can only narrow your own list; ignored: ${dropped.join(", ")}`);
  sources["sandbox_network"] = read.project.path;
  return network;
}

/** Without an explicit provider, the key that is set decides (OPENAI_API_KEY alone ⇒ openai). */
function inferProvider(env: Env): Candidate<string> {
  for (const [name, provider] of [
    ["KIMI_API_KEY", "kimi"],
    ["OPENAI_API_KEY", "openai"],
    ["ANTHROPIC_API_KEY", "anthropic"],
  ] as const) {
    if (env[name]?.trim()) return { value: provider, source: `inferred from env ${name}` };
  }
  return { value: undefined, source: "" };
}

/** Environment first (BRAVE_API_KEY, TAVILY_API_KEY), then the first file that sets one. */
function resolveWebSearch(env: Env, files: LoadedConfigFile[], sources: Record<string, string>): ResolvedConfig["webSearch"] {
  for (const [name, provider] of [["BRAVE_API_KEY", "brave"], ["TAVILY_API_KEY", "tavily"]] as const) {
    const key = env[name]?.trim();
    if (key) {
      sources["web_search"] = `env ${name}`;
      return { provider, apiKey: key };
    }
  }
  const file = files.find((candidate) => candidate.values.web_search);
  const setting = file?.values.web_search;
  if (!file || !setting) return undefined;
  sources["web_search"] = file.path;
  return { provider: setting.provider, apiKey: setting.api_key, ...(setting.base_url ? { baseUrl: setting.base_url } : {}) };
}

/** Rules from the project and the user file together: a deny anywhere beats an allow anywhere. */
function mergePermissions(files: LoadedConfigFile[]): UserRules | undefined {
  const withRules = files.filter((file) => file.values.permissions);
  if (withRules.length === 0) return undefined;
  return {
    allow: withRules.flatMap((file) => file.values.permissions?.allow ?? []),
    deny: withRules.flatMap((file) => file.values.permissions?.deny ?? []),
  };
}

/**
 * Hooks and MCP servers, each tagged with its file's scope. An untrusted project's never get
 * here (withoutPowers); the project's server of a name replaces the user's (it comes first).
 */
function codeRunningSettings(
  project: LoadedConfigFile | undefined,
  user: LoadedConfigFile | undefined,
  claudeHooks: readonly ClaudeHooksFile[],
): Pick<ResolvedConfig, "hooks" | "mcpServers"> {
  const scoped = [
    ...(project ? [{ file: project, scope: "project" as const }] : []),
    ...(user ? [{ file: user, scope: "user" as const }] : []),
  ];
  const hooks: ScopedHooks[] = [
    ...scoped.flatMap(({ file, scope }) => (file.values.hooks ? [{ scope, file: file.path, settings: file.values.hooks }] : [])),
    ...claudeHooks.map((file) => ({ scope: "project" as const, file: file.path, settings: file.hooks })),
  ];
  const mcpServers: ScopedMcpServer[] = [];
  for (const { file, scope } of scoped) {
    for (const [name, setting] of Object.entries(file.values.mcpServers ?? {})) {
      if (!mcpServers.some((server) => server.name === name)) mcpServers.push({ name, scope, file: file.path, setting });
    }
  }
  return { ...(hooks.length > 0 ? { hooks } : {}), ...(mcpServers.length > 0 ? { mcpServers } : {}) };
}

/**
 * Variants and tool sets by name; a trusted project's definition of a name beats the user's
 * (an untrusted one's never reaches here). A project whose definitions do not hold together is
 * a warning and its definitions are dropped; the user's own mistake stops start-up.
 */
function mergeVariants(files: LoadedConfigFile[], project: LoadedConfigFile | undefined, warnings: string[]): VariantConfig | undefined {
  const merge = (from: LoadedConfigFile[]): VariantConfig | undefined => {
    const agents = Object.assign({}, ...[...from].reverse().map((file) => file.values.agents ?? {})) as NonNullable<VariantConfig["agents"]>;
    const toolSets = Object.assign({}, ...[...from].reverse().map((file) => file.values.toolSets ?? {})) as NonNullable<VariantConfig["toolSets"]>;
    return Object.keys(agents).length === 0 && Object.keys(toolSets).length === 0 ? undefined : { agents, toolSets };
  };
  const config = merge(files);
  const problem = config && validateVariants(config);
  if (!problem) return config;
  const own = files.filter((file) => file !== project);
  if (project?.values.agents || project?.values.toolSets) {
    const withoutProject = merge(own);
    if (!(withoutProject && validateVariants(withoutProject))) {
      warnings.push(`${project.path}: ${problem}; the project's "agents" and "toolSets" were ignored`);
      return withoutProject;
    }
  }
  throw new ConfigError(`${own.map((file) => file.path).join(" / ")}: ${problem}`);
}

function homeRelative(path: string, home: string): string {
  return path === "~" || path.startsWith("~/") || path.startsWith("~\\") ? resolve(home, path.slice(2)) : path;
}

function absolute(path: string, base: string): string {
  return isAbsolute(path) ? path : resolve(base, path);
}
