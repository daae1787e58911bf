// Hook configuration in Claude Code's shape, so existing hooks work unchanged:
//   "hooks": { "PreToolUse": [ { "matcher": "run_command|write_file",
//                                "hooks": [ { "type": "command", "command": "…", "timeout": 30 } ] } ] }
// The matcher is a regular expression over the tool name, ours or Claude Code's ("Bash",
// "Edit|Write", claude-tools.ts); empty or "*" matches every tool.

export const HOOK_EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart", "PreCompact"] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

export interface CommandHook {
  type: "command";
  command: string;
  /** Seconds; 60 when not set. */
  timeout?: number;
}

export interface HookMatcher {
  matcher?: string;
  hooks: CommandHook[];
}

export type HookSettings = Partial<Record<HookEvent, HookMatcher[]>>;

/** Hooks from one config file: the project's run only once the project is trusted. */
export interface ScopedHooks {
  scope: "project" | "user";
  file: string;
  settings: HookSettings;
}

export const DEFAULT_HOOK_TIMEOUT_S = 60;
/**
 * The longest timeout an extension (a hook, an MCP server's start) may set: Node's timers hold
 * at most 2^31-1 ms, and a longer delay fires at once, so "timeout": 3000000 (a month, meant as
 * "never") timed every run out immediately, with Node's warning on stderr.
 */
export const MAX_EXTENSION_TIMEOUT_S = Math.floor((2 ** 31 - 1) / 1000);

/** Why a `timeout` value is not usable, or undefined. */
export function timeoutProblem(value: unknown): string | undefined {
  if (typeof value !== "number" || !(value > 0)) return "must be a positive number of seconds";
  if (value > MAX_EXTENSION_TIMEOUT_S) return `must be at most ${MAX_EXTENSION_TIMEOUT_S} seconds (Node's longest timer)`;
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Checks a `hooks` value; the problem names the key path (`hooks.PreToolUse[0].hooks[1].command`). */
export function validateHookSettings(value: unknown): { settings: HookSettings } | { problem: string } {
  if (!isObject(value)) return { problem: '"hooks" must be an object like {"PreToolUse": [{"matcher": "run_command", "hooks": [{"type": "command", "command": "…"}]}]}' };
  const settings: HookSettings = {};
  for (const [event, list] of Object.entries(value)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) return { problem: `"hooks.${event}" is not a hook event (use ${HOOK_EVENTS.join(", ")})` };
    if (!Array.isArray(list)) return { problem: `"hooks.${event}" must be an array of {"matcher", "hooks"} entries` };
    const matchers: HookMatcher[] = [];
    for (const [index, entry] of list.entries()) {
      const where = `hooks.${event}[${index}]`;
      if (!isObject(entry)) return { problem: `"${where}" must be an object with "hooks"` };
      if (entry.matcher !== undefined && typeof entry.matcher !== "string") return { problem: `"${where}.matcher" must be a string` };
      if (typeof entry.matcher === "string" && entry.matcher !== "*") {
        try {
          new RegExp(entry.matcher);
        } catch (error) {
          return { problem: `"${where}.matcher" is not a valid regular expression: ${(error as Error).message}` };
        }
      }
      if (!Array.isArray(entry.hooks) || entry.hooks.length === 0) return { problem: `"${where}.hooks" must be a non-empty array` };
      const hooks: CommandHook[] = [];
      for (const [at, hook] of entry.hooks.entries()) {
        const path = `${where}.hooks[${at}]`;
        if (!isObject(hook) || hook.type !== "command") return { problem: `"${path}.type" must be "command"` };
        if (typeof hook.command !== "string" || hook.command.trim() === "") return { problem: `"${path}.command" must be a non-empty string` };
        const badTimeout = hook.timeout === undefined ? undefined : timeoutProblem(hook.timeout);
        if (badTimeout) return { problem: `"${path}.timeout" ${badTimeout}` };
        hooks.push({ type: "command", command: hook.command, ...(hook.timeout !== undefined ? { timeout: hook.timeout as number } : {}) });
      }
      matchers.push({ ...(typeof entry.matcher === "string" ? { matcher: entry.matcher } : {}), hooks });
    }
    settings[event as HookEvent] = matchers;
  }
  return { settings };
}

/** Whether a matcher applies to a tool, by any of its names; events without tools match every entry. */
export function matcherApplies(matcher: string | undefined, toolNames: string | readonly string[] | undefined): boolean {
  if (matcher === undefined || matcher === "" || matcher === "*" || toolNames === undefined) return true;
  const pattern = new RegExp(`^(?:${matcher})$`);
  return (typeof toolNames === "string" ? [toolNames] : toolNames).some((name) => pattern.test(name));
}
