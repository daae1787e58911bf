// `mini-agent undo`: restores the workspace to the checkpoint before the last turn that changed
// files (or `--to <turn>`, `--checkpoint <n>`), listing the files it changes. It checkpoints
// first, so the undo itself can be undone with `--checkpoint <n>`. `--list` shows the
// checkpoints and what changed after each.
import { realpathSync } from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { EXIT, UsageError, wholeNumberFlag } from "../config/cli-options.js";
import { usableAgentHome } from "../config/home.js";
import { showTerminalControls, stripTerminalControls } from "../print/terminal-safe.js";
import { describeChanged, GitStopped, listChanges, RestoreStopped, undo, UndoError, type UndoTarget, openSession, SessionAccessError, SessionNotFoundError, SessionLockedError, WireFormatError } from "../engine/subcommands.js";

export const UNDO_HELP = `Usage: mini-agent undo [--to <turn> | --checkpoint <n>] [--list] [--dry-run] [-r <session>]

Restores the workspace to the checkpoint taken before the last turn that changed files
(of the newest session here, or -r <session>); a turn that changed nothing, or one already
undone, is passed over. The current state is checkpointed first, so an undo can be undone
with --checkpoint <n>. --list shows each checkpoint and what changed after it.
`;

/**
 * A file name as printed: names come from the workspace, where a planted one could retitle the
 * terminal or write the clipboard; every control character in it is shown as a symbol (␛, ␇),
 * none acts and none is dropped, and a line break or tab is shown escaped, so one name cannot
 * pose as two lines or as another name.
 */
const plain = (name: string) => showTerminalControls(name.replace(/[\n\t]/g, (char) => (char === "\n" ? "\\n" : "\\t")));

function positiveInteger(flag: string, value: string | undefined): number | undefined {
  return value === undefined ? undefined : wholeNumberFlag(flag, value);
}

export async function runUndo(argv: string[], write: (text: string) => void, cwd: string): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { to: { type: "string" }, checkpoint: { type: "string" }, list: { type: "boolean" }, "dry-run": { type: "boolean" }, resume: { type: "string", short: "r" }, help: { type: "boolean", short: "h" } },
      strict: true,
    }));
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run mini-agent undo --help for the options.`);
  }
  if (values.help) {
    write(UNDO_HELP);
    return EXIT.ok;
  }
  const turn = positiveInteger("--to", values.to);
  const number = positiveInteger("--checkpoint", values.checkpoint);
  if (turn !== undefined && number !== undefined) throw new UsageError("--to and --checkpoint cannot be used together");
  const target: UndoTarget = turn !== undefined ? { kind: "turn", turn } : number !== undefined ? { kind: "checkpoint", number } : { kind: "last" };

  const home = usableAgentHome(process.env, os.homedir(), cwd);
  let session;
  try {
    session = openSession({ home, cwd, choice: values.resume ? { mode: "resume", id: values.resume } : { mode: "continue" } });
  } catch (error) {
    if ([SessionNotFoundError, SessionAccessError, SessionLockedError, WireFormatError].some((kind) => error instanceof kind)) throw new UsageError((error as Error).message);
    throw error;
  }
  for (const message of session.startupNotices.splice(0)) process.stderr.write(stripTerminalControls(`mini-agent: ${message}\n`));
  // A stop signal stops undo's git processes as it stops a turn's snapshot (ADR 0067): git ends
  // by SIGTERM (removing its index.lock), the undo rejects, and the run exits 130 / 143. Without
  // this, Node's default ended mini-agent alone and left a git hung on a FIFO running.
  const stop = new AbortController();
  let stoppedBy: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals) => {
    stoppedBy ??= signal;
    stop.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  try {
    const root = realpathSync(cwd);
    if (values.list) {
      for (const { checkpoint, changed } of await listChanges({ sessionFile: session.file, sideDir: session.sideDir, root, exclude: [home], signal: stop.signal })) {
        const what = checkpoint.reason === "undo" ? "before an undo" : `before turn ${checkpoint.turn ?? "?"}`;
        const names = changed.map((change) => ({ ...change, path: plain(change.path) }));
        write(`${checkpoint.number}\t${what}\t${checkpoint.files} file${checkpoint.files === 1 ? "" : "s"}\t${checkpoint.commit.slice(0, 12)}\t${describeChanged(names)}\n`);
      }
      return EXIT.ok;
    }
    const result = await undo({ sessionFile: session.file, sideDir: session.sideDir, bus: session.bus, root, target, dryRun: values["dry-run"] ?? false, exclude: [home], signal: stop.signal });
    const label = result.target.turn !== undefined ? `before turn ${result.target.turn}` : `checkpoint ${result.target.number}`;
    const untracked = result.untracked.map(plain);
    if (result.changes.length === 0 && untracked.length > 0) {
      write(`nothing undo can restore: the files checkpoints save already match the checkpoint ${label} (checkpoint ${result.target.number})\n`);
    } else if (result.changes.length === 0) {
      write(`nothing to undo: the files already match the checkpoint ${label} (checkpoint ${result.target.number}), and no later turn changed any\n`);
    } else {
      write(`${values["dry-run"] ? "would restore" : "restored"} the workspace to ${label} (checkpoint ${result.target.number}); ${result.changes.length} file${result.changes.length === 1 ? "" : "s"}:\n`);
      const verbs = { A: "restore", M: "rewrite", D: "delete" } as const;
      for (const change of result.changes) write(`  ${verbs[change.status]}\t${plain(change.path)}\n`);
    }
    for (const file of result.kept) write(`  keep\t${plain(file)}\t(ignored when the checkpoint was taken)\n`);
    // Changed by the file tools since, but ignored: no checkpoint holds them (ADR 0036).
    for (const file of untracked) write(`  not undone\t${file}\t(ignored, so not tracked by undo: no checkpoint saved it)\n`);
    if (result.saved) write(`the state before this undo is checkpoint ${result.saved.number}: mini-agent undo --checkpoint ${result.saved.number} brings it back\n`);
    return EXIT.ok;
  } catch (error) {
    if (error instanceof UndoError) throw new UsageError(stripTerminalControls(error.message));
    if (stoppedBy && error instanceof GitStopped) {
      const what = error instanceof RestoreStopped ? `the restore was stopped part-way; mini-agent undo --checkpoint ${error.saved} brings back the state before it` : "nothing was restored";
      process.stderr.write(`mini-agent: undo stopped (${stoppedBy}): ${what}\n`);
      return stoppedBy === "SIGTERM" ? EXIT.terminated : EXIT.interrupted;
    }
    throw error;
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    session.close();
  }
}
