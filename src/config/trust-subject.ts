// What trusting a project covers: the powers its .agent.json asks for (project-powers.ts), the
// hooks in its .claude/settings*.json (claude-settings.ts), its guard plugins, and every
// workspace file those settings run or read (command-files.ts: hook scripts, MCP server
// scripts, the makefile, the prompt file) with the whole folder of each script a command
// names, for what it sources or imports. The digest covers the files' contents, so a script
// rewritten after trust (by a pull, or by a command the agent ran) asks again (docs/adr/0033,
// docs/adr/0064).
import { lstatSync, readdirSync } from "node:fs";
import path from "node:path";
import { trustDigest } from "../engine/trust/project-trust.js";
import type { HookSettings } from "../engine/extensions/hooks/hook-settings.js";
import type { ClaudeHooksFile } from "./claude-settings.js";
import { commandFiles, commandSegments, inside, type CommandFiles } from "./command-files.js";
import type { FileConfig } from "./config-file.js";
import { powerSettings, projectPowers, type PowerItem } from "./project-powers.js";
import { fileDigest, folderDigests, type DigestContext } from "./trust-digest.js";

export interface TrustSubject {
  /** What the person is shown; empty when the project asks for nothing that needs trust. */
  items: PowerItem[];
  digest: string;
  /** Absolute paths of workspace files (and script folders) a trusted setting runs or reads: read-only in the sandbox. */
  files: string[];
}

export function trustSubject(
  workspace: string,
  project: FileConfig,
  user: FileConfig | undefined,
  claudeHooks: readonly ClaudeHooksFile[] = [],
  agentHome?: string,
): TrustSubject {
  const items = projectPowers(project, user);
  for (const file of claudeHooks) {
    for (const [event, command] of hookCommands(file.hooks)) items.push({ key: `hooks.${event}`, detail: `run ${command} (${path.relative(workspace, file.path)})` });
  }
  const guards = projectGuardFiles(workspace);
  for (const file of guards) items.push({ key: "guards", detail: `refuse calls by the rules in ${path.relative(workspace, file)}` });
  const claudeFiles = claudeHooks.flatMap((file) => hookFiles(workspace, file.hooks));
  const referenced = referencedFiles(workspace, project);
  const files = [...new Set([...referenced, ...claudeFiles, ...guards])].sort();
  const context: DigestContext = { workspace, ...(agentHome ? { agentHome } : {}) };
  const contents: Record<string, string> = {};
  for (const file of files) Object.assign(contents, isScriptFolder(workspace, file) ? folderDigests(context, file) : { [path.relative(workspace, file)]: fileDigest(context, file) });
  // Absent when there are none, so the digest of a project without them is what it was before.
  const claude = claudeHooks.length > 0 ? Object.fromEntries(claudeHooks.map((file) => [path.relative(workspace, file.path), file.hooks])) : undefined;
  return { items, digest: trustDigest({ settings: powerSettings(project, user), claudeHooks: claude, files: contents }), files };
}

function hookCommands(hooks: HookSettings): [string, string][] {
  return Object.entries(hooks).flatMap(([event, matchers]) => (matchers ?? []).flatMap((matcher) => matcher.hooks.map((hook): [string, string] => [event, hook.command])));
}

/** Workspace files the hook commands run (hooks run in the workspace), and the folders of those scripts. */
function hookFiles(workspace: string, hooks: HookSettings): string[] {
  return hookCommands(hooks).flatMap(([, command]) => withFolders(workspace, commandFiles(commandSegments(command), workspace, workspace)));
}

/**
 * The files, and the folder of each script that exists, unless that is the workspace root: what
 * a script sources or imports beside it cannot be told from the command line, so its folder is
 * covered whole (the files inside it then need no entry of their own).
 */
function withFolders(workspace: string, found: CommandFiles): string[] {
  const folders = found.scripts.filter(exists).map((file) => path.dirname(file)).filter((folder) => inside(workspace, folder));
  const covered = (file: string) => folders.some((folder) => file.startsWith(folder + path.sep));
  return [...new Set([...found.files.filter((file) => !covered(file)), ...folders])];
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

/** Workspace files (and script folders) named by the prompt file, hook commands and MCP server commands. */
export function referencedFiles(workspace: string, project: FileConfig): string[] {
  const found: string[] = [];
  if (project.system_prompt_file) found.push(path.resolve(workspace, project.system_prompt_file));
  found.push(...hookFiles(workspace, project.hooks ?? {}));
  for (const server of Object.values(project.mcpServers ?? {})) {
    if (server.type !== "stdio") continue;
    const cwd = server.cwd ? path.resolve(workspace, server.cwd) : workspace;
    // The command and args are words already (no shell), but a word may still be `sh -c "…"`'s script.
    const words = [server.command, ...server.args];
    const segments = [words, ...words.filter((word) => /\s/.test(word)).flatMap(commandSegments)];
    found.push(...withFolders(workspace, commandFiles(segments, cwd, workspace)));
  }
  return [...new Set(found.filter((file) => inside(workspace, file)))];
}

/** A folder `withFolders` added (a real folder now, not a file that became one). */
function isScriptFolder(workspace: string, file: string): boolean {
  return inside(workspace, file) && statKind(file) === "folder";
}

function statKind(file: string): "folder" | "other" | "missing" {
  try {
    return lstatSync(file).isDirectory() ? "folder" : "other";
  } catch {
    return "missing";
  }
}

function exists(file: string): boolean {
  return statKind(file) !== "missing";
}
