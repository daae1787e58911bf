// After a sandboxed command that ran without a question: whatever it did to a critical file
// is undone (ADR 0035). The listings before and after it (critical-scan.ts) are compared:
// a critical path that appeared is moved out of the workspace, one that changed or went is
// put back from the copy taken before. Only what the command could have done is undone: an
// entry the sandbox kept read-only (the same file, its folders not renamed, one link only)
// changed at someone else's hand (an editor, an approved command) and is left alone.
import { cpSync, lstatSync, mkdirSync, realpathSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { CriticalListing, EntryState } from "./critical-scan.js";

/** What is moved aside bigger than this is deleted instead: a planted file may be huge. */
const KEEP_MAX_BYTES = 16 * 1024 * 1024;

export interface UndoInput {
  before: CriticalListing;
  after: CriticalListing;
  /** Contents of the regular files in `before`, by relative path. */
  copies: ReadonlyMap<string, Buffer>;
  /** Where removed entries are kept (`<n>/<path>`); deleted when absent or inside the workspace. */
  asideDir?: string;
}

function same(before: EntryState, after: EntryState | undefined): boolean {
  if (!after || after.kind !== before.kind || after.id !== before.id) return false;
  if (before.kind === "dir") return true;
  return after.size === before.size && after.mtimeNs === before.mtimeNs && after.ctimeNs === before.ctimeNs && after.mode === before.mode && after.link === before.link;
}

function currentId(absolute: string): string {
  try {
    const stats = lstatSync(absolute, { bigint: true });
    return stats.isDirectory() ? `${stats.dev}:${stats.ino}` : "";
  } catch {
    return "";
  }
}

/** Every entry is somewhere under the workspace; a parent swapped for a symlink must not carry a write outside it. */
function parentIsReal(root: string, relative: string): boolean {
  const parent = path.dirname(path.join(root, relative));
  try {
    return realpathSync(parent) === parent;
  } catch {
    return false;
  }
}

export function undoCriticalChanges(input: UndoInput): string[] {
  const { before, after, copies } = input;
  const root = before.root;
  const parentsMoved = (relative: string) => {
    for (let parent = path.posix.dirname(relative); parent !== "."; parent = path.posix.dirname(parent)) {
      if (before.parents.get(parent) !== currentId(path.join(root, parent))) return true;
    }
    return false;
  };
  /** Read-only inside the sandbox unless a parent was renamed or another name shares the file. */
  const couldChange = (state: EntryState, now: EntryState | undefined, relative: string) =>
    state.kind === "symlink" || state.nlink > 1 || (now?.nlink ?? 0) > 1 || parentsMoved(relative);
  /** New in a critical folder the sandbox kept read-only: someone else put it there. */
  const inKeptFolder = (relative: string) => {
    for (let parent = path.posix.dirname(relative); parent !== "."; parent = path.posix.dirname(parent)) {
      const was = before.entries.get(parent);
      if (was?.kind === "dir" && same(was, after.entries.get(parent)) && !parentsMoved(parent)) return true;
    }
    return false;
  };

  const lines: string[] = [];
  let kept = 0;
  const aside = input.asideDir && path.relative(root, input.asideDir).startsWith("..") ? input.asideDir : undefined;
  const moveAside = (relative: string, size: number): string => {
    const absolute = path.join(root, relative);
    if (!parentIsReal(root, relative)) throw new Error(`a folder above ${relative} was replaced by a link`);
    if (aside) {
      const target = path.join(aside, String(++kept), relative);
      mkdirSync(path.dirname(target), { recursive: true });
      try {
        renameSync(absolute, target);
        return ` (kept in ${target})`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        if (size <= KEEP_MAX_BYTES) {
          cpSync(absolute, target, { recursive: true, verbatimSymlinks: true });
          rmSync(absolute, { recursive: true, force: true });
          return ` (kept in ${target})`;
        }
      }
    }
    rmSync(absolute, { recursive: true, force: true });
    return "";
  };
  const sizeUnder = (relative: string) => {
    let total = 0;
    for (const [other, state] of after.entries) if (other === relative || other.startsWith(`${relative}/`)) total += Number(state.size);
    return total;
  };

  // Put back what changed or went, parents first.
  const failed = new Set<string>();
  const changed = [...before.entries].filter(([relative, state]) => !same(state, after.entries.get(relative)) && couldChange(state, after.entries.get(relative), relative));
  for (const [relative, state] of changed.sort(([a], [b]) => a.length - b.length)) {
    try {
      const absolute = path.join(root, relative);
      const now = after.entries.get(relative);
      if (now && lstatExists(absolute)) {
        if (state.kind === "dir" && now.kind === "dir") continue; // the same folder under a new inode: its entries are compared one by one
        moveAside(relative, sizeUnder(relative));
      }
      restoreParents(root, relative);
      if (!parentIsReal(root, relative)) throw new Error("a folder above it was replaced by a link");
      if (state.kind === "file") {
        const data = copies.get(relative);
        if (!data) throw new Error("no copy of it was taken");
        writeFileSync(absolute, data, { flag: "wx", mode: state.mode & 0o7777 });
        const seconds = Number(state.mtimeNs) / 1e9;
        utimesSync(absolute, seconds, seconds);
      } else if (state.kind === "dir") mkdirSync(absolute, { mode: state.mode & 0o7777 });
      else if (state.kind === "symlink") symlinkSync(state.link!, absolute);
      else throw new Error("it is a special file");
      lines.push(now ? `restored ${relative}` : `put back ${relative} (it had been removed)`);
    } catch (error) {
      failed.add(state.id);
      lines.push(`could not put back ${relative}: ${(error as Error).message}`);
    }
  }

  // Move out what appeared (only the top of a new subtree).
  const added = [...after.entries.keys()].filter((relative) => !before.entries.has(relative) && !inKeptFolder(relative));
  const tops = added.filter((relative) => !added.some((other) => relative.startsWith(`${other}/`)));
  for (const relative of tops.sort()) {
    const state = after.entries.get(relative)!;
    if (!lstatExists(path.join(root, relative))) continue; // went with a folder moved aside above
    if (failed.has(state.id)) {
      lines.push(`left ${relative}: it is the original of a critical file that could not be put back`);
      continue;
    }
    try {
      lines.push(`removed ${relative}${moveAside(relative, sizeUnder(relative))}`);
    } catch (error) {
      lines.push(`could not remove ${relative}: ${(error as Error).message}`);
    }
  }
  for (const folder of after.madeReadable) lines.push(`made ${folder} readable again to look inside it`);
  for (const [folder, why] of after.unreadable) {
    if (!before.unreadable.has(folder)) lines.push(`could not look inside ${folder || "the workspace"} (${why}): a critical file there was not checked`);
  }
  return lines;
}

function lstatExists(absolute: string): boolean {
  try {
    lstatSync(absolute);
    return true;
  } catch {
    return false;
  }
}

/** Recreates the folders above `relative`; a symlink where a folder was is removed (it holds no data). */
function restoreParents(root: string, relative: string): void {
  const parts = relative.split("/").slice(0, -1);
  let at = root;
  for (const part of parts) {
    at = path.join(at, part);
    let stats;
    try {
      stats = lstatSync(at);
    } catch {
      mkdirSync(at);
      continue;
    }
    if (stats.isDirectory()) continue;
    if (!stats.isSymbolicLink()) throw new Error(`${path.relative(root, at)} is no longer a folder`);
    rmSync(at);
    mkdirSync(at);
  }
}
