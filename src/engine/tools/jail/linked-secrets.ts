// A hard link is the same file under another name: `ln .env notes.txt` makes `notes.txt` read
// what `.env` holds, and the jail's name checks never see `.env`. A regular file with more than
// one name is therefore matched, by device and inode, against the secret files the jail refuses
// by name (in the workspace and the read roots) and the credential stores in the home. Files
// with one name, nearly all of them, cost one lstat.
import { lstatSync, type Stats } from "node:fs";
import path from "node:path";
import { firstInTree } from "./first-in-tree.js";

/** Package managers' trees and git's store: no project secret lives there, and they can be huge. */
const NOT_SEARCHED = new Set(["node_modules", ".git"]);

export interface LinkedSecretScope {
  /** Folders whose secret-named files count (the workspace and the read roots). */
  roots: readonly string[];
  /** Credential stores and files in the home (absolute). */
  stores: readonly string[];
  /** The jail's name rule. */
  isSecretName(baseName: string): boolean;
}

function fileStats(absolute: string): Stats | undefined {
  try {
    const stats = lstatSync(absolute);
    return stats.isFile() ? stats : undefined;
  } catch {
    return undefined;
  }
}

const sameFile = (a: Stats, b: Stats) => a.ino === b.ino && a.dev === b.dev;

/**
 * Why `absolute` may not be read because it is another name of a secret file, or undefined.
 * Fails closed: a tree too large to search refuses the extra-named file rather than guess.
 */
export function linkedSecretReason(absolute: string, scope: LinkedSecretScope): string | undefined {
  const target = fileStats(absolute);
  if (!target || target.nlink < 2) return undefined;
  const twin = (candidate: string) => {
    if (candidate === absolute) return false;
    const stats = fileStats(candidate);
    return stats !== undefined && sameFile(stats, target);
  };
  const found = (name: string) => `it is a hard link to ${name}, which holds secrets and is never accessible to tools`;
  for (const store of scope.stores) {
    const problem = firstInTree(store, (_entry, full) => (twin(full) ? found(full) : undefined), `it has ${target.nlink} names and ${store} is too large to check that none of them is there`);
    if (problem) return problem;
    if (twin(store)) return found(store);
  }
  for (const root of scope.roots) {
    const problem = firstInTree(
      root,
      (entry, full) => (entry.isFile() && scope.isSecretName(entry.name) && twin(full) ? found(path.relative(root, full) || full) : undefined),
      `it has ${target.nlink} names and ${root} is too large to check that none of them holds secrets`,
      (entry) => entry.isDirectory() && NOT_SEARCHED.has(entry.name),
    );
    if (problem) return problem;
  }
  return undefined;
}
