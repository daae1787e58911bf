// Reads guard plugins from <workspace>/.agents/guards/*.json and <agent home>/guards/*.json.
// A project's plugins only once the project is trusted: they cannot allow or run anything, but
// a rule that refuses every call stops the agent as surely as a crash (ADR 0033).
// A broken file in the agent home stops start-up with its name and problem: skipping it would
// quietly let through every call the user wrote it to refuse. A broken or refused project file
// is a notice and is skipped: a repository must not be able to stop the agent from starting,
// and what a skipped project plugin would have done is only refuse (ADR 0019).
// Project files are read through the workspace jail (no link out of the workspace, no device,
// FIFO or hard link, at most MAX_GUARD_FILE_BYTES); the user's with the same size cap.
import { readdirSync } from "node:fs";
import path from "node:path";
import { readUserFile, type ReadOutcome } from "../../bounded-read.js";
import { readWorkspaceFile } from "../../workspace-read/workspace-file.js";
import { validateGuardPlugin, type GuardPlugin } from "./guard-plugin.js";

export class GuardPluginError extends Error {}

/** A guard plugin is a short list of rules; a larger file is refused, never read whole. */
export const MAX_GUARD_FILE_BYTES = 256_000;

export interface GuardRoots {
  workspace: string;
  /** The agent home ($MINI_AGENT_HOME). */
  home: string;
  /** The project is trusted: its plugins are read too. */
  projectTrusted?: boolean;
}

export interface LoadedGuards {
  plugins: GuardPlugin[];
  /** One line per skipped project plugin, naming the file and what is wrong. */
  notices: string[];
}

export function guardDirs(roots: GuardRoots): string[] {
  return [path.join(roots.workspace, ".agents", "guards"), path.join(roots.home, "guards")];
}

export function loadGuardPlugins(roots: GuardRoots): LoadedGuards {
  const [projectDir, userDir] = guardDirs(roots) as [string, string];
  const plugins: GuardPlugin[] = [];
  const notices: string[] = [];
  const problems: string[] = [];
  const limits = { maxBytes: MAX_GUARD_FILE_BYTES, what: "guard plugin" };
  for (const file of roots.projectTrusted ? pluginFiles(projectDir) : []) {
    const checked = checkPlugin(readWorkspaceFile(roots.workspace, file, { ...limits, deniedDirs: [roots.home] }), file);
    if ("plugin" in checked) plugins.push(checked.plugin);
    else notices.push(`${checked.problem}; skipped, so its refusals are not in force this session`);
  }
  for (const file of pluginFiles(userDir)) {
    const checked = checkPlugin(readUserFile(file, limits), file);
    if ("plugin" in checked) plugins.push(checked.plugin);
    else problems.push(checked.problem);
  }
  if (problems.length > 0) throw new GuardPluginError(`${problems.join("\n")}\nFix or remove the file; a guard that cannot be read would refuse nothing.`);
  return { plugins, notices };
}

function pluginFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".json"))
      .sort()
      .map((name) => path.join(dir, name));
  } catch {
    return []; // No such folder (the common case) or unreadable: no plugins from there.
  }
}

function checkPlugin(read: ReadOutcome, file: string): { plugin: GuardPlugin } | { problem: string } {
  if (!read.ok) return { problem: `guard plugin ${file}: ${read.detail}` };
  let value: unknown;
  try {
    value = JSON.parse(read.text.replace(/^\uFEFF/, ""));
  } catch (error) {
    return { problem: `guard plugin ${file}: ${(error as Error).message}` };
  }
  const checked = validateGuardPlugin(value);
  return "problem" in checked ? { problem: `guard plugin ${file}: ${checked.problem}` } : checked;
}
