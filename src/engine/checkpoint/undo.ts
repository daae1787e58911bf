// Undo: puts the workspace back to a checkpoint. Callable by any face (`mini-agent undo`,
// the TUI's /undo). By default it takes back the last turn that changed files (turns that
// changed nothing, or are already undone, are passed over: turn-changes.ts). It checkpoints
// the current state first, so an undo can be undone, and returns the files it changes so the
// face can list them.
import { lstatSync } from "node:fs";
import path from "node:path";
import type { AgentEvent } from "../events.js";
import type { EventBus } from "../event-bus.js";
import { readWire } from "../wire/wire.js";
import { knownUnsaved } from "./checkpoint-manifest.js";
import { GitStopped } from "./checkpoint-git.js";
import { createCheckpointStore, type CheckpointStore, type FileChange } from "./checkpoint-store.js";
import { changesAfter, pickLastChange } from "./turn-changes.js";

export interface CheckpointInfo {
  /** 1-based, in the order they were taken: `--checkpoint N`. */
  number: number;
  commit: string;
  reason: "turn" | "undo";
  /** For a turn's checkpoint: the 1-based number of that turn in the session. */
  turn?: number;
  files: number;
}

export type UndoTarget = { kind: "last" } | { kind: "turn"; turn: number } | { kind: "checkpoint"; number: number };

export class UndoError extends Error {}

/** The restore itself was stopped (a signal, the deadline): some files are back, the state before is checkpoint `saved`. */
export class RestoreStopped extends GitStopped {
  constructor(readonly saved: number, why: string) {
    super(`${why}; the restore was stopped part-way: mini-agent undo --checkpoint ${saved} brings back the state before it`);
  }
}

export interface UndoOptions {
  /** The session file (events) and its side folder (the object store). */
  sessionFile: string;
  sideDir: string;
  /** Publishes the pre-undo checkpoint into the session. */
  bus: EventBus;
  root: string;
  target: UndoTarget;
  /** Only say what would change. */
  dryRun?: boolean;
  exclude?: readonly string[];
  /** Stops the undo's git processes (SIGINT, SIGTERM): it then rejects with GitStopped. */
  signal?: AbortSignal;
}

export interface UndoResult {
  target: CheckpointInfo;
  /** The state before the undo, saved as a checkpoint (undefined on a dry run). */
  saved?: CheckpointInfo;
  changes: FileChange[];
  /** Paths the target lacks but knew were there, unsaved (ignored then): kept, not deleted. */
  kept: string[];
  /**
   * Files write_file or edit_file changed since the target that are ignored now: no checkpoint
   * saved them, so this undo leaves them as they are (ADR 0036), and says so.
   */
  untracked: string[];
}

export function checkpointsDir(sideDir: string): string {
  return `${sideDir}/checkpoints`;
}

export function listCheckpoints(events: readonly AgentEvent[]): CheckpointInfo[] {
  const turnNumbers = new Map<string, number>();
  const out: CheckpointInfo[] = [];
  for (const event of events) {
    if (event.type === "turn.started") turnNumbers.set(event.turnId, turnNumbers.size + 1);
    if (event.type !== "checkpoint.created") continue;
    const turn = event.turnId !== undefined ? turnNumbers.get(event.turnId) : undefined;
    out.push({ number: out.length + 1, commit: event.commit, reason: event.reason, files: event.files, ...(turn !== undefined && event.reason === "turn" ? { turn } : {}) });
  }
  return out;
}

function noCheckpoint(): UndoError {
  return new UndoError("this session has no checkpoint yet: no turn has changed anything");
}

function pick(checkpoints: CheckpointInfo[], target: Exclude<UndoTarget, { kind: "last" }>): CheckpointInfo {
  const turns = checkpoints.filter((checkpoint) => checkpoint.reason === "turn");
  if (target.kind === "turn") {
    const found = turns.find((checkpoint) => checkpoint.turn === target.turn);
    if (!found) {
      const known = turns.map((checkpoint) => checkpoint.turn).filter((turn) => turn !== undefined);
      throw new UndoError(`no checkpoint before turn ${target.turn}; turns with one: ${known.length > 0 ? known.join(", ") : "none"}`);
    }
    return found;
  }
  const found = checkpoints.find((checkpoint) => checkpoint.number === target.number);
  if (!found) throw new UndoError(`no checkpoint ${target.number}; this session has ${checkpoints.length}`);
  return found;
}

function openStore(options: Pick<UndoOptions, "root" | "sideDir" | "exclude" | "signal">): CheckpointStore {
  return createCheckpointStore({ root: options.root, dir: checkpointsDir(options.sideDir), ...(options.exclude ? { exclude: options.exclude } : {}), ...(options.signal ? { signal: options.signal } : {}) });
}

/** Files named in a `workspace.restored` event; the rest are counted. */
const RESTORED_FILES_SHOWN = 50;

/** Files the file tools changed after checkpoint `number` (1-based), in the order they were first changed. */
function toolChangesAfter(events: readonly AgentEvent[], number: number): string[] {
  const files = new Set<string>();
  let seen = 0;
  for (const event of events) {
    if (event.type === "checkpoint.created") seen += 1;
    else if (seen >= number && event.type === "tool.result" && !event.isError && event.details?.diff !== undefined && event.details.path !== undefined) files.add(event.details.path);
  }
  return [...files];
}

/** The first folder on the way to `file` that is a symlink now, if any. */
function linkOnTheWay(root: string, file: string): string | undefined {
  const parts = file.replace(/\/$/, "").split("/");
  for (let i = 1; i < parts.length; i++) {
    const folder = parts.slice(0, i).join("/");
    const stat = lstatSync(path.join(root, folder), { throwIfNoEntry: false });
    if (!stat?.isDirectory()) return stat?.isSymbolicLink() ? folder : undefined;
  }
  return undefined;
}

export async function undo(options: UndoOptions): Promise<UndoResult> {
  const events = readWire(options.sessionFile).events;
  const checkpoints = listCheckpoints(events);
  if (options.target.kind === "last" ? !checkpoints.some((checkpoint) => checkpoint.reason === "turn") : false) throw noCheckpoint();
  const fixed = options.target.kind === "last" ? undefined : pick(checkpoints, options.target);
  const store = openStore(options);
  let current = await store.snapshot("before undo");
  const chosen = fixed ? { target: fixed, plan: await store.changes(current.commit, fixed.commit) } : await pickLastChange(store, checkpoints, current.commit);
  if (!chosen) throw noCheckpoint();
  const { target } = chosen;
  let plan = chosen.plan;
  // A path beyond a folder that is a symlink now: the restore removes the link first when this
  // snapshot saved it (a D in the plan), and makes the folder; one it did not save (ignored)
  // would be written through, so nothing is done and the path is named.
  const removed = new Set(plan.changes.filter((change) => change.status === "D").map((change) => change.path));
  for (const change of plan.changes) {
    if (change.status === "D") continue;
    const link = linkOnTheWay(options.root, change.path);
    if (link !== undefined && !removed.has(link)) {
      throw new UndoError(`cannot restore ${change.path}: ${link} is a symbolic link now, and undo never writes through one; nothing was changed. Replace ${link} with a folder (or remove it), then undo again`);
    }
  }
  // A file the target has and this snapshot left out (ignored now) is about to be overwritten:
  // saved too, so this undo can be undone. Not one beyond a link (it is not that file).
  const overwritten = plan.changes
    .filter((change) => change.status === "A" && linkOnTheWay(options.root, change.path) === undefined && lstatSync(path.join(options.root, change.path), { throwIfNoEntry: false }) !== undefined)
    .map((change) => change.path);
  if (overwritten.length > 0) {
    current = await store.snapshot("before undo", overwritten);
    plan = await store.changes(current.commit, target.commit);
  }
  const ignoredNow = new Set(current.unsaved);
  const planned = new Set(plan.changes.map((change) => change.path));
  const untracked = toolChangesAfter(events, target.number).filter((file) => !planned.has(file) && knownUnsaved(ignoredNow, file));
  // Nothing to change: no checkpoint is added and nothing is said to the model.
  if (options.dryRun || plan.changes.length === 0) return { target, changes: plan.changes.map(({ status, path: file }) => ({ status, path: file })), kept: plan.kept, untracked };
  options.bus.publish("checkpoint.created", { reason: "undo", commit: current.commit, files: current.files });
  const saved: CheckpointInfo = { number: checkpoints.length + 1, commit: current.commit, reason: "undo", files: current.files };
  let done;
  try {
    done = await store.restore(current.commit, target.commit);
  } catch (error) {
    // Stopped part-way, the workspace is partly restored: the state before is saved, and said.
    if (error instanceof GitStopped) throw new RestoreStopped(saved.number, error.message);
    throw error;
  }
  const changes = done.changes.map(({ status, path: file }) => ({ status, path: file }));
  // The conversation still says what the model did; this tells it what is on disk now.
  const files = changes.map((change) => change.path);
  options.bus.publish("workspace.restored", { checkpoint: target.number, commit: target.commit, files: files.slice(0, RESTORED_FILES_SHOWN), more: Math.max(0, files.length - RESTORED_FILES_SHOWN) });
  return { target, saved, changes, kept: done.kept, untracked };
}

/** `undo --list`: every checkpoint with what changed between it and the next (or now). */
export async function listChanges(options: Pick<UndoOptions, "sessionFile" | "root" | "sideDir" | "exclude" | "signal">): Promise<Array<{ checkpoint: CheckpointInfo; changed: FileChange[] }>> {
  const checkpoints = listCheckpoints(readWire(options.sessionFile).events);
  if (checkpoints.length === 0) return [];
  const store = openStore(options);
  const current = await store.snapshot("for a listing");
  return changesAfter(store, checkpoints, current.commit);
}
