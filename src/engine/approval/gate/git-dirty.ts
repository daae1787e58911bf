// Whether a file has uncommitted changes: a person approving an overwrite wants to know
// if it would clobber work that git cannot give back. Fixed argv, never a shell, and nothing
// the repository's config could make git run (git/host-git.ts).
import * as childProcess from "node:child_process";
import { HOST_GIT_OVERRIDES, hostGit, hostGitEnv, hostGitRefusal } from "../../git/host-git.js";
import { existsSync } from "node:fs";
import path from "node:path";

/**
 * A `.git` (folder, or file for a worktree) in the root or above it, or GIT_DIR set: without
 * one git can only fail, so it is not started (a spawn costs milliseconds on every write).
 */
export function mayBeInRepository(root: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.GIT_DIR) return true;
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, ".git"))) return true;
    if (path.dirname(dir) === dir) return false;
  }
}

export function createDirtyCheck(root: string): (userPath: string) => Promise<boolean | undefined> {
  return (userPath) =>
    new Promise((resolve) => {
      // Not a repository: say nothing rather than guess (asked per call: `git init` may come later).
      if (!mayBeInRepository(root)) return resolve(undefined);
      // A repository whose config would run a program (planted by a command) is not asked.
      if (hostGitRefusal(root)) return resolve(undefined);
      // No git mini-agent may run (none, or only one a command could have planted): say nothing.
      const git = hostGit(root).path;
      if (git === undefined) return resolve(undefined);
      const target = path.resolve(root, userPath);
      childProcess.execFile(
        git,
        [...HOST_GIT_OVERRIDES, "status", "--porcelain", "--untracked-files=all", "--", target],
        { cwd: root, timeout: 5_000, windowsHide: true, env: hostGitEnv() },
        (error, stdout) => {
          // Not a repository after all, or no git at all: say nothing rather than guess.
          if (error) return resolve(undefined);
          resolve(stdout.trim().length > 0);
        },
      );
    });
}
