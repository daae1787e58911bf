// What trusting a project covers: the powers its .agent.json asks for (project-powers.ts), the
// hooks in its .claude/settings*.json (claude-settings.ts), its guard plugins, and every
// workspace file those settings run or read (hook scripts, MCP server scripts, the prompt file). The digest covers the files' contents, so a script rewritten
// after trust (by a pull, or by a command the agent ran) asks again (docs/adr/0033).
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readdirSync, readSync } from "node:fs";
import path from "node:path";
import { trustDigest } from "../engine/trust/project-trust.js";
import type { HookSettings } from "../engine/extensions/hooks/hook-settings.js";
import type { ClaudeHooksFile } from "./claude-settings.js";
import type { FileConfig } from "./config-file.js";
import { powerSettings, projectPowers, type PowerItem } from "./project-powers.js";

export interface TrustSubject {
  /** What the person is shown; empty when the project asks for nothing that needs trust. */
  items: PowerItem[];
  digest: string;
  /** Absolute paths of workspace files a trusted setting runs or reads (kept read-only in the sandbox). */
  files: string[];
}

/** Files above this are digested by size and change time instead of content. */
const MAX_DIGESTED_BYTES = 16 * 1024 * 1024;

export function trustSubject(workspace: string, project: FileConfig, user: FileConfig | undefined, claudeHooks: readonly ClaudeHooksFile[] = []): TrustSubject {
  const items = projectPowers(project, user);
  for (const file of claudeHooks) {
    for (const [event, command] of hookCommands(file.hooks)) items.push({ key: `hooks.${event}`, detail: `run ${command} (${path.relative(workspace, file.path)})` });
  }
  const guards = projectGuardFiles(workspace);
  for (const file of guards) items.push({ key: "guards", detail: `refuse calls by the rules in ${path.relative(workspace, file)}` });
  const claudeFiles = claudeHooks.flatMap((file) => hookFiles(workspace, file.hooks));
  const files = [...new Set([...referencedFiles(workspace, project), ...claudeFiles, ...guards])].sort();
  const contents = Object.fromEntries(files.map((file) => [path.relative(workspace, file), fileDigest(file)]));
  // Absent when there are none, so the digest of a project without them is what it was before.
  const claude = claudeHooks.length > 0 ? Object.fromEntries(claudeHooks.map((file) => [path.relative(workspace, file.path), file.hooks])) : undefined;
  return { items, digest: trustDigest({ settings: powerSettings(project), claudeHooks: claude, files: contents }), files };
}

function hookCommands(hooks: HookSettings): [string, string][] {
  return Object.entries(hooks).flatMap(([event, matchers]) => (matchers ?? []).flatMap((matcher) => matcher.hooks.map((hook): [string, string] => [event, hook.command])));
}

/** Workspace files the hook commands name. */
function hookFiles(workspace: string, hooks: HookSettings): string[] {
  return hookCommands(hooks)
    .flatMap(([, command]) => pathWords(commandWords(command), workspace, workspace))
    .filter((file) => inside(workspace, file));
}

/** The project's guard plugins: they can refuse every call, so they wait for trust too. */
function projectGuardFiles(workspace: string): string[] {
  const dir = path.join(workspace, ".agents", "guards");
  try {
    return readdirSync(dir).filter((name) => name.endsWith(".json")).sort().map((name) => path.join(dir, name));
  } catch {
    return [];
  }
}

/** Workspace files named by the prompt file, hook commands and MCP server commands. */
export function referencedFiles(workspace: string, project: FileConfig): string[] {
  const found: string[] = [];
  if (project.system_prompt_file) found.push(path.resolve(workspace, project.system_prompt_file));
  found.push(...hookFiles(workspace, project.hooks ?? {}));
  for (const server of Object.values(project.mcpServers ?? {})) {
    if (server.type !== "stdio") continue;
    const cwd = server.cwd ? path.resolve(workspace, server.cwd) : workspace;
    found.push(...pathWords([server.command, ...server.args], cwd, workspace));
  }
  return found.filter((file) => inside(workspace, file));
}

/** A shell command's words, quotes removed; good enough to find the files it names. */
export function commandWords(command: string): string[] {
  return [...command.matchAll(/"([^"]*)"|'([^']*)'|(\S+)/g)].map((match) => match[1] ?? match[2] ?? match[3] ?? "");
}

const PROJECT_DIR_VARIABLE = /\$\{?(CLAUDE_PROJECT_DIR|MINI_AGENT_PROJECT_DIR)\}?/g;

/** Words that name a path (they hold a separator or a dot), also `--flag=path`, resolved from `cwd`. */
function pathWords(words: string[], cwd: string, workspace: string): string[] {
  const paths: string[] = [];
  for (const word of words) {
    const value = word.replace(PROJECT_DIR_VARIABLE, workspace);
    const candidate = value.includes("=") && value.startsWith("-") ? value.slice(value.indexOf("=") + 1) : value;
    if (candidate === "" || !/[/\\.]/.test(candidate) || /^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) continue;
    paths.push(path.resolve(cwd, candidate));
  }
  return paths;
}

function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** sha256 of a regular file's bytes; "missing" or the kind otherwise (a file planted later changes it). */
function fileDigest(file: string): string {
  let fd: number;
  try {
    // Non-blocking, so a FIFO planted under a script's name cannot hang start-up.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "ENOENT" ? "missing" : `unreadable:${(error as NodeJS.ErrnoException).code ?? "?"}`;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return stats.isDirectory() ? "directory" : "special";
    if (stats.size > MAX_DIGESTED_BYTES) return `large:${stats.size}:${stats.mtimeMs}:${stats.ino}`;
    const hash = createHash("sha256");
    const buffer = Buffer.alloc(64 * 1024);
    for (let read = readSync(fd, buffer); read > 0; read = readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
    return hash.digest("hex");
  } finally {
    closeSync(fd);
  }
}
