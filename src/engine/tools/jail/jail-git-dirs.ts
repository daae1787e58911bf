// Git metadata under another name. A write into `.git/` is refused by its name; a bare
// repository (`git init --bare store.git`), a linked worktree's git dir, or the folder a
// `gitdir:` pointer names holds the same config and hooks, which git runs on the host when
// started in or pointed at it. So a folder above the target that git would take for a git dir
// (git/git-dir-shape.ts), or that the workspace's own `.git` file names, refuses the write too.
import path from "node:path";
import { isGitDirShaped, pointerTarget } from "../../git/git-dir-shape.js";
import { isInside } from "./jail-symlinks.js";

/** What makes the workspace folder itself a git dir, when it is one: writes to these are refused. */
const ROOT_GIT_NAMES = new Set(["head", "config", "objects", "refs", "hooks", "info", "commondir", "config.worktree", "packed-refs", "index"]);

/** Why `real` (symlinks resolved, inside `root`) lies in a git dir, or undefined. */
export function gitDirProblem(root: string, real: string): string | undefined {
  const parts = path.relative(root, real).split(path.sep).filter(Boolean);
  if (parts.length === 0) return undefined;
  // The workspace itself as a git dir (`git --git-dir=. init`): its own entries are its metadata.
  if (ROOT_GIT_NAMES.has(parts[0]!.toLowerCase()) && isGitDirShaped(root)) return "the workspace folder is itself a git directory";
  const named = pointerTarget(root);
  if (named !== undefined && isInside(root, named) && named !== root && isInside(named, real)) {
    return `${path.relative(root, named)} is the git directory the workspace's .git file names`;
  }
  let dir = root;
  for (const part of parts.slice(0, -1)) {
    dir = path.join(dir, part);
    if (isGitDirShaped(dir)) return `${path.relative(root, dir).split(path.sep).join("/")} is a git directory by its contents`;
  }
  return undefined;
}
