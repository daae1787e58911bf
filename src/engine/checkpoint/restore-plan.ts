// What restoring a checkpoint would do to the workspace, from two snapshots: the current state
// and the target. Bytes come from git's diff of the two trees; permission bits from their
// manifests (a 0600 file chmodded to 0644 is a change git's trees cannot see). A path the
// target lacks is deleted only if the target's manifest does not show it was there unsaved
// (ignored then, or refused): such a file is kept, named, never deleted (ADR 0036).
import type { Git } from "./checkpoint-git.js";
import { defaultFileMode, emptyManifest, FOLDER_MODE, knownUnsaved, parseManifest, sameBesideTheTree, type Manifest } from "./checkpoint-manifest.js";
import { readCommit, readObject } from "./git-objects.js";

export interface FileChange {
  /** A: the file will be created, M: rewritten (or only its permission bits set), D: deleted. */
  status: "A" | "M" | "D";
  /** Workspace-relative; a folder whose bits change ends in "/". */
  path: string;
}

export interface PlannedChange extends FileChange {
  /** The bytes come from the target (A, M); false when only the bits differ. */
  write: boolean;
  /** The bits to set afterwards (regular files and folders). */
  bits?: number;
}

export interface RestorePlan {
  changes: PlannedChange[];
  /** Paths the target lacks but knew were there unsaved (ignored then): left as they are. */
  kept: string[];
}

export interface CheckpointState {
  tree: string;
  manifest: Manifest;
  takenMs: number;
}

const cache = new Map<string, CheckpointState>();

/** A checkpoint commit's tree and manifest; a commit never changes, so it is read once. */
export function loadState(gitDir: string, commit: string): CheckpointState {
  const key = `${gitDir}\0${commit}`;
  let state = cache.get(key);
  if (!state) {
    const info = readCommit(gitDir, commit);
    state = { tree: info.tree, manifest: info.manifest ? parseManifest(readObject(gitDir, info.manifest, "blob")) : emptyManifest(), takenMs: info.takenMs };
    cache.set(key, state);
  }
  return state;
}

export function sameState(a: CheckpointState, b: CheckpointState): boolean {
  return a.tree === b.tree && sameBesideTheTree(a.manifest, b.manifest);
}

export async function planRestore(git: Git, current: CheckpointState, target: CheckpointState): Promise<RestorePlan> {
  const changes: PlannedChange[] = [];
  const kept: string[] = [];
  const unsaved = new Set(target.manifest.unsaved);
  const touched = new Set<string>();
  const fields = (await git(["diff-tree", "-r", "-z", "--no-renames", "--no-abbrev", current.tree, target.tree])).stdout.split("\0");
  for (let i = 0; i + 1 < fields.length; i += 2) {
    // ":<old mode> <new mode> <old sha> <new sha> <status>", then the path.
    const [, newMode = "0", , , letter = "M"] = fields[i]!.slice(1).split(" ");
    const file = fields[i + 1]!;
    touched.add(file);
    if (letter === "D") {
      if (knownUnsaved(unsaved, file)) kept.push(file);
      else changes.push({ status: "D", path: file, write: false });
      continue;
    }
    const regular = (Number.parseInt(newMode, 8) & 0o170000) === 0o100000;
    const bits = target.manifest.modes.get(file) ?? defaultFileMode(newMode);
    changes.push({ status: letter === "A" ? "A" : "M", path: file, write: true, ...(regular ? { bits } : {}) });
  }
  // Same bytes and git mode in both trees, different bits: only a chmod.
  for (const file of new Set([...current.manifest.modes.keys(), ...target.manifest.modes.keys()])) {
    if (file.endsWith("/") || touched.has(file)) continue;
    const now = current.manifest.modes.get(file);
    const then = target.manifest.modes.get(file);
    if (now === then) continue;
    // Unrecorded bits are git's default for the file's git mode, which both sides share.
    const bits = then ?? ((now! & 0o100) !== 0 ? 0o755 : 0o644);
    changes.push({ status: "M", path: file, write: false, bits });
  }
  const targetEmpty = new Set(target.manifest.emptyFolders ?? []);
  const folderChanges = await emptyFolderChanges(git, current, target, unsaved);
  const remade = new Set(folderChanges.filter((change) => change.status === "A").map((change) => change.path));
  const folders = [...new Set([...current.manifest.modes.keys(), ...target.manifest.modes.keys()])].filter((key) => key.endsWith("/"));
  const differing = folders.filter((folder) => (current.manifest.modes.get(folder) ?? FOLDER_MODE) !== (target.manifest.modes.get(folder) ?? FOLDER_MODE));
  if (differing.length > 0) {
    // A folder's bits are set only where the target has the folder.
    const targetFolders = await treeFolders(git, target.tree);
    for (const folder of differing) {
      if (!remade.has(folder) && (targetFolders.has(folder) || targetEmpty.has(folder))) changes.push({ status: "M", path: folder, write: false, bits: target.manifest.modes.get(folder) ?? FOLDER_MODE });
    }
  }
  changes.push(...folderChanges);
  return { changes, kept };
}

/**
 * Empty folders (ADR 0052): one the target had and the workspace has not, in no form, is made
 * again; one empty now that the target shows was not there is removed. A target written before
 * empty folders were recorded says nothing either way.
 */
async function emptyFolderChanges(git: Git, current: CheckpointState, target: CheckpointState, unsaved: ReadonlySet<string>): Promise<PlannedChange[]> {
  const then = target.manifest.emptyFolders;
  if (!then) return [];
  const now = new Set(current.manifest.emptyFolders ?? []);
  const targetEmpty = new Set(then);
  const missing = then.filter((folder) => !now.has(folder));
  const made = [...now].filter((folder) => !targetEmpty.has(folder) && !knownUnsaved(unsaved, folder));
  const changes: PlannedChange[] = [];
  if (missing.length > 0) {
    // A folder that holds saved files now is there already; it stays once they are taken back.
    const currentFolders = await treeFolders(git, current.tree);
    for (const folder of missing) {
      if (!currentFolders.has(folder)) changes.push({ status: "A", path: folder, write: false, bits: target.manifest.modes.get(folder) ?? FOLDER_MODE });
    }
  }
  if (made.length > 0) {
    const targetFolders = await treeFolders(git, target.tree);
    for (const folder of made) if (!targetFolders.has(folder)) changes.push({ status: "D", path: folder, write: false });
  }
  return changes;
}

/** Every folder of a tree ("a/", "a/b/"): those that hold saved files. */
export async function treeFolders(git: Git, tree: string): Promise<Set<string>> {
  return new Set((await git(["ls-tree", "-r", "-d", "-z", "--name-only", tree])).stdout.split("\0").filter((name) => name !== "").map((name) => `${name}/`));
}
