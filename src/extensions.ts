// Assembles what extends a session beyond the built-in tools: skills, memory and the agent
// variant. The engine pieces stay separate; this file only decides which are used and
// what they add to the tool list and the system prompt.
import { discoverSkills } from "./engine/skills/discover-skills.js";
import { createLoadSkillTool } from "./engine/skills/load-skill-tool.js";
import { skillCatalogue, type Skill } from "./engine/skills/skill-file.js";
import { MemoryStore, memorySection } from "./engine/memory/memory-store.js";
import { createMemoryTools } from "./engine/memory/memory-tools.js";
import { resolveVariant, VariantError, type AgentVariant, type VariantConfig } from "./engine/variants/agent-variants.js";
import type { Tool } from "./engine/tools/tool.js";
import { UsageError } from "./cli-options.js";

export interface ExtensionsInput {
  workspace: string;
  home: string;
  /** `--agent`; "default" when not given. */
  agent?: string;
  variants?: VariantConfig;
  redact?: (text: string) => string;
  notice(message: string): void;
}

export interface Extensions {
  variant: AgentVariant;
  /** Every skill found (for a face's `/<name>` command); empty when none. */
  skills: readonly Skill[];
  memory: MemoryStore;
  /** Tools to add to the built-in ones (load_skill only when a skill exists). */
  tools: Tool[];
  /** Sections appended to the system prompt, read fresh for every request. */
  promptSections(): string[];
}

export async function setUpExtensions(input: ExtensionsInput): Promise<Extensions> {
  let variant: AgentVariant;
  try {
    variant = resolveVariant(input.agent ?? "default", input.variants);
  } catch (error) {
    if (error instanceof VariantError) throw new UsageError(`--agent: ${error.message}`);
    throw error;
  }
  const { skills, notices } = await discoverSkills({ workspace: input.workspace, home: input.home });
  for (const notice of notices) input.notice(notice);
  const memory = new MemoryStore(input.home, input.workspace, input.redact);
  const tools = [...(skills.length > 0 ? [createLoadSkillTool(skills)] : []), ...createMemoryTools(memory)].filter((tool) => variant.offers(tool));
  const offered = new Set(tools.map((tool) => tool.name));
  // A section that points at a tool appears only with that tool.
  const catalogue = offered.has("load_skill") ? skillCatalogue(skills) : "";
  return {
    variant,
    skills,
    memory,
    tools,
    promptSections: () =>
      [variant.note ?? "", catalogue, offered.has("recall") ? memorySection(memory.list()) : ""].filter((section) => section !== ""),
  };
}
