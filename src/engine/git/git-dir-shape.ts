// What git takes for a git dir, read from the disk the way git's setup.c does it: HEAD beside
// objects/ and refs/ (a bare repository or a `.git` by any name), or HEAD beside a `commondir`
// file (a linked worktree's own git dir). The sandbox (critical-scan.ts) lists these; the jail
// refuses writes into them, as into `.git/`: their config and hooks run on the next git command.
import { lstatSync, type Dirent } from "node:fs";
import path from "node:path";
import { readGitPointer } from "./repo-location.js";
import { readUserFile } from "../bounded-read.js";

/** What git itself requires of a git dir (setup.c's is_git_directory): HEAD, objects/ and refs/. */
export function looksLikeGitDir(dirents: readonly Dirent[]): boolean {
  let found = 0;
  for (const dirent of dirents) {
    // git follows links to `objects` and `refs` (it only asks whether it can enter them).
    const folderLike = dirent.isDirectory() || dirent.isSymbolicLink();
    if (dirent.name === "HEAD" ? !dirent.isDirectory() : (dirent.name === "objects" || dirent.name === "refs") && folderLike) found += 1;
  }
  return found === 3;
}

const kindOf = (file: string): "dir" | "file" | "link" | undefined => {
  try {
    const stats = lstatSync(file);
    return stats.isSymbolicLink() ? "link" : stats.isDirectory() ? "dir" : "file";
  } catch {
    return undefined;
  }
};

/**
 * A git dir by shape: objects/ and refs/ beside HEAD, or a linked worktree's (HEAD beside a
 * commondir file). Four lstats, no listing: the jail asks it of every folder above a write.
 */
export function isGitDirShaped(dir: string): boolean {
  const head = kindOf(path.join(dir, "HEAD"));
  if (head === undefined || head === "dir") return false;
  const folderLike = (name: string) => ["dir", "link"].includes(kindOf(path.join(dir, name)) ?? "");
  return (folderLike("objects") && folderLike("refs")) || kindOf(path.join(dir, "commondir")) === "file";
}

/** The folder a `.git` file in `dir` names (resolved from `dir`), or undefined when there is none. */
export function pointerTarget(dir: string): string | undefined {
  const file = path.join(dir, ".git");
  try {
    if (!lstatSync(file).isFile()) return undefined;
  } catch {
    return undefined;
  }
  const read = readUserFile(file, { maxBytes: 64 * 1024, what: "git metadata" });
  const target = read.ok ? readGitPointer(read.text) : undefined;
  return target === undefined ? undefined : path.resolve(dir, target);
}
