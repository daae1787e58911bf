// The session-level pieces the extensions add to an assembled engine: which tools are
// offered (the variant's choice, PostToolUse hooks around them), the guards (plugins and
// PreToolUse hooks), the system prompt's extra sections, and the tools that only make sense
// for the session's own agent: task (subagents) and ask (a face that can ask a person).
import type { Guard } from "../engine/approval/gate/gate.js";
import { createAskTool, type QuestionBroker } from "../engine/ask/ask-tool.js";
import type { Publish } from "../engine/event-bus.js";
import { createPluginGuard } from "../engine/extensions/guards/plugin-guard.js";
import { createHookGuard } from "../engine/extensions/hooks/hook-guard.js";
import type { HookRunner } from "../engine/extensions/hooks/hook-runner.js";
import type { ToolSpec } from "../engine/llm/provider.js";
import type { SessionState } from "../engine/state/state.js";
import { createSubagentRunner, subagentPrompt } from "../engine/extensions/subagents/subagent-runner.js";
import { createTaskTool, type SubagentKind } from "../engine/extensions/subagents/task-tool.js";
import type { ChildAgent, ChildAgentOptions } from "../engine/surface.js";
import type { ToolRegistry } from "../engine/tools/registry.js";
import type { Tool } from "../engine/tools/tool.js";
import { isReadOnly } from "../engine/extensions/variants/agent-variants.js";
import type { Extensions } from "./extensions.js";
import { withPostToolUse } from "./session-hooks.js";

export interface SessionExtensions {
  base: Extensions;
  hooks?: HookRunner;
}

/** Tools that belong to the parent's own conversation: a subagent never holds them. */
const PARENT_ONLY = new Set(["task", "ask", "todo_write", "remember", "forget"]);

/** The built-in tools plus the extensions', narrowed to the variant, PostToolUse hooks around each. */
export function offeredTools(builtIn: Tool[], extensions: SessionExtensions | undefined): Tool[] {
  const base = extensions?.base;
  const hooks = extensions?.hooks;
  const offered = [...builtIn, ...(base?.tools ?? [])].filter((tool) => base?.variant.offers(tool) ?? true);
  return hooks?.has("PostToolUse") ? offered.map((tool) => withPostToolUse(tool, hooks)) : offered;
}

/** The face's guards, then guard plugins, then PreToolUse hooks. */
export function sessionGuards(own: readonly Guard[] | undefined, extensions: SessionExtensions | undefined): Guard[] {
  return [
    ...(own ?? []),
    extensions ? createPluginGuard(extensions.base.plugins) : undefined,
    extensions?.hooks ? createHookGuard(extensions.hooks) : undefined,
  ].filter((guard): guard is Guard => guard !== undefined);
}

type SystemPrompt = (tools: readonly ToolSpec[], state: SessionState) => string;

/** The model's prompt, then the variant's note, the skill catalogue, memory, hook context. */
export function extendedPrompt(prompt: SystemPrompt, extensions: SessionExtensions | undefined): SystemPrompt {
  const base = extensions?.base;
  if (!base) return prompt;
  return (tools, state) => [prompt(tools, state), ...base.promptSections()].join("\n\n");
}

export interface SessionOnlyToolsInput {
  tools: ToolRegistry;
  extensions: SessionExtensions | undefined;
  cwd: string;
  maxRounds?: number;
  /** The session's `spawnAgent` (bound late: the session exists after its tools). */
  spawn(options: ChildAgentOptions): ChildAgent;
  /** Set when the face can ask a person. */
  ask?: { questions: QuestionBroker; publish: Publish };
}

export function addSessionOnlyTools(input: SessionOnlyToolsInput): void {
  const { tools } = input;
  const all = () => tools.names().map((name) => tools.get(name) as Tool);
  // Subagents hold a copy of the parent's tools (explore and review: only those that look).
  const childTools = (kind: SubagentKind) => all().filter((tool) => !PARENT_ONLY.has(tool.name) && (kind === "worker" || isReadOnly(tool)));
  // Without a tool that changes things (plan, review), there is no worker to offer.
  const canChangeThings = all().some((tool) => !isReadOnly(tool));
  const task = createTaskTool(
    createSubagentRunner({
      spawn: input.spawn,
      toolsFor: childTools,
      systemPrompt: (kind, specs) => subagentPrompt(kind, input.cwd, specs),
      ...(input.maxRounds ? { maxRounds: input.maxRounds } : {}),
    }),
    { kinds: canChangeThings ? ["explore", "review", "worker"] : ["explore", "review"] },
  );
  if (input.extensions?.base.variant.offers(task) ?? true) tools.add(task);
  if (input.ask) tools.add(createAskTool(input.ask.questions, input.ask.publish));
}
