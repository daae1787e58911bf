// Whether a repository holds a credential file where a git command could print it: in the
// index, or (for commands that read commits) in any commit reachable from a ref or a reflog.
// Asked before the allowlist lets such a command run unasked (allowlist/git-content.ts); git
// lists the names itself, so case, folders and renames are as git stores them. Bounded in
// time and size: a history too large to list in time counts as one that may hold one.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { HOST_GIT_OVERRIDES, hostGit, hostGitEnv } from "./host-git.js";

const TIMEOUT_MS = 3_000;
const MAX_BYTES = 32 * 1024 * 1024;

/** Each reach's listing: the index's names, and the names every commit added (root commits and merges included). */
const LISTINGS = {
  index: [["ls-files", "-z", "--cached"]],
  history: [["ls-files", "-z", "--cached"], ["log", "--all", "--reflog", "-m", "--no-renames", "--diff-filter=A", "--name-only", "--format=", "-z"]],
} as const;

/** Top-relative paths from git (core.quotePath does not touch -z output). */
function list(root: string, args: readonly string[]): string[] | string {
  const git = hostGit(root);
  if (git.path === undefined) return `git ${args[0]} could not list the names to check (${git.missing})`;
  try {
    const out = execFileSync(git.path, [...HOST_GIT_OVERRIDES, ...args], {
      cwd: root, env: hostGitEnv(), timeout: TIMEOUT_MS, maxBuffer: MAX_BYTES, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"],
    });
    return out.split(/[\0\n]/).filter(Boolean);
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? "");
    // No repository at all: the command itself will only fail, so there is nothing to print.
    if (/not a git repository/i.test(stderr)) return [];
    return `git ${args[0]} could not list the names to check (${(error as Error).message.split("\n")[0]})`;
  }
}

/** Why the command may print a credential file (naming one), or undefined when none is there. */
export function credentialInRepository(root: string, reach: "index" | "history", isDenied: (absolute: string) => boolean): string | undefined {
  const top = list(root, ["rev-parse", "--show-toplevel"]);
  if (typeof top === "string") return top;
  const base = top[0] ?? root;
  for (const args of LISTINGS[reach]) {
    const names = list(root, args);
    if (typeof names === "string") return names;
    const found = names.find((name) => isDenied(path.join(base, name)));
    if (found !== undefined) return `${JSON.stringify(found)} is a credential file ${args[0] === "log" ? "in the history" : "in the index"}`;
  }
  return undefined;
}
