// Which of a project's .agent.json settings move data or widen power (docs/adr/0033). A
// cloned repository is untrusted: those settings apply only once the user trusted the project;
// everything else only shapes the work (model, thinking, limits, deny rules, narrowing sets)
// and applies at once, but only where it is no weaker than the user's own choice: a project's
// "sandbox": "auto" over the user's "on" (fail open where bwrap cannot run, instead of closed)
// or a max_rounds above the user's is a power too (docs/adr/0064). ("registry" is read from the
// user's own config only, never a project's.) Pure: the caller reads the files and keeps the
// trust record.
import type { FileConfig, SandboxSetting } from "./config-file.js";

/** One setting the project may use only once trusted, as the person is shown it. */
export interface PowerItem {
  /** The setting's name (`base_url`, `permissions.allow`, `hooks.PreToolUse`, …). */
  key: string;
  /** What it would do, in a few words; never a secret's value. */
  detail: string;
}

/** The settings of `project` that need trust; `user` is the user's own file (to spot redefinitions). */
export function projectPowers(project: FileConfig, user: FileConfig | undefined): PowerItem[] {
  const items: PowerItem[] = [];
  const add = (key: string, detail: string) => void items.push({ key, detail });
  if (project.provider !== undefined) add("provider", `use provider ${JSON.stringify(project.provider)}`);
  if (project.base_url !== undefined) add("base_url", `send requests to ${project.base_url}`);
  if (project.api_key !== undefined) add("api_key", "use a key the project supplies");
  if (project.system_prompt_file !== undefined) add("system_prompt_file", `read the system prompt from ${project.system_prompt_file}`);
  if (project.read_roots !== undefined) add("read_roots", `let the file tools read ${project.read_roots.join(", ")}`);
  if ((project.permissions?.allow ?? []).length > 0) add("permissions.allow", `allow without asking: ${(project.permissions?.allow ?? []).join(", ")}`);
  if (project.sandbox === "off") add("sandbox", "run commands unconfined (sandbox off)");
  else if (weakensSandbox(project, user)) add("sandbox", `run commands unconfined where the sandbox cannot start (sandbox "${project.sandbox}"; your config says "on")`);
  if (raisesMaxRounds(project, user)) add("max_rounds", `allow ${project.max_rounds} rounds per turn (your config allows ${user?.max_rounds})`);
  if (project.web_search !== undefined) add("web_search", `send searches to ${project.web_search.base_url ?? project.web_search.provider}`);
  for (const name of redefined(project.agents, user?.agents)) add(`agents.${name}`, `redefine your agent variant ${JSON.stringify(name)}`);
  for (const name of redefined(project.toolSets, user?.toolSets)) add(`toolSets.${name}`, `redefine your tool set ${JSON.stringify(name)}`);
  for (const [event, matchers] of Object.entries(project.hooks ?? {})) {
    for (const hook of (matchers ?? []).flatMap((matcher) => matcher.hooks)) add(`hooks.${event}`, `run ${hook.command}`);
  }
  for (const [name, server] of Object.entries(project.mcpServers ?? {})) {
    add(`mcpServers.${name}`, server.type === "stdio" ? `run ${[server.command, ...server.args].join(" ")}` : `connect to ${server.url}`);
  }
  return items;
}

/** Strictest last: a project before trust may only move the user's choice to the right. */
const SANDBOX_ORDER: readonly SandboxSetting[] = ["off", "auto", "workspace-write"];

/** "off" always (it lifts the sandbox); otherwise below the user's own setting. */
function weakensSandbox(project: FileConfig, user: FileConfig | undefined): boolean {
  if (project.sandbox === undefined) return false;
  if (project.sandbox === "off") return true;
  return user?.sandbox !== undefined && SANDBOX_ORDER.indexOf(project.sandbox) < SANDBOX_ORDER.indexOf(user.sandbox);
}

/** The user's own round limit is theirs to raise: an unattended run does no more than they allowed. */
function raisesMaxRounds(project: FileConfig, user: FileConfig | undefined): boolean {
  return project.max_rounds !== undefined && user?.max_rounds !== undefined && project.max_rounds > user.max_rounds;
}

function redefined(project: Record<string, unknown> | undefined, user: Record<string, unknown> | undefined): string[] {
  return Object.keys(project ?? {}).filter((name) => user !== undefined && Object.hasOwn(user, name));
}

/** The project's settings as an untrusted project may use them: every power removed. */
export function withoutPowers(project: FileConfig, user: FileConfig | undefined): FileConfig {
  const {
    provider: _provider, base_url: _baseUrl, api_key: _apiKey, system_prompt_file: _prompt, read_roots: _roots,
    web_search: _search, registry: _registry, hooks: _hooks, mcpServers: _servers, ...kept
  } = project;
  const shaped: FileConfig = { ...kept };
  if (weakensSandbox(project, user)) delete shaped.sandbox;
  if (raisesMaxRounds(project, user)) delete shaped.max_rounds;
  if (project.permissions) {
    // Deny rules only narrow; allow rules widen.
    if (project.permissions.deny?.length) shaped.permissions = { deny: project.permissions.deny };
    else delete shaped.permissions;
  }
  const agents = keepNew(project.agents, user?.agents);
  const toolSets = keepNew(project.toolSets, user?.toolSets);
  if (agents) shaped.agents = agents;
  else delete shaped.agents;
  if (toolSets) shaped.toolSets = toolSets;
  else delete shaped.toolSets;
  return shaped;
}

function keepNew<T>(project: Record<string, T> | undefined, user: Record<string, T> | undefined): Record<string, T> | undefined {
  if (!project) return undefined;
  const kept = Object.fromEntries(Object.entries(project).filter(([name]) => !(user && Object.hasOwn(user, name))));
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** Exactly the settings trust covers, for the digest (a change to any of them asks again). */
export function powerSettings(project: FileConfig, user: FileConfig | undefined): Record<string, unknown> {
  return {
    provider: project.provider,
    base_url: project.base_url,
    api_key: project.api_key,
    system_prompt_file: project.system_prompt_file,
    read_roots: project.read_roots,
    allow: project.permissions?.allow,
    sandbox: weakensSandbox(project, user) ? project.sandbox : undefined,
    max_rounds: raisesMaxRounds(project, user) ? project.max_rounds : undefined,
    web_search: project.web_search,
    agents: project.agents,
    toolSets: project.toolSets,
    hooks: project.hooks,
    mcpServers: project.mcpServers,
  };
}
