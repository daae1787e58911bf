// The operations that may run only while no turn does: clearing the context and undoing a
// turn's changes to the workspace. A turn in the middle would read a conversation cut under
// it, or write files while they are put back, so both refuse (with the reason) until it ends.
// Compaction is one too, but it runs in the turn queue's place, so it lives there.
import { undo, UndoError, type UndoResult } from "../checkpoint/undo.js";
import type { OpenSession } from "./open-session.js";

export interface BetweenTurnsParts {
  session: OpenSession;
  /** Whether a turn or compaction runs, and whether the session is shut down. */
  turns: { readonly busy: boolean; readonly closed: boolean };
  /** Where checkpoints snapshot (the jail's root) and what they leave out; without it, no undo. */
  checkpoints?: { root: string; exclude?: readonly string[] } | undefined;
}

export interface BetweenTurns {
  /** A fresh context in the same session file: an event, so a resume sees it too. */
  clearContext(): void;
  undo(options: { to?: number; dryRun?: boolean }): Promise<UndoResult>;
  /** Stops a running undo's git processes (the face's stop, shutdown): it rejects with GitStopped (ADR 0067). */
  stop(): void;
  /** Resolves once no undo runs. */
  settled(): Promise<void>;
}

export function betweenTurns({ session, turns, checkpoints }: BetweenTurnsParts): BetweenTurns {
  const { bus } = session;
  let running: { stop: AbortController; done: Promise<unknown> } | undefined;
  return {
    clearContext() {
      if (turns.busy) {
        bus.publish("notice", { level: "warn", message: "the context can be cleared only between turns; stop the turn first" });
        throw new Error("the context can be cleared only between turns; stop the turn first");
      }
      bus.publish("context.cleared", {});
    },
    async undo(options) {
      if (!checkpoints) throw new UndoError("this session keeps no checkpoints");
      if (turns.busy || turns.closed) throw new UndoError("undo waits for the turn to end (stop it first)");
      if (running) throw new UndoError("an undo is running already");
      const { root, exclude } = checkpoints;
      const stop = new AbortController();
      const done = undo({
        sessionFile: session.file,
        sideDir: session.sideDir,
        bus,
        root,
        target: options.to !== undefined ? { kind: "turn", turn: options.to } : { kind: "last" },
        dryRun: options.dryRun ?? false,
        ...(exclude ? { exclude } : {}),
        signal: stop.signal,
      });
      running = { stop, done };
      try {
        return await done;
      } finally {
        running = undefined;
      }
    },
    stop: () => running?.stop.abort(),
    settled: async () => {
      await running?.done.catch(() => undefined);
    },
  };
}
