// The engine's door for the subcommands that work on stored sessions, checkpoints and notes
// without a live session (`mini-agent undo`, `sessions`, `memory`, `registry`). Faces that
// drive a session use index.ts; this door is separate so that what only these commands need
// (checkpoint stores, session-file readers) never loads ahead of a session or the TUI's first
// frame (test/cli/tui-first-frame-loads.test.ts). ADR 0039.
export { SessionStore, workspaceKey } from "./session/session.js";
export type { SessionSummary } from "./session/session-summary.js";
export { acquireSessionLock, SessionLockedError } from "./wire/session-lock.js";
export { openSession, SessionAccessError, SessionNotFoundError } from "./session/open-session.js";
export { WireFormatError } from "./wire/wire.js";
export { describeChanged } from "./checkpoint/turn-changes.js";
export { listChanges, RestoreStopped, undo, UndoError, type UndoTarget } from "./checkpoint/undo.js";
export { GitStopped } from "./checkpoint/checkpoint-git.js";
export { MAX_NOTE_CHARS, MemoryFileError, MemoryStore, NOTE_ID, provenance, type MemoryNote, type NoteOrigin } from "./extensions/memory/memory-store.js";
export { createRedactor, secretsFromEnv } from "./secrets/redact.js";
export { secretsFromCredentialFiles } from "./secrets/credential-files.js";
export { validateGuardPlugin } from "./extensions/guards/guard-plugin.js";
export { parseSkillFile } from "./extensions/skills/skill-file.js";
// Untrusted text (a model name a project set, a prompt title) shown on one line, escaped.
export { visibleText } from "./secrets/visible-text.js";
