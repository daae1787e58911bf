// Assembles what extends a session beyond the built-in tools, before the session opens:
// the agent variant, skills, memory, guard plugins, hooks and MCP servers. What a project may
// add was decided before (project-trust-decision.ts): an untrusted project's hooks and servers
// never reach here. MCP's SDK is imported only when a server is configured and may run.
import { UsageError } from "../config/cli-options.js";
import { GuardPluginError, loadGuardPlugins } from "../engine/extensions/guards/load-guards.js";
import type { GuardPlugin } from "../engine/extensions/guards/guard-plugin.js";
import type { ScopedHooks } from "../engine/extensions/hooks/hook-settings.js";
import type { McpServers } from "../engine/extensions/mcp/mcp-servers.js";
import { expandMcpSetting } from "../engine/extensions/mcp/mcp-expand.js";
import type { ScopedMcpServer } from "../engine/extensions/mcp/mcp-settings.js";
import { createMemoryLink, type MemoryBus } from "../engine/extensions/memory/memory-link.js";
import { memorySection } from "../engine/extensions/memory/memory-prompt.js";
import { MemoryFileError, MemoryStore } from "../engine/extensions/memory/memory-store.js";
import { createMemoryTools } from "../engine/extensions/memory/memory-tools.js";
import { discoverSkills } from "../engine/extensions/skills/discover-skills.js";
import { createLoadSkillTool } from "../engine/extensions/skills/load-skill-tool.js";
import { skillCatalogue, type Skill } from "../engine/extensions/skills/skill-file.js";
import type { Tool } from "../engine/tools/tool.js";
import { resolveVariant, VariantError, type AgentVariant, type VariantConfig } from "../engine/extensions/variants/agent-variants.js";

export interface ExtensionsInput {
  workspace: string;
  home: string;
  version: string;
  /** `--agent`; "default" when not given. */
  agent?: string;
  variants?: VariantConfig;
  codeRunning?: { hooks?: ScopedHooks[]; mcpServers?: ScopedMcpServer[] };
  /** The user trusted this project: its guard plugins apply (they could refuse every call). */
  projectTrusted?: boolean;
  redact?: (text: string) => string;
  /** Aborted (Ctrl-C during start-up): servers still starting are given up at once. */
  signal?: AbortSignal;
  /** The user's environment: `${VAR}` in MCP server settings is read from it. */
  env?: NodeJS.ProcessEnv;
}

export interface Extensions {
  variant: AgentVariant;
  /** Every skill found (a face's `/<name>` injects one); empty when none. */
  skills: readonly Skill[];
  memory: MemoryStore;
  /** Once the session is open: the memory tools record it and publish `memory.changed` on its bus. */
  attachMemory(sessionId: string, bus: MemoryBus): void;
  /** Tools to add to the built-in ones, already narrowed to the variant. */
  tools: Tool[];
  plugins: GuardPlugin[];
  /** Hooks that may run (the user's, and the project's once trusted). */
  hooks: ScopedHooks[];
  mcp?: McpServers;
  /** For the start-up notices (invalid skills, failed MCP servers). */
  notices: string[];
  /** Sections appended to the system prompt, read fresh for every request. */
  promptSections(): string[];
  /** Adds a fixed section (a SessionStart hook's context). */
  addPromptSection(text: string): void;
  close(): Promise<void>;
}

export async function setUpExtensions(input: ExtensionsInput): Promise<Extensions> {
  let variant: AgentVariant;
  try {
    variant = resolveVariant(input.agent ?? "default", input.variants);
  } catch (error) {
    if (error instanceof VariantError) throw new UsageError(`--agent: ${error.message}`);
    throw error;
  }
  let plugins: GuardPlugin[];
  const notices: string[] = [];
  try {
    const guards = loadGuardPlugins({ workspace: input.workspace, home: input.home, projectTrusted: input.projectTrusted ?? false });
    plugins = guards.plugins;
    notices.push(...guards.notices);
  } catch (error) {
    // Only the user's own plugins stop start-up; a project's broken one is a notice (ADR 0019).
    if (error instanceof GuardPluginError) throw new UsageError(error.message);
    throw error;
  }
  const notice = (message: string) => void notices.push(message);
  const { skills, notices: skillNotices } = await discoverSkills({ workspace: input.workspace, home: input.home });
  notices.push(...skillNotices);
  // A server none of whose tools the variant could offer is not started at all.
  const servers = (input.codeRunning?.mcpServers ?? [])
    .filter((server) => variant.mayOfferExternal(`mcp__${server.name}__`))
    .map((server) => {
      const { setting, unset } = expandMcpSetting(server.setting, input.env ?? {});
      for (const name of unset) notice(`MCP server ${server.name}: \${${name}} is not set in the environment, so it was left empty`);
      return { ...server, setting };
    });
  const mcp =
    servers.length > 0
      ? await (await import("../engine/extensions/mcp/mcp-servers.js")).startMcpServers(servers, { cwd: input.workspace, version: input.version, notice, offers: (tool) => variant.offers(tool), ...(input.signal ? { signal: input.signal } : {}) })
      : undefined;

  const memory = new MemoryStore(input.home, input.workspace, input.redact);
  const memoryLink = createMemoryLink();
  const memoryOff = unreadableMemory(memory);
  if (memoryOff) notice(`memory is off for this session: ${memoryOff}`);
  const tools = [
    ...(skills.length > 0 ? [createLoadSkillTool(skills, { workspace: input.workspace, home: input.home })] : []),
    ...(memoryOff ? [] : createMemoryTools(memory, memoryLink)),
    ...(mcp?.tools ?? []),
  ].filter((tool) => variant.offers(tool));
  const offered = new Set(tools.map((tool) => tool.name));
  // A section that points at a tool appears only with that tool.
  const catalogue = offered.has("load_skill") ? skillCatalogue(skills) : "";
  const added: string[] = [];
  return {
    variant,
    skills,
    memory,
    attachMemory: memoryLink.attach,
    tools,
    plugins,
    hooks: input.codeRunning?.hooks ?? [],
    ...(mcp ? { mcp } : {}),
    notices,
    // Redacted like the prompt files: a skill's description or a memory note edited by hand may hold a key.
    promptSections: () =>
      [variant.note ?? "", catalogue, offered.has("recall") ? memorySection(memory.list()) : ""]
        .filter((section) => section !== "")
        .map((section) => (input.redact ? input.redact(section) : section))
        .concat(added),
    // A hook's output may echo a secret (its environment, a file it read).
    addPromptSection: (text) => void added.push(input.redact ? input.redact(text) : text),
    close: async () => {
      await mcp?.close();
    },
  };
}

/** Why the memory file cannot be read, or undefined: a damaged one turns memory off, not the session. */
function unreadableMemory(memory: MemoryStore): string | undefined {
  try {
    memory.list();
    return undefined;
  } catch (error) {
    if (error instanceof MemoryFileError) return error.message;
    throw error;
  }
}
