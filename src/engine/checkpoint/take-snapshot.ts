// One snapshot of a workspace folder into the private store: `git add -A` into the folder's
// own private index (stat data kept: unchanged files cost a stat), then `write-tree`. What git
// cannot save does not fail the rest (`--ignore-errors`): each such path is returned with git's
// reason, for a notice. A nested repository (a folder with its own .git, which git would keep
// as a bare commit id, or refuse when it has no commit) is snapshotted the same way as a root
// of its own, by its own .gitignore, and grafted in as files; its .git is not saved (ADR 0036).
// Beside the tree: the index entries (for permission bits), and the paths present but not
// saved — ignored by the .gitignore of this moment, or refused — which an undo must not delete.
import { createHash } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { isInside } from "../tools/jail/jail-symlinks.js";
import { GitStopped, type Git } from "./checkpoint-git.js";
import { knownUnsaved } from "./checkpoint-manifest.js";
import { emptyFoldersBelow, MAX_EMPTY_FOLDERS } from "./empty-folders.js";
import { GITLINK, readIndexEntries, type IndexEntry } from "./git-index.js";

export interface Unsaved {
  /** Workspace-relative; a folder ends in "/". */
  path: string;
  reason: string;
}

export interface WalkedTree {
  tree: string;
  /** Saved paths, workspace-relative, nested repositories' files included (no gitlinks). */
  entries: IndexEntry[];
  /** Present but not saved: ignored (folders collapsed), or listed in `failed`. */
  unsaved: string[];
  /** Not ignored, but git could not save them. */
  failed: Unsaved[];
  /** Folders with no saved file below them (ending in "/"), which git's tree cannot hold. */
  emptyFolders: string[];
}

export interface WalkOptions {
  git: Git;
  /** The checkpoints folder (indexes live here). */
  dir: string;
  root: string;
  /** Folders never snapshotted (the agent's own home), absolute. */
  exclude: readonly string[];
  /** Files saved even though ignored now (what an undo is about to overwrite), workspace-relative. */
  alsoSave?: readonly string[];
  /** Stops every git process of the walk. */
  signal?: AbortSignal;
}

/** How deep nested repositories are followed, and how many one snapshot takes. */
const MAX_DEPTH = 6;
const MAX_NESTED = 64;

const split = (out: string) => out.split("\0").filter((item) => item !== "");

interface Budget {
  nested: number;
  /** Empty folders still to list in this snapshot. */
  left: number;
}

export async function walkTree(options: WalkOptions): Promise<WalkedTree> {
  return walkRoot(options, "", 0, { nested: MAX_NESTED, left: MAX_EMPTY_FOLDERS });
}

async function walkRoot(options: WalkOptions, prefix: string, depth: number, budget: Budget): Promise<WalkedTree> {
  const { git, dir } = options;
  const workTree = prefix === "" ? options.root : path.join(options.root, prefix);
  const key = prefix === "" ? "" : createHash("sha1").update(prefix).digest("hex").slice(0, 16);
  const index = prefix === "" ? path.join(dir, "index") : path.join(dir, "nested", `${key}.index`);
  mkdirSync(path.dirname(index), { recursive: true });
  const excludesFile = writeExcludes(dir, key, workTree, options.exclude);
  const run = { workTree, index, ...(excludesFile ? { excludesFile } : {}), ...(options.signal ? { signal: options.signal } : {}) };

  // Ignored paths, judged by the .gitignore of this moment: untracked ones (a folder ignored
  // whole is one entry), and ones a previous snapshot saved, to drop from the index. Run beside
  // `add`, so it may read the index from before: `add -A` adds no ignored path, so either is right.
  const ignored = git(["ls-files", "-z", "-t", "--cached", "--others", "--ignored", "--exclude-standard", "--directory"], run);
  ignored.catch(() => {}); // Awaited below, unless add fails first: its error is the one said.
  const add = () => git(["add", "-A", "--ignore-errors", "--", "."], { ...run, accept: [1] });
  // A file vanishing mid-walk can make add give up; one retry sees the settled tree.
  const added = await add().catch((error: unknown) => (error instanceof GitStopped ? Promise.reject(error) : add()));
  const failed: Unsaved[] = unreadableFolders(added.stderr);
  const nestedWithoutCommit: string[] = [];
  if (added.code !== 0) {
    for (const left of split((await git(["ls-files", "-z", "--others", "--exclude-standard"], run)).stdout)) {
      if (left.endsWith("/") && existsSync(path.join(workTree, left, ".git"))) nestedWithoutCommit.push(left.slice(0, -1));
      else failed.push({ path: left, reason: reasonFor(added.stderr, left) });
    }
  }
  // Forced in after the walk (the top folder only), so an undo that overwrites them can be undone.
  const forced = prefix === "" ? (options.alsoSave ?? []) : [];
  if (forced.length > 0) await git(["add", "-f", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"], { ...run, accept: [1], input: forced.map((file) => `${file}\0`).join("") });
  // What is left untracked and not ignored after add: the tops of folders with no saved file
  // (and what add refused, named above). Runs beside the index clean-up below, which only drops
  // ignored paths (never listed here) and nested repositories (left out of the tops below).
  const untracked = git(["ls-files", "-z", "--others", "--exclude-standard", "--directory"], run);
  untracked.catch(() => {});
  const tagged = split((await ignored).stdout);
  const unsaved = tagged.map((item) => prefix + item.slice(2));
  const dropped = new Set(tagged.filter((item) => !item.startsWith("? ")).map((item) => item.slice(2)));
  for (const file of forced) dropped.delete(file);
  const all = readIndexEntries(index);
  const gitlinks = all.filter((entry) => entry.mode === GITLINK).map((entry) => entry.path);
  // A gitlink left in the index would make the next `add -A` ask whether the nested repository
  // is dirty, which runs `git status` in it, under its own config: so none is ever kept. A path
  // saved before and ignored now is dropped, so the .gitignore of each moment decides.
  for (const link of gitlinks) dropped.add(link);
  if (dropped.size > 0) await git(["update-index", "--force-remove", "-z", "--stdin"], { ...run, input: [...dropped].map((item) => `${item}\0`).join("") });
  let tree = (await git(["write-tree"], run)).stdout.trim();
  const kept = dropped.size > 0 ? all.filter((entry) => !dropped.has(entry.path)) : all;
  const entries = prefix === "" ? kept : kept.map((entry) => ({ ...entry, path: prefix + entry.path }));
  // A nested repository is listed as untracked or not depending on whether the listing read
  // the index before or after the clean-up dropped its gitlink: it is never an empty folder.
  const notFolders = new Set([...failed.map((item) => item.path), ...[...nestedWithoutCommit, ...gitlinks].map((folder) => `${folder}/`)]);
  const tops = split((await untracked).stdout).filter((item) => item.endsWith("/") && !notFolders.has(item));
  const ignoredNow = new Set(tagged.map((item) => item.slice(2)));
  const empty = emptyFoldersBelow(workTree, tops, (folder) => knownUnsaved(ignoredNow, folder), budget);
  const emptyFolders = empty.folders.map((folder) => prefix + folder);
  for (const folder of empty.cut) failed.push({ path: folder, reason: `more than ${MAX_EMPTY_FOLDERS} empty folders in one checkpoint` });

  const grafts: Array<{ at: string; tree: string }> = [];
  for (const nested of [...gitlinks, ...nestedWithoutCommit]) {
    const at = `${prefix}${nested}/`;
    if (depth >= MAX_DEPTH || budget.nested <= 0) {
      failed.push({ path: nested + "/", reason: `a nested repository beyond the ${depth >= MAX_DEPTH ? `${MAX_DEPTH} levels` : `${MAX_NESTED} repositories`} a checkpoint follows` });
      continue;
    }
    budget.nested -= 1;
    // A real folder only: one swapped for a symlink since the walk would lead outside.
    if (!lstatSync(path.join(workTree, nested), { throwIfNoEntry: false })?.isDirectory()) {
      failed.push({ path: nested + "/", reason: "a nested repository that is no longer a folder" });
      continue;
    }
    try {
      const inner = await walkRoot(options, at, depth + 1, budget);
      grafts.push({ at: nested, tree: inner.tree });
      entries.push(...inner.entries);
      emptyFolders.push(...inner.emptyFolders);
      unsaved.push(...inner.unsaved);
      failed.push(...inner.failed.map((item) => ({ ...item, path: item.path.slice(prefix.length) })));
    } catch (error) {
      failed.push({ path: nested + "/", reason: (error as Error).message });
    }
  }
  if (grafts.length > 0) tree = await graft(git, dir, key, tree, grafts);
  for (const item of failed) unsaved.push(prefix + item.path);
  return { tree, entries, unsaved, failed: failed.map((item) => ({ ...item, path: prefix + item.path })), emptyFolders };
}

/** `tree` with each nested tree read in at its folder, through a scratch index. */
async function graft(git: Git, dir: string, key: string, tree: string, grafts: Array<{ at: string; tree: string }>): Promise<string> {
  const index = path.join(dir, "nested", `${key || "root"}.graft`);
  rmSync(index, { force: true });
  try {
    await git(["read-tree", tree], { index });
    for (const item of grafts) await git(["read-tree", `--prefix=${item.at}/`, item.tree], { index });
    return (await git(["write-tree"], { index })).stdout.trim();
  } finally {
    rmSync(index, { force: true });
  }
}

/** The agent's own home, when it lies in this folder, as lines of an excludes file. */
function writeExcludes(dir: string, key: string, workTree: string, exclude: readonly string[]): string | undefined {
  const lines = exclude.filter((folder) => isInside(workTree, folder) && folder !== workTree).map((folder) => `/${path.relative(workTree, folder).split(path.sep).join("/")}/`);
  if (lines.length === 0) return undefined;
  const file = path.join(dir, "excludes", key || "root");
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${lines.join("\n")}\n`);
  return file;
}

/** git's own words about a path it could not add (`invalid path`, `Permission denied`, …). */
function reasonFor(stderr: string, file: string): string {
  const line = stderr.split("\n").find((text) => /^(error|fatal):/.test(text) && (text.includes(`'${file}'`) || text.includes(`"${file}"`)) && !/unable to (add|index)/.test(text));
  return line ? line.replace(/^(error|fatal):\s*/, "") : "git could not save it";
}

/** Folders git could not read: it skips them with a warning, and they hold unsaved files. */
function unreadableFolders(stderr: string): Unsaved[] {
  return [...stderr.matchAll(/^warning: could not open directory '(.*)': (.*)$/gm)].map((match) => ({ path: match[1]!, reason: match[2]! }));
}
