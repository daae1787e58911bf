// How mini-agent starts git on the host against the workspace (the uncommitted-changes check,
// git_status / git_diff / git_log). The workspace's own git config is untrusted: a sandboxed
// command may have written it (`git init`, a file an include names). So every call switches off
// what config could make git run (fsmonitor, hooks, pager, external diff, signatures, …; diffs
// also pass --no-textconv --no-ext-diff), and a repository whose config names what no fixed
// override can switch off (a content filter, an include) is not run against (repo-config-risks.ts),
// nor one whose metadata would lead git outside the workspace (repo-location.ts).
import os from "node:os";
import { distrustForHostPrograms, hostProgram, type HostProgram } from "../host/host-programs.js";
import { repoConfigRisks, type ConfigRisk } from "./repo-config-risks.js";
import { locateRepository, repoLocationProblem } from "./repo-location.js";

/**
 * What a repository's config could make git run, switched off. Also for the model's unasked
 * git, through its environment (unaskedGitEnv). `diff.ignoreSubmodules=all` keeps status and
 * diff out of submodules, whose own config (a filter, an fsmonitor) no override reaches.
 * No value of `diff.external` switches it off (git 2.39 runs an empty one as a program and
 * `git diff` dies): the model's git runs unasked only where the repository's config names no
 * external diff (path-oracle.ts), and ours passes --no-ext-diff.
 */
const PROGRAMS_OFF: readonly (readonly [string, string])[] = [
  ["core.fsmonitor", "false"],
  ["core.hooksPath", os.devNull],
  ["core.pager", "cat"],
  ["core.editor", "false"],
  ["sequence.editor", "false"],
  ["core.askPass", ""],
  ["log.showSignature", "false"],
  ["diff.ignoreSubmodules", "all"],
];

/** Only for the git mini-agent itself starts: it never fetches, signs in or colours. */
const HOST_ONLY: readonly (readonly [string, string])[] = [
  ["credential.helper", ""],
  ["core.sshCommand", "false"],
  ["protocol.allow", "never"],
  ["color.ui", "false"],
  // A bare repository a command planted is never found by discovery, only when named.
  ["safe.bareRepository", "explicit"],
];

/** Before the subcommand: later `-c` wins over every config file git reads. */
export const HOST_GIT_OVERRIDES: readonly string[] = [
  ...[...PROGRAMS_OFF, ...HOST_ONLY].flatMap(([key, value]) => ["-c", `${key}=${value}`]),
  "--no-pager",
];

/**
 * The environment for a command that runs without a question: git's documented
 * GIT_CONFIG_COUNT/KEY/VALUE (git 2.31+) carry PROGRAMS_OFF to every git in it, submodules'
 * included. What the user's own environment already set there is kept, first.
 */
export function unaskedGitEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const given = Number.parseInt(env.GIT_CONFIG_COUNT ?? "0", 10);
  const start = Number.isSafeInteger(given) && given > 0 ? given : 0;
  const out: NodeJS.ProcessEnv = { ...env, GIT_CONFIG_COUNT: String(start + PROGRAMS_OFF.length) };
  PROGRAMS_OFF.forEach(([key, value], index) => {
    out[`GIT_CONFIG_KEY_${start + index}`] = key;
    out[`GIT_CONFIG_VALUE_${start + index}`] = value;
  });
  return out;
}

/** The user's environment (theirs, trusted) with git's prompts, locks and external diff off. */
export function hostGitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return { ...env, GIT_TERMINAL_PROMPT: "0", GIT_OPTIONAL_LOCKS: "0", GIT_EXTERNAL_DIFF: "", GIT_PAGER: "cat", GIT_ASKPASS: "" };
}

/**
 * The git mini-agent runs against `root`: an absolute path from a PATH folder outside it (and
 * every other folder commands can write), never a `git` a command planted (ADR 0061).
 */
export function hostGit(root: string): HostProgram {
  distrustForHostPrograms([root]);
  return hostProgram("git");
}

/**
 * Why git must not run against this workspace's repository now, or undefined. Read each time:
 * a command may plant config at any point of a session.
 */
export function hostGitRefusal(root: string): string | undefined {
  const location = locateRepository(root);
  if (!location) return undefined;
  const outside = repoLocationProblem(root, location);
  if (outside) return `the repository would be read outside the workspace: ${outside}`;
  const risk = repoConfigRisks(location.gitDir, root).find((item) => !item.neutralised);
  return risk ? describeRisk(risk) : undefined;
}

export function describeRisk(risk: ConfigRisk): string {
  return `the repository's git config (${risk.file}) has ${risk.key}, which ${risk.reason}`;
}
