// Whether a file has uncommitted changes: a person approving an overwrite wants to know
// if it would clobber work that git cannot give back. Fixed argv, never a shell.
import { execFile } from "node:child_process";
import path from "node:path";

export function createDirtyCheck(root: string): (userPath: string) => Promise<boolean | undefined> {
  return (userPath) =>
    new Promise((resolve) => {
      const target = path.resolve(root, userPath);
      execFile(
        "git",
        ["status", "--porcelain", "--untracked-files=all", "--", target],
        { cwd: root, timeout: 5_000, windowsHide: true },
        (error, stdout) => {
          // Not a repository, or no git at all: say nothing rather than guess.
          if (error) return resolve(undefined);
          resolve(stdout.trim().length > 0);
        },
      );
    });
}
