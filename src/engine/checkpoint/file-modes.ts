// The permission bits a checkpoint must record because git cannot (ADR 0036). A stat per saved
// file is tens of milliseconds on a 10,000-file workspace, so the bits read at the previous
// snapshot are reused while the index says the file's ctime and inode did not move: a chmod
// changes the ctime, git then refreshes the entry, and the file is read again. Only an entry
// whose ctime is older than that previous read is trusted (git's "racily clean" rule: a change
// within the same second could otherwise leave the old ctime in the index).
import { lstatSync } from "node:fs";
import path from "node:path";
import { defaultFileMode, FOLDER_MODE } from "./checkpoint-manifest.js";
import type { IndexEntry } from "./git-index.js";

interface Known {
  ctimeSec: number;
  ctimeNsec: number;
  ino: number;
  bits: number;
}

const REGULAR = 0o100000;

export type ModeReader = (entries: readonly IndexEntry[], emptyFolders?: readonly string[]) => Map<string, number>;

/** Reads the bits of saved files (entries' paths, workspace-relative), of their folders, and of the empty folders ("a/"). */
export function createModeReader(root: string): ModeReader {
  let known = new Map<string, Known>();
  let readAtSec = 0;
  // Windows keeps no permission bits for git to lose (only a read-only flag).
  if (process.platform === "win32") return () => new Map();
  return (entries, emptyFolders = []) => {
    const startedSec = Math.floor(Date.now() / 1000);
    const next = new Map<string, Known>();
    const modes = new Map<string, number>();
    const folders = new Set<string>();
    let lastFolder = "";
    for (const entry of entries) {
      // Entries come sorted: a folder and its parents are added once, when first seen.
      const folder = entry.path.slice(0, entry.path.lastIndexOf("/") + 1);
      if (folder !== lastFolder) {
        lastFolder = folder;
        for (let at = folder; at !== "" && !folders.has(at); at = at.slice(0, at.lastIndexOf("/", at.length - 2) + 1)) folders.add(at);
      }
      // A symlink has no bits of its own; a nested repository is saved as its files.
      if ((entry.mode & 0o170000) !== REGULAR) continue;
      let seen = known.get(entry.path);
      const trusted = seen && seen.ctimeSec === entry.ctimeSec && seen.ctimeNsec === entry.ctimeNsec && seen.ino === entry.ino && entry.ctimeSec < readAtSec;
      if (!trusted) {
        const stat = lstatSync(path.join(root, entry.path), { bigint: true, throwIfNoEntry: false });
        if (!stat) continue; // Gone since git added it: the tree still has it, at git's bits.
        seen = {
          ctimeSec: Number(stat.ctimeNs / 1_000_000_000n) >>> 0,
          ctimeNsec: Number(stat.ctimeNs % 1_000_000_000n),
          ino: Number(stat.ino & 0xffffffffn),
          bits: Number(stat.mode & 0o7777n),
        };
      }
      next.set(entry.path, seen!);
      if (seen!.bits !== defaultFileMode(entry.mode)) modes.set(entry.path, seen!.bits);
    }
    for (const folder of emptyFolders) folders.add(folder);
    for (const folder of folders) {
      const stat = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
      if (stat?.isDirectory() && (stat.mode & 0o7777) !== FOLDER_MODE) modes.set(folder, stat.mode & 0o7777);
    }
    known = next;
    readAtSec = startedSec;
    return modes;
  };
}
