// Opens a session for a run: a new one, the newest of this workspace, or a named one.
// A resumed session is rebuilt by folding its wire file with the live reducer.
import { EventBus } from "./event-bus.js";
import type { Redactor } from "./redact.js";
import { initialState, foldEvents, reduce, type SessionState } from "./state.js";
import { SessionStore, newSessionId } from "./session.js";
import { readWire, WireWriter } from "./wire.js";

export type SessionChoice = { mode: "new" } | { mode: "continue" } | { mode: "resume"; id: string };

export class SessionNotFoundError extends Error {}

export interface OpenSession {
  sessionId: string;
  resumed: boolean;
  file: string;
  /** Folder for this session's side files (background task logs). */
  sideDir: string;
  bus: EventBus;
  state: SessionState;
  close(): void;
}

export interface OpenSessionOptions {
  home: string;
  cwd: string;
  choice: SessionChoice;
  warn(message: string): void;
  redact?: Redactor;
}

export function openSession(options: OpenSessionOptions): OpenSession {
  const store = new SessionStore(options.home, options.cwd);
  store.ensureDir();
  let sessionId: string;
  if (options.choice.mode === "resume") {
    sessionId = options.choice.id;
    if (!store.exists(sessionId)) {
      throw new SessionNotFoundError(`no session ${JSON.stringify(sessionId)} for this workspace (looked in ${store.dir})`);
    }
  } else if (options.choice.mode === "continue") {
    const newest = store.newest();
    if (!newest) throw new SessionNotFoundError(`no earlier session to continue for this workspace (looked in ${store.dir})`);
    sessionId = newest;
  } else {
    sessionId = newSessionId();
  }

  const file = store.fileFor(sessionId);
  const onWriteError = (message: string) => options.warn(message);
  let state: SessionState;
  let writer: WireWriter;
  const resumed = options.choice.mode !== "new";
  if (resumed) {
    const contents = readWire(file);
    for (const warning of contents.warnings) options.warn(warning);
    state = foldEvents(contents.events);
    writer = WireWriter.resume(file, contents, { onWriteError });
  } else {
    state = initialState();
    writer = WireWriter.create(file, { sessionId, cwd: options.cwd, created: new Date().toISOString() }, { onWriteError });
  }

  const bus = new EventBus({ startSeq: state.lastSeq, ...(options.redact ? { redact: options.redact } : {}) });
  // Order matters: the state is current before anyone else sees the event, and the
  // wire has the line before a renderer prints it.
  bus.subscribe((event) => reduce(state, event));
  bus.subscribe((event) => writer.append(event));
  return {
    sessionId,
    resumed,
    file,
    sideDir: store.sideDirFor(sessionId),
    bus,
    state,
    close: () => writer.close(),
  };
}
