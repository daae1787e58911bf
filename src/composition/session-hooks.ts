// Hooks for the events around tools and turns, attached where the composition root builds
// the session: SessionStart runs once the session is open, PostToolUse wraps each tool,
// UserPromptSubmit and Stop wrap the agent's turn.
// (PreToolUse is a gate guard, see engine/hooks/hook-guard.ts.) The engine's loop knows
// nothing of hooks; a session without them runs exactly as before.
import type { Agent } from "../engine/turn/agent.js";
import type { Publish } from "../engine/event-bus.js";
import type { PermissionMode } from "../engine/extensions/hooks/claude-tools.js";
import { createHookRunner, type HookRunner } from "../engine/extensions/hooks/hook-runner.js";
import type { OpenSession } from "../engine/session/open-session.js";
import type { Extensions } from "./extensions.js";
import type { Tool } from "../engine/tools/tool.js";

/** Stop hooks may send the model back to work this many times per prompt, then the turn ends. */
const MAX_STOP_CONTINUATIONS = 3;

/** PostToolUse: the hook sees the result; a block or context is appended for the model. */
export function withPostToolUse(tool: Tool, runner: HookRunner): Tool {
  return {
    ...tool,
    async execute(input, context) {
      const result = await tool.execute(input, context);
      const verdict = await runner.run(
        "PostToolUse",
        { tool_name: tool.name, tool_input: input, tool_use_id: context.callId, tool_response: { content: result.content, isError: result.isError ?? false } },
        { toolName: tool.name, signal: context.signal },
      );
      const note = verdict.kind === "deny" ? `[PostToolUse hook] ${verdict.reason}` : verdict.kind === "none" ? verdict.context : undefined;
      return note ? { ...result, content: `${result.content}\n\n${note}` } : result;
    },
  };
}

/** UserPromptSubmit may block a prompt or add context to it; Stop may send the model back to work. */
export function withTurnHooks(agent: Agent, runner: HookRunner, publish: Publish): Agent {
  if (!runner.has("UserPromptSubmit") && !runner.has("Stop")) return agent;
  return {
    ...agent,
    async runTurn(prompt, signal, images) {
      let text = prompt;
      if (runner.has("UserPromptSubmit")) {
        const verdict = await runner.run("UserPromptSubmit", { prompt }, { signal });
        if (verdict.kind === "deny") {
          publish("notice", { level: "error", message: `the prompt was blocked by a UserPromptSubmit hook: ${verdict.reason}` });
          return { stopReason: "error", rounds: 0 };
        }
        if (verdict.kind === "none" && verdict.context) text = `${prompt}\n\n[context from a UserPromptSubmit hook]\n${verdict.context}`;
      }
      // The hook reads the text; the images go with the prompt unchanged.
      let outcome = await agent.runTurn(text, signal, images);
      for (let again = 0; again < MAX_STOP_CONTINUATIONS && outcome.stopReason === "completed" && runner.has("Stop"); again += 1) {
        const verdict = await runner.run("Stop", { stop_hook_active: again > 0 }, { signal });
        if (verdict.kind !== "deny") break;
        outcome = await agent.runTurn(`[Stop hook] ${verdict.reason}`, signal);
      }
      return outcome;
    },
  };
}

/**
 * Our approval mode as Claude Code's `permission_mode`: the plan variant is "plan", --yes
 * (every call approved, commands sandboxed) is "bypassPermissions", anything else "default".
 */
export function permissionModeOf(options: { yes?: boolean; agent?: string }): PermissionMode {
  if (options.agent === "plan") return "plan";
  return options.yes ? "bypassPermissions" : "default";
}

/** The session's hook runner, after its SessionStart hooks ran (their output is context for the model). */
export async function startSessionHooks(
  extensions: Extensions,
  session: OpenSession,
  where: { cwd: string; env: NodeJS.ProcessEnv; permissionMode?: () => PermissionMode },
): Promise<HookRunner | undefined> {
  if (extensions.hooks.length === 0) return undefined;
  const hooks = createHookRunner(extensions.hooks, {
    sessionId: session.sessionId,
    transcriptPath: session.file,
    cwd: where.cwd,
    env: where.env,
    ...(where.permissionMode ? { permissionMode: where.permissionMode } : {}),
    notice: (message) => void session.bus.publish("notice", { level: "warn", message }),
    ...(session.redact ? { redact: session.redact } : {}),
  });
  if (hooks.has("SessionStart")) {
    const verdict = await hooks.run("SessionStart", { source: session.resumed ? "resume" : "startup" });
    if (verdict.kind === "none" && verdict.context) extensions.addPromptSection(`# Session start context (from a hook)\n${verdict.context}`);
  }
  return hooks;
}

/**
 * PreCompact: the hooks see the trigger ("manual" for /compact, "auto" otherwise) and the
 * instructions. As in Claude Code they cannot stop a compaction; a failure is a notice.
 */
export function preCompactHooks(runner: HookRunner) {
  return async (trigger: string, instructions: string | undefined, signal: AbortSignal | undefined): Promise<void> => {
    await runner.run("PreCompact", { trigger: trigger === "manual" ? "manual" : "auto", custom_instructions: instructions ?? "" }, signal ? { signal } : {});
  };
}
