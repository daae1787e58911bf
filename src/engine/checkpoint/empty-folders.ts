// Folders git's tree cannot hold (ADR 0052): present, with no saved file anywhere below them.
// After `git add -A`, git names the top of each such run of folders as one untracked folder
// (`ls-files --others --directory` says "a/" for a/, a/b/ and a/b/c/); the folders below it are
// read here. Never into a folder ignored whole (it is recorded as unsaved, not walked), a
// nested repository (snapshotted as a root of its own) or a symlink (it leads elsewhere).
import { readdirSync } from "node:fs";
import path from "node:path";

/** Beyond this many in one snapshot, the rest are named as unsaved rather than listed. */
export const MAX_EMPTY_FOLDERS = 2000;

export interface EmptyFolders {
  /** Relative to the walked root, each ending in "/". */
  folders: string[];
  /** Tops whose folders were not all listed (the cap), for the unsaved list. */
  cut: string[];
}

/**
 * Every folder in and below each of `tops` (untracked folders git named, relative, ending in
 * "/"); `skip` says which folders are ignored whole. `budget.left` is shared by the whole snapshot.
 */
export function emptyFoldersBelow(workTree: string, tops: readonly string[], skip: (folder: string) => boolean, budget: { left: number }): EmptyFolders {
  const found: EmptyFolders = { folders: [], cut: [] };
  for (const top of tops) {
    const pending = [top];
    while (pending.length > 0) {
      const folder = pending.pop()!;
      let dirents;
      try {
        dirents = readdirSync(path.join(workTree, folder), { withFileTypes: true });
      } catch {
        continue; // Gone, or unreadable: git said so already if it mattered.
      }
      if (dirents.some((dirent) => dirent.name === ".git")) continue;
      if (budget.left <= 0) {
        found.cut.push(folder);
        continue;
      }
      budget.left -= 1;
      found.folders.push(folder);
      for (const dirent of dirents) {
        const below = `${folder}${dirent.name}/`;
        if (dirent.isDirectory() && !skip(below)) pending.push(below);
      }
    }
  }
  return found;
}
