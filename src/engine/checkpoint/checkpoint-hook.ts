// Takes a checkpoint once per turn, just before the turn's first call that can change files
// (a write, an edit, a command the allowlist cannot prove read-only) is judged. Wraps the
// gate instead of changing it: the gate decides, this only remembers what the workspace
// looked like.
import type { EventBus } from "../event-bus.js";
import type { ApprovalGate } from "../approval/gate/gate.js";
import type { Tool } from "../tools/tool.js";
import type { CheckpointStore, Unsaved } from "./checkpoint-store.js";

export interface CheckpointHookOptions {
  store: CheckpointStore;
  bus: EventBus;
  /** A snapshot that fails must not stop the turn: it is said, and the call goes ahead. */
  warn(message: string): void;
  /**
   * Calls proved to change no file (`changesNoFile` from the rules) need no snapshot; default:
   * reading tools. A promise where the proof waits for the command policy to load (ADR 0027).
   */
  changesNoFile?(tool: Tool, input: Record<string, unknown>): boolean | Promise<boolean>;
}

export function withCheckpoints(gate: ApprovalGate, options: CheckpointHookOptions): ApprovalGate {
  let turnId: string | undefined;
  /** This turn's snapshot, once started: a later (or concurrent: subagents) call waits for it too. */
  let taken: Promise<void> | undefined;
  /** The paths the last checkpoint could not save, as last said. */
  let lastFailed = "";
  options.bus.subscribe((event) => {
    // The main agent's turns; a child agent's turn runs inside one of them.
    if (event.type === "turn.started" && !(event as { agentId?: string }).agentId) {
      turnId = event.turnId;
      taken = undefined;
    }
  });
  const provedHarmless = async (tool: Tool, input: Record<string, unknown>) => {
    try {
      return (await options.changesNoFile?.(tool, input)) ?? false;
    } catch {
      return false; // Not proved: snapshot.
    }
  };
  // The first waiting call's signal stops the snapshot: a turn stopped while git is stuck (a
  // FIFO it opens) ends now, and the git it started does not outlive it.
  const take = async (signal: AbortSignal) => {
    try {
      const snapshot = await options.store.snapshot(`before turn ${turnId ?? "?"}`, undefined, signal);
      options.bus.publish("checkpoint.created", { ...(turnId ? { turnId } : {}), reason: "turn", commit: snapshot.commit, files: snapshot.files });
      // Said before the call runs: these paths are not in the checkpoint, the rest is. The
      // same list again, turn after turn, is not repeated.
      const failed = snapshot.failed.map((item) => item.path).join("\0");
      if (failed !== "" && failed !== lastFailed) options.warn(describeFailed(snapshot.failed));
      lastFailed = failed;
    } catch (error) {
      // Stopped with the call: it will not run, so there is nothing to warn about, and a later
      // call of this turn (another subagent's) takes the snapshot again.
      if (signal.aborted) {
        taken = undefined;
        return;
      }
      options.warn(`no checkpoint for this turn, so undo cannot take back what it changes: ${(error as Error).message}`);
    }
  };
  return async (...args: Parameters<ApprovalGate>) => {
    const [, tool, input, signal = new AbortController().signal] = args;
    // Taken before the call is judged, so nothing waits between an approval and the call's
    // start (a person's ctrl-c then reaches the running command, not a snapshot).
    if (tool.kind === "read" || (!taken && (await provedHarmless(tool, input)))) return gate(...args);
    await (taken ??= take(signal));
    return gate(...args);
  };
}

/** Paths named in the notice; the rest are counted. */
const FAILED_SHOWN = 10;

export function describeFailed(failed: readonly Unsaved[]): string {
  const named = failed.slice(0, FAILED_SHOWN).map((item) => `${item.path} (${item.reason})`);
  const more = failed.length > FAILED_SHOWN ? ` and ${failed.length - FAILED_SHOWN} more` : "";
  const one = failed.length === 1;
  return `the checkpoint for this turn could not save ${failed.length} ${one ? "path" : "paths"}, so undo cannot bring ${one ? "it" : "them"} back; the rest is saved: ${named.join(", ")}${more}`;
}
