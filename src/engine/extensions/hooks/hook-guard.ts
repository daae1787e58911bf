// PreToolUse hooks as a gate guard: they run before the rules and before anyone is asked,
// so --yes never skips them. deny refuses (final), ask forces a question, allow skips it
// (a built-in refusal still stands: the rules run after every guard).
import type { Guard } from "../../approval/gate/gate.js";
import type { HookRunner } from "./hook-runner.js";

export function createHookGuard(runner: HookRunner): Guard | undefined {
  if (!runner.has("PreToolUse")) return undefined;
  return async (call, signal) => {
    const verdict = await runner.run(
      "PreToolUse",
      { tool_name: call.name, tool_input: call.input, tool_use_id: call.callId },
      { toolName: call.name, signal },
    );
    if (verdict.kind === "deny") return { decision: "deny", reason: `blocked by a hook: ${verdict.reason}` };
    if (verdict.kind === "ask") return { decision: "confirm", reason: `a hook asks for confirmation: ${verdict.reason}` };
    if (verdict.kind === "allow") return { decision: "allow", reason: `allowed by a hook: ${verdict.reason}` };
    return undefined;
  };
}
