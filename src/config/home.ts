// Where mini-agent keeps per-user state: $MINI_AGENT_HOME, else ~/.mini-agent. Resolved and
// checked here for every caller (config, sessions, memory, undo, registry, the TUI), so no
// path to it can skip a rule. The bin's compile-cache path (bin/mini-agent.cjs) follows the same rules.
import { accessSync, constants, realpathSync, statSync, type Stats } from "node:fs";
import path, { join } from "node:path";
import { ConfigError } from "./config-error.js";

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The path with every symlink resolved, as the kernel will follow it; for a path not made yet,
 * its nearest existing folder's real path plus the rest (so /tmp/x on macOS is /private/tmp/x).
 */
export function realPathOf(file: string): string {
  try {
    return realpathSync.native(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const parent = path.dirname(file);
    if ((code !== "ENOENT" && code !== "ENOTDIR") || parent === file) return file;
    return path.join(realPathOf(parent), path.basename(file));
  }
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The agent home as messages name it: which setting chose it, and the path it resolved to. */
function named(env: Env, home: string, dir: string, real = dir): string {
  const shown = real === dir ? dir : `${dir} (${real})`;
  return env["MINI_AGENT_HOME"]?.trim() ? `MINI_AGENT_HOME ${shown}` : `the agent home ${shown} (from HOME=${home})`;
}

/**
 * The agent home as a real path. A relative MINI_AGENT_HOME is taken against the directory
 * mini-agent started in (`cwd`), once, so every part of a run means the same folder. Refused
 * (ConfigError, exit 2):
 * - an empty or relative HOME when it is what places the home: ~/.mini-agent would be a folder
 *   of whatever directory mini-agent starts in, such as a cloned repository's own .mini-agent;
 * - a home inside the workspace, compared by real path on both sides, wherever it comes from:
 *   its config.json is trusted as the user's own (hooks, MCP servers, keys), and sessions there
 *   would sit among the files the model works on and be committed with them.
 */
export function agentHome(env: Env, home: string, cwd: string): string {
  const configured = env["MINI_AGENT_HOME"]?.trim();
  if (!configured && !path.isAbsolute(home)) {
    throw new ConfigError(
      `HOME is ${home === "" ? "empty" : `not an absolute path (${JSON.stringify(home)})`}, so the default agent home ~/.mini-agent has no fixed place (it would be a folder of the current directory); set HOME to your home folder, or MINI_AGENT_HOME to a folder outside the workspace`,
    );
  }
  const dir = configured ? path.resolve(cwd, configured) : join(home, ".mini-agent");
  const real = realPathOf(dir);
  const workspace = realPathOf(path.resolve(cwd));
  if (isInside(real, workspace)) {
    throw new ConfigError(`${named(env, home, dir, real)} is inside the workspace ${workspace}; point MINI_AGENT_HOME at a folder outside the workspace (e.g. ~/.mini-agent)`);
  }
  return real;
}

/**
 * The agent home (`agentHome`), checked before anything is read or written there: it is a
 * folder we may write into, or it does not exist yet and the nearest part of its path that does
 * is such a folder (it is made on first use). Otherwise a ConfigError (exit 2) names the
 * setting and the path, instead of the ENOTDIR or EACCES of whichever access came first, or a
 * listing that finds "nothing" in a home that is a file.
 */
export function usableAgentHome(env: Env, home: string, cwd: string): string {
  const dir = agentHome(env, home, cwd);
  const source = named(env, home, dir);
  const fix = "point MINI_AGENT_HOME at a folder for sessions and config";
  let existing = dir;
  let stats: Stats | undefined;
  for (;;) {
    try {
      stats = statSync(existing);
      break;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      const parent = path.dirname(existing);
      // Missing, or a part of the path is a file (ENOTDIR): look one level up.
      if ((code !== "ENOENT" && code !== "ENOTDIR") || parent === existing) {
        throw new ConfigError(`${source} cannot be used (${code ?? String(error)} at ${existing}); ${fix}`);
      }
      existing = parent;
    }
  }
  if (!stats.isDirectory()) {
    throw new ConfigError(existing === dir ? `${source} is not a directory; ${fix}` : `${source} cannot be created: ${existing} is not a directory; ${fix}`);
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(existing === dir ? `${source} is not writable (${code}); ${fix}` : `${source} cannot be created: ${existing} is not writable (${code}); ${fix}`);
  }
  return dir;
}

/** Kimi Code CLI's home, where its OAuth login lives ($KIMI_CODE_HOME, else ~/.kimi-code). */
export function kimiCodeHome(env: Env, home: string): string {
  const configured = env["KIMI_CODE_HOME"]?.trim();
  return configured ? configured : join(home, ".kimi-code");
}

/**
 * The command that resumes `sessionId` from this directory. It names MINI_AGENT_HOME (made
 * absolute, quoted for a POSIX shell) when the run's home is not the default one: without it,
 * the session would be looked for in ~/.mini-agent and not found.
 */
export function resumeCommand(sessionId: string, env: Readonly<Record<string, string | undefined>>, home: string, cwd = process.cwd()): string {
  const dir = agentHome(env, home, cwd);
  const command = `mini-agent -r ${sessionId}`;
  if (dir === join(home, ".mini-agent")) return command;
  const quoted = /^[\w@%+=:,./-]+$/.test(dir) ? dir : `'${dir.replace(/'/g, `'\\''`)}'`;
  return `MINI_AGENT_HOME=${quoted} ${command}`;
}
