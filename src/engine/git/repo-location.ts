// Where the workspace's repository really is, read the way git reads it, and whether git there
// would read outside the workspace. A repository can arrive with its metadata already in it (a
// tarball, a zip, a copied folder) or a sandboxed command can plant it, so every pointer git
// follows is untrusted: a `.git` file naming another repository, `commondir`, `core.worktree`,
// `objects/info/alternates`. Followed, they show the model (through git_diff, git_log and the
// model's own unasked git) the files and history of a repository outside the workspace.
import { existsSync, realpathSync, statSync } from "node:fs";
import path from "node:path";
import { readUserFile } from "../bounded-read.js";
import { GitConfigSyntaxError, parseGitConfig } from "./git-config-parse.js";

const MAX_POINTER_BYTES = 64 * 1024;

export interface RepoLocation {
  /** The `.git` found: a folder, or a file naming the git dir. */
  dotGit: string;
  /** The git dir git uses. */
  gitDir: string;
  /** `.git` is a `gitdir:` file. */
  pointer: boolean;
}

/**
 * The path a `.git` file names, as git reads it (setup.c, read_gitfile): the text must start
 * with exactly "gitdir: ", and only line ends are cut from its end, so "gitdir: x " names "x ".
 */
export function readGitPointer(text: string): string | undefined {
  if (!text.startsWith("gitdir: ")) return undefined;
  const target = text.slice("gitdir: ".length).replace(/[\r\n]+$/, "");
  return target === "" ? undefined : target;
}

/** The file's text, bounded; undefined when it is missing, not a regular file or too large. */
function readSmall(file: string): string | undefined {
  const read = readUserFile(file, { maxBytes: MAX_POINTER_BYTES, what: "git metadata" });
  return read.ok ? read.text : undefined;
}

/** The repository for a worktree root: `.git` (a folder, or a file naming one) here or above. */
export function locateRepository(root: string): RepoLocation | undefined {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    const dotGit = path.join(dir, ".git");
    if (existsSync(dotGit)) {
      try {
        // git follows a `.git` link; so does this, and the location check below judges where it leads.
        if (statSync(dotGit).isDirectory()) return { dotGit, gitDir: dotGit, pointer: false };
      } catch {
        return { dotGit, gitDir: dotGit, pointer: false };
      }
      const target = readGitPointer(readSmall(dotGit) ?? "");
      return target ? { dotGit, gitDir: path.resolve(dir, target), pointer: true } : { dotGit, gitDir: dotGit, pointer: false };
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return path.resolve(file);
  }
}

function within(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** The last value of `key` in the git dir's own config files (not their includes: those are refused anyway). */
function configValue(gitDir: string, key: string): string | undefined {
  let value: string | undefined;
  for (const name of ["config", "config.worktree"]) {
    const text = readSmall(path.join(gitDir, name));
    if (text === undefined) continue;
    try {
      for (const entry of parseGitConfig(text)) if (entry.key === key) value = entry.value;
    } catch (error) {
      if (!(error instanceof GitConfigSyntaxError)) throw error;
    }
  }
  return value;
}

/**
 * Why git against this workspace would read a repository outside it, or undefined. A `.git`
 * above the workspace (the workspace is a folder of a larger repository) is the user's own and
 * is not questioned; one inside it must keep git inside, unless what it names outside names
 * this folder back: a linked worktree's git dir holds a `gitdir` file naming this `.git`, a
 * submodule's its `core.worktree` naming this folder. Nothing a workspace can plant does that.
 */
export function repoLocationProblem(root: string, location: RepoLocation): string | undefined {
  const workspace = real(root);
  const folder = real(path.dirname(location.dotGit));
  if (!within(workspace, folder)) return undefined;
  const dotGit = path.join(folder, ".git");
  const gitDir = real(location.gitDir);
  if (!location.pointer && !within(workspace, gitDir)) return `its .git leads to ${gitDir}, outside the workspace`;
  if (location.pointer && !within(workspace, gitDir)) {
    const back = readSmall(path.join(gitDir, "gitdir"))?.replace(/[\r\n]+$/, "");
    const namesUs = back !== undefined && real(path.resolve(gitDir, back)) === dotGit;
    const worktree = configValue(gitDir, "core.worktree");
    const worksHere = worktree !== undefined && real(path.resolve(gitDir, worktree)) === folder;
    if (!namesUs && !worksHere) return `its .git file names ${gitDir}, a repository outside the workspace that does not name this folder back`;
    return undefined;
  }
  const common = readSmall(path.join(gitDir, "commondir"))?.replace(/[\r\n]+$/, "");
  const commonDir = common ? real(path.resolve(gitDir, common)) : gitDir;
  if (!within(workspace, commonDir)) return `its git dir's commondir names ${commonDir}, outside the workspace`;
  const worktree = configValue(gitDir, "core.worktree") ?? configValue(commonDir, "core.worktree");
  if (worktree !== undefined) {
    // A folder holding the workspace is outside it too: git would list and diff its files
    // (`core.worktree = ../..` with a planted index showed a file beside the workspace).
    const tree = real(path.resolve(gitDir, worktree));
    if (!within(workspace, tree)) return `its core.worktree names ${tree}, outside the workspace`;
  }
  const alternates = readSmall(path.join(commonDir, "objects", "info", "alternates"));
  for (const line of alternates?.split("\n") ?? []) {
    const entry = line.trim();
    if (entry === "" || entry.startsWith("#")) continue;
    const objects = real(path.resolve(commonDir, "objects", entry));
    if (!within(workspace, objects)) return `its objects/info/alternates borrows objects from ${objects}, outside the workspace`;
  }
  return undefined;
}
