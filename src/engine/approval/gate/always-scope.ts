// What one "always allow" covers. Not a whole tool: for a command, the same command
// (command-scope.ts: `npm test`, `git commit -m`, an exact `git --version`); for a file tool,
// the file's folder and what is under it (`src/**`), or the file itself at the workspace root;
// for a URL, its host. Pure string logic.
//
// A scope is stored as `<tool>: <pattern>` in `approval.decision.scope`. Session files written
// before scopes remembered a bare tool name; that still covers the whole tool, as it did.
import { commandCovered, commandScope } from "./command-scope.js";

/** `src/app/a.ts` → "src/app/**"; `README.md` → "README.md" (a root file covers itself only). */
export function pathScope(relativePosixPath: string): string {
  const slash = relativePosixPath.lastIndexOf("/");
  return slash <= 0 ? relativePosixPath : `${relativePosixPath.slice(0, slash)}/**`;
}

export function pathCovered(pattern: string, relativePosixPath: string): boolean {
  if (pattern.endsWith("/**")) return relativePosixPath.startsWith(pattern.slice(0, -2));
  return relativePosixPath === pattern;
}

export function scopeKey(tool: string, pattern: string): string {
  return `${tool}: ${pattern}`;
}

export interface ScopedCall {
  tool: string;
  /** Set for command tools. */
  command?: string;
  /** Workspace-relative POSIX paths the call touches (empty: none known). */
  paths?: string[];
  /** The host a URL call reaches: "always" covers that host. */
  host?: string;
}

/** The scope "always" would remember for this call, or undefined when none is offered. */
export function scopeFor(call: ScopedCall): string | undefined {
  if (call.host !== undefined) return scopeKey(call.tool, call.host);
  if (call.command !== undefined) {
    const pattern = commandScope(call.command);
    return pattern ? scopeKey(call.tool, pattern) : undefined;
  }
  if (call.paths && call.paths.length === 1 && call.paths[0]) return scopeKey(call.tool, pathScope(call.paths[0]));
  return undefined;
}

/** Whether a remembered entry covers this call. */
export function scopeCovers(entry: string, call: ScopedCall): boolean {
  // A bare tool name: an "always" from a session file written before scopes.
  if (!entry.includes(": ")) return entry === call.tool;
  const prefix = `${call.tool}: `;
  if (!entry.startsWith(prefix)) return false;
  const pattern = entry.slice(prefix.length);
  if (call.host !== undefined) return pattern === call.host;
  if (call.command !== undefined) return commandCovered(pattern, call.command);
  return Boolean(call.paths && call.paths.length > 0 && call.paths.every((p) => pathCovered(pattern, p)));
}
