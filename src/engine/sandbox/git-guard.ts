// Git metadata is out of every sandboxed command's reach (ADR 0037). A repository's config,
// hooks and attributes decide what git runs on the host — the user's next commit, an editor's
// git integration, mini-agent's own git calls — so a command that could write them would run
// code outside the sandbox. Every `.git` the walk before a command finds (critical-scan.ts: the
// workspace's and each nested repository's, folders, `gitdir:` pointer files and links alike)
// is mounted read-only, with what a pointer or link leads to inside the workspace. bwrap cannot
// mount over a path that does not exist, so a `.git` that a command creates (`git init`, a
// planted pointer, a folder renamed away and recreated) is moved out of the workspace after
// it, unless a person approved that very command.
import { lstatSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, type Dirent } from "node:fs";
import { readCheckedFile } from "../bounded-read.js";
import { realPathIfAny } from "./real-path.js";
import { readGitPointer } from "../git/repo-location.js";
import path from "node:path";
import { looksLikeGitDir, rootGitParts, stateOf, type CriticalListing, type EntryState } from "./critical-scan.js";
import { linkedInNodeModules } from "./linked-out.js";

export const GIT_UNDONE_HEADER =
  "This command created git metadata, which git on the host would trust and run (hooks, fsmonitor, filters); it was moved out of the workspace:";

function inside(root: string, absolute: string): boolean {
  const relative = path.relative(root, absolute);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}

/** A small regular file's text, never through a link, never blocking on a FIFO, never past 4 KiB (a /proc file says size 0). */
function readSmall(absolute: string): string | undefined {
  const read = readCheckedFile(absolute, absolute, { maxBytes: 4096, what: "git metadata" });
  return read.ok ? read.text : undefined;
}

/** The folder a `gitdir:` pointer names, and the common folder that one names in turn. */
function pointerTargets(file: string): string[] {
  const gitdir = readGitPointer(readSmall(file) ?? "");
  if (!gitdir) return [];
  const target = realPathIfAny(path.resolve(path.dirname(file), gitdir));
  if (!target) return [];
  const common = readSmall(path.join(target, "commondir"))?.replace(/[\r\n]+$/, "");
  const commonDir = common ? realPathIfAny(path.resolve(target, common)) : undefined;
  return commonDir ? [target, commonDir] : [target];
}

/** What to mount read-only for the listing's `.git` entries: each one, and what it leads to inside the workspace. */
export function gitReadOnly(listing: Pick<CriticalListing, "root" | "gitEntries">): string[] {
  const out = new Set<string>();
  for (const [relative, state] of listing.gitEntries) {
    const absolute = path.join(listing.root, relative);
    if (state.kind === "dir") out.add(absolute);
    else if (state.kind === "symlink") {
      const target = realPathIfAny(absolute);
      if (target && inside(listing.root, target)) out.add(target);
    } else if (state.kind === "file") {
      out.add(absolute);
      for (const target of pointerTargets(absolute)) if (inside(listing.root, target)) out.add(target);
    }
  }
  return [...out];
}

/** Only the top `.git` and what the top node_modules links out: for a workspace too large to walk. */
export function topGitListing(root: string): Pick<CriticalListing, "root" | "gitEntries" | "linkedOut" | "rootParts"> {
  const gitEntries = new Map<string, EntryState>();
  try {
    gitEntries.set(".git", stateOf(lstatSync(path.join(root, ".git"), { bigint: true })));
  } catch {
    // None yet.
  }
  const rootParts = rootGitParts(root);
  let dirents: Dirent[] = [];
  try {
    dirents = readdirSync(root, { withFileTypes: true });
  } catch {
    // Unreadable: nothing to add.
  }
  if (looksLikeGitDir(dirents)) for (const [name, state] of rootParts) gitEntries.set(name, state);
  return { root, gitEntries, rootParts, linkedOut: linkedInNodeModules(path.join(root, "node_modules")) };
}

/**
 * After a command: every `.git` that is new, or no longer the one listed before (replaced,
 * or its folder renamed and a new one made), is moved to `asideDir` (deleted when there is
 * none or it is on another file system). Lines for the command's result; none when nothing moved.
 */
export function undoPlantedGit(
  before: Pick<CriticalListing, "root" | "gitEntries" | "rootParts">,
  after: Pick<CriticalListing, "root" | "gitEntries">,
  asideDir?: string,
): string[] {
  const lines: string[] = [];
  let count = 0;
  for (const [relative, state] of after.gitEntries) {
    // A part of the workspace folder made a git dir: what was there before (a project's `config/`) stays.
    const was = before.gitEntries.get(relative) ?? before.rootParts?.get(relative);
    if (was && was.id === state.id && was.kind === state.kind) continue;
    const absolute = path.join(after.root, relative);
    try {
      // A folder above swapped for a link would carry the move outside the workspace.
      if (realpathSync(path.dirname(absolute)) !== path.dirname(absolute)) throw new Error("a folder above it was replaced by a link");
      let kept = "";
      if (asideDir && !inside(after.root, asideDir)) {
        const target = path.join(asideDir, `git-${Date.now()}-${++count}`, relative);
        mkdirSync(path.dirname(target), { recursive: true });
        try {
          renameSync(absolute, target);
          kept = ` (kept in ${target})`;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
        }
      }
      if (!kept) rmSync(absolute, { recursive: true, force: true });
      lines.push(`  removed ${relative}${kept}`);
    } catch (error) {
      lines.push(`  could not remove ${relative}: ${(error as Error).message}`);
    }
  }
  return lines.length > 0 ? [GIT_UNDONE_HEADER, ...lines] : [];
}
