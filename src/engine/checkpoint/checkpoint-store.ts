// Snapshots of the workspace in a private git object store inside the session folder (ADR
// 0011): its own GIT_DIR and index files, never the user's .git, so a snapshot touches no
// branch, index or stash of theirs. Each checkpoint is a commit of the workspace's tree plus a
// manifest blob (permission bits, paths present but not saved), so that a restore puts back
// exactly the bytes and bits it saved and deletes nothing it knew was there (ADR 0036).
import { readdirSync } from "node:fs";
import path from "node:path";
import { applyRestore } from "./apply-restore.js";
import { checkpointGit, initStore, type Git } from "./checkpoint-git.js";
import { emptyManifest, formatManifest } from "./checkpoint-manifest.js";
import { createModeReader } from "./file-modes.js";
import { commitTrailer, writeCommit, writeObject } from "./git-objects.js";
import { loadState, planRestore, sameState, type RestorePlan } from "./restore-plan.js";
import { walkTree, type Unsaved } from "./take-snapshot.js";

export type { FileChange, RestorePlan } from "./restore-plan.js";
export type { Unsaved } from "./take-snapshot.js";
export { writeCommit } from "./git-objects.js";

export interface Snapshot {
  commit: string;
  tree: string;
  /** Files in the snapshot. */
  files: number;
  /** Paths not ignored that git could not save (named in a notice); the rest is saved. */
  failed: Unsaved[];
  /** Present but not saved: ignored (folders collapsed, ending in "/"), or in `failed`. */
  unsaved: string[];
}

export interface CheckpointStore {
  /** `alsoSave`: files to save even if ignored now (an undo saves what it will overwrite); `signal` stops it. */
  snapshot(message: string, alsoSave?: readonly string[], signal?: AbortSignal): Promise<Snapshot>;
  /** What restoring `target` would do to a workspace whose state is `current` (both snapshot commits). */
  changes(current: string, target: string): Promise<RestorePlan>;
  /** Makes the workspace match `target`; `current` is a fresh snapshot. */
  restore(current: string, target: string): Promise<RestorePlan>;
  /** The same files, bytes and permission bits in both snapshots. */
  same(a: string, b: string): boolean;
}

export interface CheckpointStoreOptions {
  /** The workspace root. */
  root: string;
  /** <session side dir>/checkpoints: holds `git/` and the index files. */
  dir: string;
  /** Directories inside the workspace never snapshotted (the agent's own home). */
  exclude?: readonly string[];
  /** Each git process's deadline (default CHECKPOINT_GIT_TIMEOUT_MS). */
  gitTimeoutMs?: number;
  /**
   * Stops every git process the store runs (an undo told to stop: SIGINT, SIGTERM), as a turn's
   * signal stops its snapshot (ADR 0067); a call's own signal comes first.
   */
  signal?: AbortSignal;
}

export function createCheckpointStore(options: CheckpointStoreOptions): CheckpointStore {
  const gitDir = path.join(options.dir, "git");
  const run = checkpointGit(options.root, options.dir, options.gitTimeoutMs);
  const stop = options.signal;
  const git: Git = stop ? (args, given = {}) => run(args, { ...given, signal: given.signal ?? stop }) : run;
  const readModes = createModeReader(options.root);
  let ready = false;
  const init = () => {
    if (!ready) initStore(options.dir);
    ready = true;
  };
  const state = (commit: string) => loadState(gitDir, commit);

  return {
    async snapshot(message, alsoSave, signal) {
      init();
      const started = Date.now();
      if (isEmptyFolder(options.root)) {
        // Nothing to add: git would write the empty tree. Written here, no git process at all
        // (an agent started in a new folder; the demo). The private index is left as it is: the
        // next `add -A` makes it match the workspace again, and only its stat cache is used.
        const tree = writeObject(gitDir, "tree", Buffer.alloc(0));
        const manifest = writeObject(gitDir, "blob", formatManifest(emptyManifest()));
        return { commit: writeCommit(gitDir, tree, message + commitTrailer(manifest, started)), tree, files: 0, failed: [], unsaved: [] };
      }
      const walked = await walkTree({ git, dir: options.dir, root: options.root, exclude: options.exclude ?? [], ...(alsoSave ? { alsoSave } : {}), ...(signal ? { signal } : {}) });
      const manifest = writeObject(gitDir, "blob", formatManifest({ modes: readModes(walked.entries, walked.emptyFolders), unsaved: walked.unsaved, emptyFolders: walked.emptyFolders }));
      // What `git commit-tree` would write, written here: one git process fewer per checkpoint.
      const commit = writeCommit(gitDir, walked.tree, message + commitTrailer(manifest, started));
      return { commit, tree: walked.tree, files: walked.entries.length, failed: walked.failed, unsaved: walked.unsaved };
    },

    changes: (current, target) => planRestore(git, state(current), state(target)),

    async restore(current, target) {
      const plan = await planRestore(git, state(current), state(target));
      await applyRestore({ git, root: options.root, scratchIndex: path.join(options.dir, "restore-index") }, state(target), plan);
      return plan;
    },

    same: (a, b) => sameState(state(a), state(b)),
  };
}

/** True when the folder has no entry at all; a folder we cannot read is left to git to report. */
function isEmptyFolder(dir: string): boolean {
  try {
    return readdirSync(dir).length === 0;
  } catch {
    return false;
  }
}
