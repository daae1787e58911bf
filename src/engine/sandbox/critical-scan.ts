// Lists what a sandboxed command that runs without a question may not change (ADR 0035):
// every critical file (approval/rules/critical-files.ts) at any depth, the whole of each critical
// folder, the files a trusted setting runs (`protectedPaths`), and whatever a critical symlink
// points at inside the workspace. The sandbox mounts the listed tops read-only; the listing
// taken after the command is compared with this one (critical-undo.ts).
// Folders named node_modules or .git are not walked: a dependency's files run anyway, and every
// .git (folder, gitdir pointer or link, at any depth, and a bare repository by any name) is
// recorded whole in `gitEntries`, to be mounted read-only and checked after the command
// (git-guard.ts, ADR 0037). What the walk meets that is a hard link to a file outside the
// workspace goes to `linkedOut`, read-only to every sandboxed command (ADR 0051).
import { chmodSync, lstatSync, readdirSync, readlinkSync, realpathSync, type BigIntStats, type Dirent } from "node:fs";
import path from "node:path";
import { isCriticalFile, isCriticalName } from "../approval/rules/critical-files.js";
import { linkedInNodeModules, LinkTally, type LinkCache } from "./linked-out.js";
import { lstatIfAny } from "./real-path.js";

export interface EntryState {
  kind: "file" | "dir" | "symlink" | "other";
  /** `dev:ino`: the same file under any of its names. */
  id: string;
  size: bigint;
  mtimeNs: bigint;
  ctimeNs: bigint;
  mode: number;
  nlink: number;
  /** A symlink's target, as written. */
  link?: string;
}

export interface CriticalListing {
  /** The workspace's real path. */
  root: string;
  /** Workspace-relative path (forward slashes) → what is there; a protected path that is missing is absent. */
  entries: Map<string, EntryState>;
  /** Absolute paths to mount read-only: each critical subtree's top, and what a critical symlink points at. */
  readOnly: string[];
  /** Each folder above an entry → its `dev:ino` ("" when missing): a renamed parent moves what it holds. */
  parents: Map<string, string>;
  /** Folders that could not be read ("" is the top), and why. */
  unreadable: Map<string, string>;
  /** Folders the listing after a command made readable again (see `ListOptions.before`). */
  madeReadable: string[];
  /** Every `.git` outside node_modules and critical folders, by workspace-relative path (the top one is ".git"). */
  gitEntries: Map<string, EntryState>;
  /**
   * The workspace folder's own entries of ROOT_GIT_NAMES, whether or not it is a git dir: after
   * a command made it one, only those it added are moved out (a `config/` the project had stays).
   */
  rootParts?: Map<string, EntryState>;
  /**
   * Absolute paths that are, or hold, hard links to files outside the workspace: a write
   * through one would change the outside file (another project's install, a backup, a file of
   * the user's). Package managers' linked stores, packages linked in from a global cache, and
   * any walked file with a name the walk did not meet.
   */
  linkedOut: string[];
}

export interface ListLimits {
  /** Directory entries read by the walk. */
  entries: number;
  /** Critical entries (each top is one mount). */
  critical: number;
}

/** The workspace is too large to list before a command (the limits); said to the model. */
export class ListingTooLargeError extends Error {}

const SKIPPED = new Set(["node_modules", ".git"]);

export function stateOf(stats: BigIntStats, link?: string): EntryState {
  const kind = stats.isSymbolicLink() ? "symlink" : stats.isDirectory() ? "dir" : stats.isFile() ? "file" : "other";
  return {
    kind,
    id: `${stats.dev}:${stats.ino}`,
    size: stats.size,
    mtimeNs: stats.mtimeNs,
    ctimeNs: stats.ctimeNs,
    mode: Number(stats.mode),
    nlink: Number(stats.nlink),
    ...(link !== undefined ? { link } : {}),
  };
}


export { looksLikeGitDir } from "../git/git-dir-shape.js";
import { looksLikeGitDir } from "../git/git-dir-shape.js";

/** What makes the workspace's own folder a git dir, when it is one: these count as its .git. */
const ROOT_GIT_NAMES = ["HEAD", "config", "objects", "refs", "hooks", "info", "commondir", "config.worktree"];

/** The workspace folder's entries of ROOT_GIT_NAMES that exist. */
export function rootGitParts(root: string): Map<string, EntryState> {
  const parts = new Map<string, EntryState>();
  for (const name of ROOT_GIT_NAMES) {
    const stats = lstatIfAny(path.join(root, name));
    if (stats) parts.set(name, stateOf(stats));
  }
  return parts;
}

/** The real path of `absolute`, resolving its deepest existing ancestor when it does not exist yet. */
function realish(absolute: string): string {
  try {
    return realpathSync(absolute);
  } catch {
    const parent = path.dirname(absolute);
    return parent === absolute ? absolute : path.join(realish(parent), path.basename(absolute));
  }
}

function inside(root: string, absolute: string): string | undefined {
  const relative = path.relative(root, absolute);
  if (relative === "" || relative.startsWith("..") || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join("/");
}

export interface ListOptions {
  /** Before a command: refuse a workspace beyond these. After it there are none, or a command could hide a file behind junk. */
  limits?: ListLimits;
  /**
   * After a command, the listing before it: a folder readable then (or new) that cannot be
   * read now was made so by the command (`chmod 000`), so its owner gets read access back.
   */
  before?: CriticalListing;
  /** Before a command: find hard links out (`linkedOut`), with the session's cache of what folders held. */
  linksOut?: LinkCache;
}

export function listCritical(workspace: string, protectedPaths: readonly string[] = [], options: ListOptions = {}): CriticalListing {
  const { limits, before } = options;
  const links = options.linksOut ? new LinkTally(options.linksOut) : undefined;
  const root = realpathSync(workspace);
  const listing: CriticalListing = { root, entries: new Map(), readOnly: [], parents: new Map(), unreadable: new Map(), madeReadable: [], gitEntries: new Map(), linkedOut: [] };
  const readDir = (relative: string): Dirent[] => {
    const absolute = path.join(root, relative);
    try {
      return readdirSync(absolute, { withFileTypes: true });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if ((code === "EACCES" || code === "EPERM") && before && !before.unreadable.has(relative)) {
        try {
          chmodSync(absolute, (lstatSync(absolute).mode & 0o7777) | 0o500);
          const dirents = readdirSync(absolute, { withFileTypes: true });
          listing.madeReadable.push(relative);
          return dirents;
        } catch {
          // Still unreadable: said below.
        }
      }
      if (code !== "ENOENT" && code !== "ENOTDIR") listing.unreadable.set(relative, code ?? String(error));
      return [];
    }
  };
  let visited = 0;
  const counted = () => {
    visited += 1;
    if (limits && visited > limits.entries) {
      throw new ListingTooLargeError(`the workspace holds more than ${limits.entries} files outside node_modules and .git`);
    }
  };
  const record = (relative: string, stats: BigIntStats) => {
    listing.entries.set(relative, stateOf(stats, stats.isSymbolicLink() ? readlinkSync(path.join(root, relative)) : undefined));
    if (limits && listing.entries.size > limits.critical) {
      throw new ListingTooLargeError(`the workspace holds more than ${limits.critical} critical files`);
    }
  };
  const covered = (relative: string) => {
    for (let at = relative; at !== "."; at = path.posix.dirname(at)) if (listing.entries.has(at)) return true;
    return false;
  };
  /** Records `relative` and, for a folder, everything in it; its top becomes one read-only mount. */
  const addTree = (relative: string) => {
    const absolute = path.join(root, relative);
    const stats = lstatIfAny(absolute);
    if (!stats) return;
    record(relative, stats);
    if (!stats.isSymbolicLink()) listing.readOnly.push(absolute);
    const folders = stats.isDirectory() ? [relative] : [];
    while (folders.length > 0) {
      const folder = folders.pop()!;
      for (const dirent of readDir(folder)) {
        counted();
        const child = `${folder}/${dirent.name}`;
        const childStats = lstatIfAny(path.join(root, child));
        if (!childStats) continue;
        record(child, childStats);
        if (childStats.isDirectory()) folders.push(child);
      }
    }
  };

  listing.rootParts = rootGitParts(root);
  const folders = [""];
  while (folders.length > 0) {
    const folder = folders.pop()!;
    const dirents = readDir(folder);
    // A git dir under another name (`git init --bare x`, `git clone --mirror`): git runs its
    // config and hooks when started in it or pointed at it, so it counts as a .git, whole.
    if (looksLikeGitDir(dirents)) {
      if (folder) {
        const stats = lstatIfAny(path.join(root, folder));
        if (stats) listing.gitEntries.set(folder, stateOf(stats));
        continue;
      }
      // The workspace itself as a git dir (`git --git-dir=. init` in it): git run here would
      // trust its config and hooks. It cannot be moved or made read-only whole: its parts are.
      for (const [name, state] of listing.rootParts!) listing.gitEntries.set(name, state);
    }
    const files: string[] = [];
    for (const dirent of dirents) {
      counted();
      const relative = folder ? `${folder}/${dirent.name}` : dirent.name;
      if (dirent.name === ".git") {
        const stats = lstatIfAny(path.join(root, relative));
        if (stats) listing.gitEntries.set(relative, stateOf(stats));
        continue;
      }
      if (links && dirent.name === "node_modules" && dirent.isDirectory()) listing.linkedOut.push(...linkedInNodeModules(path.join(root, relative)));
      if (SKIPPED.has(dirent.name)) continue;
      // Below the top only the name can make a file critical (a critical top folder is listed whole).
      if (folder ? isCriticalName(dirent.name) : isCriticalFile(relative)) addTree(relative);
      else if (dirent.isDirectory()) folders.push(relative);
      else if (links && dirent.isFile()) files.push(dirent.name);
    }
    links?.noteFolder(path.join(root, folder), files);
  }
  if (links) listing.linkedOut.push(...links.linkedOut());
  // Outside the workspace the sandbox is read-only already; inside, a protected path counts even where the walk does not go.
  for (const given of protectedPaths) {
    const relative = inside(root, realish(path.resolve(given)));
    if (relative !== undefined && !covered(relative)) addTree(relative);
  }
  // A critical symlink's target inside the workspace is what the link's readers get: protect it too.
  const seen = new Set<string>();
  for (let added = true; added; ) {
    added = false;
    for (const [relative, state] of [...listing.entries]) {
      if (state.kind !== "symlink" || seen.has(relative)) continue;
      seen.add(relative);
      const target = inside(root, realish(path.join(root, relative)));
      if (target !== undefined && !covered(target) && lstatIfAny(path.join(root, target))) {
        addTree(target);
        added = true;
      }
    }
  }
  for (const relative of listing.entries.keys()) {
    for (let parent = path.posix.dirname(relative); parent !== "." && !listing.parents.has(parent); parent = path.posix.dirname(parent)) {
      const stats = lstatIfAny(path.join(root, parent));
      listing.parents.set(parent, stats?.isDirectory() ? `${stats.dev}:${stats.ino}` : "");
    }
  }
  return listing;
}

/** For a sandbox that denies by pattern (Seatbelt): the same list over absolute paths, new ones included. */
export { criticalPathRegexes } from "../approval/rules/critical-files.js";
