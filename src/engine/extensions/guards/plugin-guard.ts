// Guard plugins as a gate guard: the compiled refusal rules judge every call before the
// built-in rules, so neither --yes nor "always allow" gets past them.
import type { Guard } from "../../approval/gate/gate.js";
import { compileGuards, type GuardPlugin } from "./guard-plugin.js";

export function createPluginGuard(plugins: readonly GuardPlugin[]): Guard | undefined {
  if (plugins.length === 0) return undefined;
  const evaluate = compileGuards(plugins);
  return async (call) => {
    const hit = evaluate({ name: call.name, input: call.input });
    return hit ? { decision: "deny", reason: `${hit.reason} (guard plugin ${hit.plugin})` } : undefined;
  };
}
