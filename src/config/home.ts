// Where mini-agent keeps per-user state: $MINI_AGENT_HOME, else ~/.mini-agent.
import { accessSync, constants, statSync, type Stats } from "node:fs";
import path, { join } from "node:path";
import { ConfigError } from "./config-error.js";

/**
 * A relative MINI_AGENT_HOME is taken against the directory mini-agent started in (`cwd`),
 * once, so every part of a run (config, sessions, the jail's deny list) means the same folder.
 */
export function agentHome(env: Readonly<Record<string, string | undefined>>, home: string, cwd = process.cwd()): string {
  const configured = env["MINI_AGENT_HOME"]?.trim();
  return configured ? path.resolve(cwd, configured) : join(home, ".mini-agent");
}

function isInside(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/**
 * The agent home for this run, checked: a MINI_AGENT_HOME inside the workspace is refused
 * (sessions and config would sit among the files the model works on, and be committed with
 * them), and the folder must be usable (`usableAgentHome`).
 */
export function checkedAgentHome(env: Readonly<Record<string, string | undefined>>, home: string, cwd: string): string {
  const dir = agentHome(env, home, cwd);
  if (env["MINI_AGENT_HOME"]?.trim() && isInside(dir, path.resolve(cwd))) {
    throw new ConfigError(`MINI_AGENT_HOME ${dir} is inside the workspace ${path.resolve(cwd)}; point it at a folder outside the workspace (e.g. ~/.mini-agent)`);
  }
  return usableAgentHome(env, home, cwd);
}

/**
 * The agent home, checked before anything is written there: it is a folder we may write into,
 * or it does not exist yet and the nearest part of its path that does is such a folder (it is
 * made on first use). Otherwise a ConfigError (exit 2) names MINI_AGENT_HOME and the path,
 * instead of the ENOTDIR or EACCES of whichever write came first.
 */
export function usableAgentHome(env: Readonly<Record<string, string | undefined>>, home: string, cwd = process.cwd()): string {
  const dir = agentHome(env, home, cwd);
  const source = env["MINI_AGENT_HOME"]?.trim() ? "MINI_AGENT_HOME" : "the default agent home";
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
        throw new ConfigError(`${source} ${dir} cannot be used (${code ?? String(error)} at ${existing}); ${fix}`);
      }
      existing = parent;
    }
  }
  if (!stats.isDirectory()) {
    throw new ConfigError(existing === dir ? `${source} ${dir} is not a directory; ${fix}` : `${source} ${dir} cannot be created: ${existing} is not a directory; ${fix}`);
  }
  try {
    accessSync(existing, constants.W_OK | constants.X_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ConfigError(existing === dir ? `${source} ${dir} is not writable (${code}); ${fix}` : `${source} ${dir} cannot be created: ${existing} is not writable (${code}); ${fix}`);
  }
  return dir;
}

/** Kimi Code CLI's home, where its OAuth login lives ($KIMI_CODE_HOME, else ~/.kimi-code). */
export function kimiCodeHome(env: Readonly<Record<string, string | undefined>>, home: string): string {
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
