// Project hooks in Claude Code's own files, `.claude/settings.json` (shared with the team) and
// `.claude/settings.local.json` (personal), so a repository set up for Claude Code brings its
// hooks along. Only "hooks" is read; their other settings (permissions in Claude Code's
// syntax, env, model) are not ours to interpret. They are a project's files: read through the
// workspace jail, leniently (a mistake is a warning), and their hooks run only once the project
// is trusted, covered by the same digest as .agent.json's (trust-subject.ts, ADR 0033).
import path from "node:path";
import { readWorkspaceFile } from "../engine/workspace-read/workspace-file.js";
import { HOOK_EVENTS, validateHookSettings, type HookSettings } from "../engine/extensions/hooks/hook-settings.js";
import { MAX_CONFIG_FILE_BYTES } from "./config-file.js";

export const CLAUDE_SETTINGS_FILES = [".claude/settings.json", ".claude/settings.local.json"] as const;

export interface ClaudeHooksFile {
  /** Absolute path of the settings file. */
  path: string;
  hooks: HookSettings;
}

export interface ClaudeHooksRead {
  files: ClaudeHooksFile[];
  warnings: string[];
}

export function readClaudeHooks(workspace: string, agentHome: string): ClaudeHooksRead {
  const files: ClaudeHooksFile[] = [];
  const warnings: string[] = [];
  for (const name of CLAUDE_SETTINGS_FILES) {
    const file = path.join(workspace, name);
    const read = readWorkspaceFile(workspace, file, { maxBytes: MAX_CONFIG_FILE_BYTES, what: "Claude Code settings file", deniedDirs: [agentHome] });
    if (!read.ok) {
      if (read.kind !== "missing") warnings.push(`Cannot read ${file}: ${read.detail}; its hooks were ignored`);
      continue;
    }
    const parsed = claudeHooksFromText(read.text.replace(/^\uFEFF/, ""));
    if ("problem" in parsed) {
      warnings.push(`${file}: ${parsed.problem}; its hooks were ignored`);
      continue;
    }
    warnings.push(...parsed.skipped.map((what) => `${file}: ${what}`));
    if (Object.keys(parsed.hooks).length > 0) files.push({ path: file, hooks: parsed.hooks });
  }
  return { files, warnings };
}

/**
 * The command hooks of a Claude Code settings text. Events and hook types we do not run
 * (Notification, SubagentStop, "prompt" hooks, …) are skipped with a line each saying so;
 * a malformed "hooks" value is a problem for the whole file.
 */
export function claudeHooksFromText(text: string): { hooks: HookSettings; skipped: string[] } | { problem: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return { problem: `invalid JSON (${(error as Error).message})` };
  }
  if (!isObject(raw)) return { problem: "must contain a JSON object" };
  if (raw.hooks === undefined) return { hooks: {}, skipped: [] };
  if (!isObject(raw.hooks)) return { problem: '"hooks" must be an object' };
  const skipped: string[] = [];
  const kept: Record<string, unknown> = {};
  for (const [event, list] of Object.entries(raw.hooks)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      skipped.push(`hooks.${event} skipped: mini-agent runs ${HOOK_EVENTS.join(", ")}`);
      continue;
    }
    if (!Array.isArray(list)) {
      kept[event] = list; // validateHookSettings names the mistake.
      continue;
    }
    const entries = list.map((entry, index) => {
      if (!isObject(entry) || !Array.isArray(entry.hooks)) return entry;
      const commands = entry.hooks.filter((hook) => !isObject(hook) || hook.type === "command");
      if (commands.length < entry.hooks.length) skipped.push(`hooks.${event}[${index}]: only "command" hooks run here; the others were skipped`);
      return { ...entry, hooks: commands };
    });
    const withHooks = entries.filter((entry) => !isObject(entry) || !Array.isArray(entry.hooks) || entry.hooks.length > 0);
    if (withHooks.length > 0) kept[event] = withHooks;
  }
  const checked = validateHookSettings(kept);
  return "problem" in checked ? { problem: checked.problem } : { hooks: checked.settings, skipped };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
