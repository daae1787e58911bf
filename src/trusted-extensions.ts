// Which hooks and MCP servers may run in this session. The user's own config always may;
// the project's only once the user trusted this project (with exactly these settings), so a
// cloned repository cannot run code just by being opened. Headless, `--trust-project` trusts it.
import type { ScopedHooks } from "./engine/hooks/hook-settings.js";
import type { ScopedMcpServer } from "./engine/mcp/mcp-settings.js";
import { projectTrust, trustFile, trustProject } from "./engine/trust/project-trust.js";

export interface CodeRunningSettings {
  hooks?: ScopedHooks[];
  mcpServers?: ScopedMcpServer[];
  projectTrustDigest?: string;
}

export interface TrustInput {
  home: string;
  workspace: string;
  /** `--trust-project` (or the TUI's answer): trust the project's settings as they are now. */
  trust: boolean;
  /** A face that can ask a person (the TUI): asked once before anything of the project runs. */
  askTrust?(question: string): Promise<boolean>;
  notice(message: string): void;
}

export interface Trusted {
  hooks: ScopedHooks[];
  mcpServers: ScopedMcpServer[];
  /** The project has code-running settings that were left out (a face may offer to trust it). */
  projectWithheld: boolean;
}

export async function trustedExtensions(settings: CodeRunningSettings, input: TrustInput): Promise<Trusted> {
  const hooks = settings.hooks ?? [];
  const servers = settings.mcpServers ?? [];
  const digest = settings.projectTrustDigest;
  let projectAllowed = true;
  if (digest !== undefined) {
    const state = projectTrust(input.home, input.workspace, digest);
    const question = state === "trusted" ? undefined : withheldMessage(hooks, servers, state === "changed");
    const trustNow = input.trust || (question !== undefined && (await input.askTrust?.(askText(hooks, servers, state === "changed"))) === true);
    if (trustNow && state !== "trusted") {
      trustProject(input.home, input.workspace, digest);
      input.notice(`trusted this project's hooks and MCP servers (recorded in ${trustFile(input.home)})`);
    }
    projectAllowed = trustNow || state === "trusted";
    if (!projectAllowed && question) input.notice(question);
  }
  const keptHooks = hooks.filter((source) => projectAllowed || source.scope !== "project");
  const keptServers: ScopedMcpServer[] = [];
  // The project's server of a name replaces the user's (project entries come first).
  for (const server of servers) {
    if (!projectAllowed && server.scope === "project") continue;
    if (!keptServers.some((kept) => kept.name === server.name)) keptServers.push(server);
  }
  return { hooks: keptHooks, mcpServers: keptServers, projectWithheld: !projectAllowed };
}

/** What a face asks: the commands and servers themselves, so the person sees what would run. */
function askText(hooks: ScopedHooks[], servers: ScopedMcpServer[], changed: boolean): string {
  const commands = hooks
    .filter((source) => source.scope === "project")
    .flatMap((source) => Object.entries(source.settings).flatMap(([event, entries]) => (entries ?? []).flatMap((entry) => entry.hooks.map((hook) => `hook ${event}: ${hook.command}`))));
  const started = servers
    .filter((server) => server.scope === "project")
    .map((server) => `MCP server ${server.name}: ${server.setting.type === "stdio" ? [server.setting.command, ...server.setting.args].join(" ") : server.setting.url}`);
  const intro = changed ? "This project's hooks or MCP servers changed since you trusted it." : "This project's .agent.json wants to run code on your machine.";
  return `${intro}\n${[...commands, ...started].map((line) => `  ${line}`).join("\n")}\nTrust this project and run them?`;
}

function withheldMessage(hooks: ScopedHooks[], servers: ScopedMcpServer[], changed: boolean): string {
  const projectHooks = hooks.filter((source) => source.scope === "project").flatMap((source) => Object.keys(source.settings));
  const projectServers = servers.filter((server) => server.scope === "project").map((server) => server.name);
  const what = [
    projectHooks.length > 0 ? `hooks (${projectHooks.join(", ")})` : "",
    projectServers.length > 0 ? `MCP servers (${projectServers.join(", ")})` : "",
  ].filter(Boolean).join(" and ");
  const why = changed ? "they changed since you trusted this project" : "this project is not trusted yet";
  return `the project's .agent.json has ${what} that did not run: ${why}. Read them, then run once with --trust-project to trust them`;
}
