// Where mini-agent keeps per-user state: $MINI_AGENT_HOME, else ~/.mini-agent.
import { existsSync, statSync } from "node:fs";
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
 * The agent home for this run, checked: it must be a folder (or not exist yet), and a
 * MINI_AGENT_HOME inside the workspace is refused: sessions and config would sit among the
 * files the model works on (and be committed with them).
 */
export function checkedAgentHome(env: Readonly<Record<string, string | undefined>>, home: string, cwd: string): string {
  const dir = agentHome(env, home, cwd);
  const configured = Boolean(env["MINI_AGENT_HOME"]?.trim());
  const source = configured ? "MINI_AGENT_HOME" : "the default agent home";
  if (configured && isInside(dir, path.resolve(cwd))) {
    throw new ConfigError(`MINI_AGENT_HOME ${dir} is inside the workspace ${path.resolve(cwd)}; point it at a folder outside the workspace (e.g. ~/.mini-agent)`);
  }
  if (existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new ConfigError(`${source} ${dir} is not a directory; point MINI_AGENT_HOME at a folder for sessions and config`);
  }
  return dir;
}

/** Kimi Code CLI's home, where its OAuth login lives ($KIMI_CODE_HOME, else ~/.kimi-code). */
export function kimiCodeHome(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const configured = env["KIMI_CODE_HOME"]?.trim();
  return configured ? configured : join(home, ".kimi-code");
}
