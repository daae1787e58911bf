// How mini-agent starts git on the host against the workspace (the uncommitted-changes check,
// git_status / git_diff / git_log). The workspace's own git config is untrusted: a sandboxed
// command may have written it (`git init`, a file an include names). So every call switches off
// what config could make git run (fsmonitor, hooks, pager, external diff, signatures, …; diffs
// also pass --no-textconv --no-ext-diff), and a repository whose config names what no fixed
// override can switch off (a content filter, an include) is not run against (repo-config-risks.ts).
import os from "node:os";
import { findGitDir, repoConfigRisks, type ConfigRisk } from "./repo-config-risks.js";

/** Before the subcommand: later `-c` wins over every config file git reads. */
export const HOST_GIT_OVERRIDES: readonly string[] = [
  "-c", "core.fsmonitor=false",
  "-c", `core.hooksPath=${os.devNull}`,
  "-c", "core.pager=cat",
  "-c", "core.editor=false",
  "-c", "sequence.editor=false",
  "-c", "diff.external=",
  "-c", "credential.helper=",
  "-c", "core.sshCommand=false",
  "-c", "core.askPass=",
  "-c", "protocol.allow=never",
  "-c", "log.showSignature=false",
  "-c", "color.ui=false",
  // A bare repository a command planted is never found by discovery, only when named.
  "-c", "safe.bareRepository=explicit",
  "--no-pager",
];

/** The user's environment (theirs, trusted) with git's prompts, locks and external diff off. */
export function hostGitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_EXTERNAL_DIFF: "", GIT_PAGER: "cat", GIT_ASKPASS: "" };
}

/**
 * Why git must not run against this workspace's repository now, or undefined. Read each time:
 * a command may plant config at any point of a session.
 */
export function hostGitRefusal(root: string): string | undefined {
  const gitDir = findGitDir(root);
  if (!gitDir) return undefined;
  const risk = repoConfigRisks(gitDir, root).find((item) => !item.neutralised);
  return risk ? describeRisk(risk) : undefined;
}

export function describeRisk(risk: ConfigRisk): string {
  return `the repository's git config (${risk.file}) has ${risk.key}, which ${risk.reason}`;
}
