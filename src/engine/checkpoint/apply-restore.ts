// Carries out a restore plan on the workspace: deletes what the target did not have, writes the
// target's bytes with `git checkout-index` from a scratch index (no conversion: the store's
// info/attributes unsets them all), then sets the recorded permission bits, folders last and
// deepest first. Nothing is deleted or written through a symlinked folder.
import { chmodSync, lstatSync, readdirSync, rmdirSync, rmSync, unlinkSync } from "node:fs";
import path from "node:path";
import type { Git } from "./checkpoint-git.js";
import { FOLDER_MODE, knownUnsaved } from "./checkpoint-manifest.js";
import type { CheckpointState, RestorePlan } from "./restore-plan.js";

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
  // Folders: those whose bits changed, and those a written file lies in (created at the umask's bits).
  const folders = new Set([...plan.changes.filter((change) => change.path.endsWith("/")).map((change) => change.path), ...written.flatMap((change) => ancestors(change.path))]);
  for (const folder of [...folders].sort(deepestFirst)) {
    const bits = target.manifest.modes.get(folder) ?? FOLDER_MODE;
    const stat = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
    if (stat?.isDirectory() && (stat.mode & 0o7777) !== bits) chmodSync(path.join(root, folder), bits);
  }
}

/**
 * Empty folders the target does not have and that were made after it was taken (their birth
 * time says so) are removed; a folder whose birth time the system does not keep stays.
 */
async function pruneCreatedFolders(git: Git, root: string, target: CheckpointState, deleted: string[]): Promise<void> {
  const candidates = [...new Set(deleted.flatMap(ancestors))].sort(deepestFirst);
  if (candidates.length === 0) return;
  const targetFolders = new Set((await git(["ls-tree", "-r", "-d", "-z", "--name-only", target.tree])).stdout.split("\0").map((name) => `${name}/`));
  const unsaved = new Set(target.manifest.unsaved);
  for (const folder of candidates) {
    if (targetFolders.has(folder) || knownUnsaved(unsaved, folder)) continue;
    const full = path.join(root, folder);
    const stat = lstatSync(full, { throwIfNoEntry: false });
    if (!stat?.isDirectory() || readdirSync(full).length > 0) continue;
    // Without a real birth time (libuv then reports the ctime), nothing says the folder is new.
    if (stat.birthtimeMs > 0 && stat.birthtimeMs !== stat.ctimeMs && stat.birthtimeMs >= target.takenMs) rmdirSync(full);
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
