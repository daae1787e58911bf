// Carries out a restore plan on the workspace: deletes what the target did not have, writes the
// target's bytes with `git checkout-index` from a scratch index (no conversion: the store's
// info/attributes unsets them all), then sets the recorded permission bits, folders last and
// deepest first. Nothing is deleted or written through a symlinked folder.
import { chmodSync, lstatSync, mkdirSync, readdirSync, rmdirSync, rmSync, unlinkSync } from "node:fs";
import path from "node:path";
import type { Git } from "./checkpoint-git.js";
import { FOLDER_MODE, knownUnsaved } from "./checkpoint-manifest.js";
import { treeFolders, type CheckpointState, type RestorePlan } from "./restore-plan.js";

export interface ApplyOptions {
  git: Git;
  root: string;
  /** A scratch index file the target is read into. */
  scratchIndex: string;
}

const ancestors = (file: string): string[] => {
  const out: string[] = [];
  for (let slash = file.indexOf("/"); slash >= 0; slash = file.indexOf("/", slash + 1)) out.push(file.slice(0, slash + 1));
  return out;
};
const deepestFirst = (a: string, b: string) => b.split("/").length - a.split("/").length || (a < b ? -1 : 1);

export async function applyRestore(options: ApplyOptions, target: CheckpointState, plan: RestorePlan): Promise<void> {
  const { git, root } = options;
  const real = realFolders(root);
  const deleted = plan.changes.filter((change) => change.status === "D");
  for (const change of deleted) {
    if (!ancestors(change.path).every(real)) continue;
    const stat = lstatSync(path.join(root, change.path), { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) unlinkSync(path.join(root, change.path));
  }
  await pruneCreatedFolders(git, root, target, deleted.map((change) => change.path));
  // Empty folders the target had (a planned "A" that ends in "/"), made through real folders only.
  for (const change of plan.changes) {
    if (change.status !== "A" || !change.path.endsWith("/")) continue;
    if (ancestors(change.path.slice(0, -1)).every((folder) => real(folder) || !lstatSync(path.join(root, folder), { throwIfNoEntry: false }))) {
      mkdirSync(path.join(root, change.path), { recursive: true });
    }
  }

  const written = plan.changes.filter((change) => change.write);
  if (written.length > 0) {
    // A folder left read-only (0500) would refuse the new file; its own bits are set below.
    for (const folder of new Set(written.flatMap((change) => ancestors(change.path)))) {
      const stat = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
      if (stat?.isDirectory() && (stat.mode & 0o200) === 0) chmodSync(path.join(root, folder), (stat.mode & 0o7777) | 0o700);
    }
    rmSync(options.scratchIndex, { force: true });
    try {
      await git(["read-tree", target.tree], { index: options.scratchIndex });
      await git(["checkout-index", "-f", "-z", "--stdin"], { index: options.scratchIndex, input: written.map((change) => `${change.path}\0`).join("") });
    } finally {
      rmSync(options.scratchIndex, { force: true });
    }
  }
  for (const change of plan.changes) {
    if (change.bits === undefined || change.path.endsWith("/")) continue;
    const stat = lstatSync(path.join(root, change.path), { throwIfNoEntry: false });
    if (stat?.isFile() && (stat.mode & 0o7777) !== change.bits) chmodSync(path.join(root, change.path), change.bits);
  }
  // Folders: those whose bits changed or that were made, and those a written file lies in (created at the umask's bits).
  const folders = new Set([...plan.changes.filter((change) => change.path.endsWith("/") && change.status !== "D").map((change) => change.path), ...written.flatMap((change) => ancestors(change.path))]);
  for (const folder of [...folders].sort(deepestFirst)) {
    const bits = target.manifest.modes.get(folder) ?? FOLDER_MODE;
    const stat = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o7777) !== bits) chmodSync(path.join(root, folder), bits);
  }
}

/**
 * Folders the target does not have, emptied by the deletes or made empty by the turn, are
 * removed: where the target lists its empty folders (ADR 0052), every folder it had is known;
 * before that, only a birth time after the checkpoint says a folder is new (a folder whose
 * birth time the system does not keep stays).
 */
async function pruneCreatedFolders(git: Git, root: string, target: CheckpointState, deleted: string[]): Promise<void> {
  const candidates = [...new Set([...deleted.filter((item) => item.endsWith("/")), ...deleted.flatMap(ancestors)])].sort(deepestFirst);
  if (candidates.length === 0) return;
  const targetFolders = await treeFolders(git, target.tree);
  const known = target.manifest.emptyFolders;
  const hadEmpty = new Set(known ?? []);
  const unsaved = new Set(target.manifest.unsaved);
  for (const folder of candidates) {
    if (targetFolders.has(folder) || hadEmpty.has(folder) || knownUnsaved(unsaved, folder)) continue;
    if (!ancestors(folder.slice(0, -1)).every((parent) => lstatSync(path.join(root, parent), { throwIfNoEntry: false })?.isDirectory() ?? true)) continue;
    const full = path.join(root, folder);
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isDirectory() || readdirSync(full).length > 0) continue;
    // Without a real birth time (libuv then reports the ctime), nothing says the folder is new.
    if (known || (stat.birthtimeMs > 0 && stat.birthtimeMs !== stat.ctimeMs && stat.birthtimeMs >= target.takenMs)) rmdirSync(full);
  }
}

/** Tells whether a workspace folder ("a/b/") is a real folder, not a symlink; remembered. */
function realFolders(root: string): (folder: string) => boolean {
  const seen = new Map<string, boolean>();
  return (folder) => {
    let real = seen.get(folder);
    if (real === undefined) {
      real = lstatSync(path.join(root, folder), { throwIfNoEntry: false })?.isDirectory() ?? false;
      seen.set(folder, real);
    }
    return real;
  };
}
