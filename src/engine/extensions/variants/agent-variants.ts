// Agent variants: which tools a session offers and how hard it thinks. `default` offers
// everything; `plan` and `review` only look. Config adds variants that cross a thinking level
// with a named tool set. A withheld tool never reaches the registry, so it is absent from the
// request's tool list and from the system prompt alike (the prompt lists the registry).
import type { ThinkingLevel } from "../../llm/provider.js";
import type { ToolKind } from "../../tools/tool.js";

export interface VariantSetting {
  thinking?: ThinkingLevel;
  /** A tool set's name from `toolSets`, or the built-in "read-only". */
  toolSet?: string;
  /** A note appended to the system prompt (what this variant is for). */
  prompt?: string;
}

export interface VariantConfig {
  agents?: Record<string, VariantSetting>;
  /** Named lists of tool names; an entry ending in `*` matches by prefix (e.g. `mcp__docs__*`). */
  toolSets?: Record<string, string[]>;
}

export interface AgentVariant {
  name: string;
  thinking?: ThinkingLevel;
  note?: string;
  offers(tool: { name: string; kind: ToolKind }): boolean;
  /** Whether any external tool named with this prefix may be offered (so an MCP server is worth starting). */
  mayOfferExternal(prefix: string): boolean;
}

export class VariantError extends Error {}

export const BUILT_IN_VARIANTS = ["default", "plan", "review"] as const;
export const READ_ONLY_SET = "read-only";

/**
 * Read-class tools that still belong to a mutating family: the background-task tools only
 * make sense after run_command (their descriptions name it), MCP tools act on other systems.
 */
export function isReadOnly(tool: { name: string; kind: ToolKind }): boolean {
  if (tool.kind !== "read") return false;
  return !(tool.name === "task_status" || tool.name === "task_stop" || tool.name.startsWith("mcp__"));
}

const NOTES: Record<string, string> = {
  plan:
    "# Mode: plan\nYou are in plan mode: study the code and the task, then answer with a concrete, step-by-step plan " +
    "(files, changes, how to verify). This mode cannot change anything; say what you would change instead of doing it.",
  review:
    "# Mode: review\nYou are in review mode: read the changes and the code around them and report problems " +
    "(bugs, risks, missing tests), most important first, each with its file and line. This mode cannot change anything.",
};

export function resolveVariant(name: string, config: VariantConfig = {}): AgentVariant {
  if (name === "default") return { name, offers: () => true, mayOfferExternal: () => true };
  if (name === "plan" || name === "review") return { name, note: NOTES[name] as string, offers: isReadOnly, mayOfferExternal: () => false };
  const setting = config.agents?.[name];
  if (!setting) {
    const known = [...BUILT_IN_VARIANTS, ...Object.keys(config.agents ?? {})];
    throw new VariantError(`unknown agent ${JSON.stringify(name)}; expected one of: ${known.join(", ")}`);
  }
  return {
    name,
    ...(setting.thinking ? { thinking: setting.thinking } : {}),
    ...(setting.prompt?.trim() ? { note: setting.prompt.trim() } : {}),
    ...(setting.toolSet === undefined
      ? { offers: () => true, mayOfferExternal: () => true }
      : toolSetMatcher(setting.toolSet, config, name)),
  };
}

function toolSetMatcher(setName: string, config: VariantConfig, variant: string): Pick<AgentVariant, "offers" | "mayOfferExternal"> {
  if (setName === READ_ONLY_SET) return { offers: isReadOnly, mayOfferExternal: () => false };
  const entries = config.toolSets?.[setName];
  if (!entries) {
    const known = [READ_ONLY_SET, ...Object.keys(config.toolSets ?? {})];
    throw new VariantError(`agent ${JSON.stringify(variant)} names tool set ${JSON.stringify(setName)}, which is not defined; expected one of: ${known.join(", ")}`);
  }
  const exact = new Set(entries.filter((entry) => !entry.endsWith("*")));
  const prefixes = entries.filter((entry) => entry.endsWith("*")).map((entry) => entry.slice(0, -1));
  return {
    offers: (tool) => exact.has(tool.name) || prefixes.some((prefix) => tool.name.startsWith(prefix)),
    mayOfferExternal: (prefix) =>
      [...exact].some((entry) => entry.startsWith(prefix)) || prefixes.some((entry) => entry.startsWith(prefix) || prefix.startsWith(entry)),
  };
}

/** Checks a config's variants up front, so a typo fails at start-up naming the variant. */
export function validateVariants(config: VariantConfig): string | undefined {
  for (const name of Object.keys(config.agents ?? {})) {
    if ((BUILT_IN_VARIANTS as readonly string[]).includes(name)) return `agent ${JSON.stringify(name)} is built in and cannot be redefined`;
    try {
      resolveVariant(name, config);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return undefined;
}
