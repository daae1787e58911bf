// Opens a session for a run: a new one, the newest of this workspace, or a named one.
// A resumed session is rebuilt by folding its wire file with the live reducer. The run
// holds the session's lock from before it reads the file until it closes it.
import { rmSync, statSync } from "node:fs";
import { EventBus } from "../event-bus.js";
import type { Redactor } from "../secrets/redact.js";
import { initialState, reduce, type SessionState } from "../state/state.js";
import { SessionAccessError, SessionStore, newSessionId } from "./session.js";
import { acquireSessionLock, type SessionLock } from "../wire/session-lock.js";
import { forkSessionFile } from "./fork-session.js";
import { nearestAncestorWithSessions, workspaceOfSession } from "./session-lookup.js";
import { PromptHistory } from "./prompt-history.js";
import { scanWire, WireFormatError, WireWriter, type Unwritten, type WireWriterOptions } from "../wire/wire.js";
import { upgradeLegacy } from "../wire/wire-legacy.js";
import { persisted } from "../wire/wire-policy.js";

export type SessionChoice =
  | { mode: "new" }
  | { mode: "continue" }
  | { mode: "resume"; id: string }
  /** A new session starting from a copy of another's finished turns. */
  | { mode: "fork"; id: string };

export class SessionNotFoundError extends Error {}

export { SessionAccessError } from "./session.js";

/** `what path: reason` for file-system failures; other errors pass through unchanged. */
function accessError(error: unknown, what: string, file: string): unknown {
  const code = (error as NodeJS.ErrnoException).code;
  if (typeof code !== "string" || !/^E[A-Z]+$/.test(code)) return error;
  const reason = code === "EISDIR" ? "it is a folder" : code === "ENOTDIR" ? "a part of the path is not a folder" : (error as Error).message;
  return new SessionAccessError(`cannot ${what} ${file}: ${reason}`);
}

export interface OpenSession {
  sessionId: string;
  resumed: boolean;
  file: string;
  /** Folder for this session's side files (background task logs). */
  sideDir: string;
  /** The prompts typed in this workspace, across sessions (a face's up-arrow); stored redacted. */
  promptHistory: PromptHistory;
  /** The session's redactor (what the bus applies): for what the session writes besides events (task logs). */
  redact?: Redactor;
  bus: EventBus;
  state: SessionState;
  /**
   * Warnings from opening the file (damaged lines, an empty file). The engine session
   * publishes them as `notice` events once a face listens; nothing is written to stderr.
   */
  startupNotices: string[];
  /** Events the session file could not take (a full disk), if any: held or lost, not on disk. */
  unwritten(): Unwritten | undefined;
  close(): void;
}

export interface OpenSessionOptions {
  home: string;
  cwd: string;
  choice: SessionChoice;
  redact?: Redactor;
  /** Where a throwing subscriber's error goes (see EventBus); default: a `notice` event. */
  onSubscriberError?: (error: unknown) => void;
}

export function openSession(options: OpenSessionOptions): OpenSession {
  const store = new SessionStore(options.home, options.cwd);
  // Looked up first: a -r or -c that finds nothing leaves no empty folder behind.
  const sessionId = chooseSession(store, options);
  try {
    store.ensureDir();
  } catch (error) {
    throw accessError(error, "create the session folder", store.dir);
  }
  let lock: SessionLock;
  try {
    lock = acquireSessionLock(store.lockFor(sessionId), sessionId);
  } catch (error) {
    throw accessError(error, "lock the session in", store.dir);
  }
  try {
    return openLocked(store, sessionId, lock, options);
  } catch (error) {
    lock.release();
    throw error;
  }
}

function chooseSession(store: SessionStore, { choice, home, cwd }: OpenSessionOptions): string {
  if (choice.mode === "resume" || choice.mode === "fork") {
    if (!store.exists(choice.id)) {
      const elsewhere = workspaceOfSession(home, choice.id);
      if (elsewhere) {
        throw new SessionNotFoundError(
          `session ${JSON.stringify(choice.id)} belongs to the workspace ${elsewhere.cwd}, not this one (${cwd}); run mini-agent there (cd ${JSON.stringify(elsewhere.cwd)}) to ${choice.mode === "fork" ? "fork" : "resume"} it (its file: ${elsewhere.file})`,
        );
      }
      throw new SessionNotFoundError(`no session ${JSON.stringify(choice.id)} for this workspace (looked in ${store.dir})`);
    }
    return choice.mode === "fork" ? newSessionId() : choice.id;
  }
  if (choice.mode === "continue") {
    const newest = store.newest();
    if (!newest) {
      const above = nearestAncestorWithSessions(home, cwd);
      const hint = above ? `; ${above} has sessions: run mini-agent -c there (cd ${JSON.stringify(above)})` : "";
      throw new SessionNotFoundError(`no earlier session to continue for this workspace (looked in ${store.dir})${hint}`);
    }
    return newest;
  }
  return newSessionId();
}

function openLocked(store: SessionStore, sessionId: string, lock: SessionLock, options: OpenSessionOptions): OpenSession {
  const file = store.fileFor(sessionId);
  const notices: string[] = [];
  // Set once the bus exists; a write failure before that is kept for the startup notices.
  let warn = (message: string) => void notices.push(message);
  let inform = (message: string) => void notices.push(message);
  const writing: WireWriterOptions = {
    onWriteError: (message) => warn(message),
    onRecovered: (message) => inform(message),
  };
  const header = () => ({ sessionId, cwd: options.cwd, created: new Date().toISOString() });
  const { choice } = options;
  const resumed = choice.mode !== "new";
  let state = initialState();
  let writer: WireWriter;
  try {
    if (choice.mode === "fork") {
      const source = store.fileFor(choice.id);
      const facts = forkSessionFile(source, file, { sessionId, cwd: options.cwd, forkedFrom: choice.id });
      // An empty fork would look like a copy and hold nothing: say why there is none instead.
      if (facts.events === 0) {
        throw new SessionNotFoundError(
          `session ${choice.id} has no finished turn to fork (its first turn never ended); resume it with -r ${choice.id}, which closes that turn as interrupted, or start a new session`,
        );
      }
      for (const warning of facts.warnings) warn(warning);
    }
    if (resumed && statSync(file).size === 0) {
      // Killed between creating the file and writing its header: nothing was lost.
      warn(`${file} was empty (a run was killed before its first line); continuing it as a fresh session`);
      rmSync(file);
      writer = WireWriter.create(file, header(), writing);
    } else if (resumed) {
      // Folded while read: the events themselves are never held (resume memory ∝ state).
      // A child agent's events are its own conversation, exactly as in the live fold below.
      const folded = initialState();
      // An old file's deltas are gathered into the messages the reducer folds (wire-legacy.ts).
      const upgrade = upgradeLegacy((event) => reduce(folded, event));
      const contents = scanWire(file, (event) => {
        if (event.agentId === undefined) upgrade.push(event);
      });
      upgrade.end();
      for (const warning of contents.warnings) warn(warning);
      // A copied or renamed file: its history is whole, so it resumes under its file's name, and says so.
      if (contents.header.sessionId !== sessionId) {
        warn(`${file}: its header names session ${JSON.stringify(contents.header.sessionId)}, not ${sessionId} (a copied or renamed file?); resumed as ${sessionId}`);
      }
      state = folded;
      writer = WireWriter.resume(file, contents, writing);
    } else {
      writer = WireWriter.create(file, header(), writing);
    }
  } catch (error) {
    if (error instanceof WireFormatError) throw error;
    throw accessError(error, resumed ? "read the session file" : "create the session file", file);
  }

  const bus = new EventBus({
    startSeq: state.lastSeq,
    ...(options.redact ? { redact: options.redact } : {}),
    ...(options.onSubscriberError ? { onSubscriberError: options.onSubscriberError } : {}),
  });
  // Order matters: the state is current before anyone else sees the event, and the
  // wire has the line before a renderer prints it.
  // A child agent's events (agentId set) are its own conversation, not this one.
  bus.subscribe((event) => {
    if (event.agentId === undefined) reduce(state, event);
  });
  bus.subscribe((event) => {
    // The stream itself is for faces; the file keeps the completed items (wire-policy.ts).
    if (!persisted(event)) return;
    writer.append(event);
    // A finished turn (and a compaction, which rewrites what the next request holds) is on the disk itself.
    if (event.agentId === undefined && (event.type === "turn.ended" || event.type === "context.compacted")) writer.sync();
  });
  warn = (message) => void bus.publish("notice", { level: "warn", message });
  inform = (message) => void bus.publish("notice", { level: "info", message });
  return {
    sessionId,
    resumed,
    file,
    sideDir: store.sideDirFor(sessionId),
    promptHistory: new PromptHistory(store.promptHistoryFile(), undefined, options.redact),
    ...(options.redact ? { redact: options.redact } : {}),
    bus,
    state,
    startupNotices: notices,
    unwritten: () => writer.unwritten(),
    close: () => {
      writer.close();
      lock.release();
    },
  };
}
