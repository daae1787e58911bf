// Which turn an undo takes back, and what each checkpoint's turn changed (`undo --list`). A
// turn's change is the difference between its checkpoint and the next one (or the workspace
// now, for the newest): a turn that ran `python3 greet.py` has a checkpoint (the command could
// have written) but changed nothing, and "undo the last turn" must pass over it to the last
// turn that changed files, as README promises (issue 25).
import type { CheckpointStore, FileChange, RestorePlan } from "./checkpoint-store.js";

export interface CheckpointRef {
  number: number;
  commit: string;
  reason: "turn" | "undo";
}

export interface Chosen<T extends CheckpointRef> {
  target: T;
  plan: RestorePlan;
}

const after = (checkpoints: readonly CheckpointRef[], checkpoint: CheckpointRef, now: string) =>
  checkpoints[checkpoints.indexOf(checkpoint) + 1]?.commit ?? now;

/**
 * The newest turn checkpoint whose turn changed files and whose state the workspace has left:
 * a turn that changed nothing is passed over, and so is one already undone (the workspace
 * matches its checkpoint), so a second undo takes back the turn before. When none is left,
 * the newest turn's checkpoint with nothing to do: restoring it would undo an undo.
 */
export async function pickLastChange<T extends CheckpointRef>(store: CheckpointStore, checkpoints: readonly T[], now: string): Promise<Chosen<T> | undefined> {
  const turns = checkpoints.filter((checkpoint) => checkpoint.reason === "turn");
  for (let i = turns.length - 1; i >= 0; i--) {
    const turn = turns[i]!;
    if (store.same(turn.commit, after(checkpoints, turn, now))) continue;
    const plan = await store.changes(now, turn.commit);
    if (plan.changes.length > 0) return { target: turn, plan };
  }
  const newest = turns[turns.length - 1];
  return newest ? { target: newest, plan: { changes: [], kept: [] } } : undefined;
}

/** For each checkpoint, the paths that differ between it and the state after it. */
export async function changesAfter<T extends CheckpointRef>(store: CheckpointStore, checkpoints: readonly T[], now: string): Promise<Array<{ checkpoint: T; changed: FileChange[] }>> {
  const out: Array<{ checkpoint: T; changed: FileChange[] }> = [];
  for (const checkpoint of checkpoints) {
    const next = after(checkpoints, checkpoint, now);
    // Undoing the turn is the reverse of it: a path the turn created shows as a deletion here.
    const changed = store.same(checkpoint.commit, next) ? [] : (await store.changes(next, checkpoint.commit)).changes;
    out.push({ checkpoint, changed });
  }
  return out;
}

/** "changed 3: a.txt, b.txt, c/ " or "changed nothing", for a listing. */
export function describeChanged(changed: readonly FileChange[], shown = 5): string {
  if (changed.length === 0) return "changed nothing";
  const names = changed.slice(0, shown).map((change) => change.path);
  const more = changed.length > shown ? ` and ${changed.length - shown} more` : "";
  return `changed ${changed.length}: ${names.join(", ")}${more}`;
}
