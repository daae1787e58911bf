// Where sessions live on disk: $MINI_AGENT_HOME/sessions/<workspace-key>/<session-id>.jsonl,
// with `<id>.summary.json` (the listing cache), `<id>.lock` and `<id>/` (side files) beside it.
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { summarizeSession, summaryFileFor, type SessionSummary } from "./session-summary.js";

export type { SessionSummary } from "./session-summary.js";

/** A readable, collision-safe folder name for a workspace: its basename plus a hash of the full path. */
export function workspaceKey(cwd: string): string {
  // Windows shells keep the drive letter as typed (`cd c:\src`); C: and c: are one folder.
  const resolved = process.platform === "win32" ? path.resolve(cwd).replace(/^[a-z]:/, (drive) => drive.toUpperCase()) : path.resolve(cwd);
  const base = path.basename(resolved).replace(/[^A-Za-z0-9._-]/g, "_").slice(0, 40) || "root";
  const hash = createHash("sha256").update(resolved).digest("hex").slice(0, 10);
  return `${base}-${hash}`;
}

/** Sortable by creation time, unique enough for one person's machine. */
export function newSessionId(now = new Date()): string {
  const stamp = now.toISOString().replace(/[-:]/g, "").replace(/\..*$/, "");
  return `${stamp}-${randomBytes(3).toString("hex")}`;
}

const SESSION_ID = /^[A-Za-z0-9_-]+$/;

/** The session folder or file cannot be used (not a folder, not readable, not writable). */
export class SessionAccessError extends Error {}

/**
 * The names in a folder of the store; a folder not made yet has none. Any other failure
 * (EACCES, ENOTDIR, EIO) is said, naming the folder: listing it as empty would report "no
 * sessions" and make -c start over while the sessions are there.
 */
function namesIn(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return [];
    // Node's message ends by naming the call and path again (", scandir '…'"): the folder is named once.
    const reason = code === "ENOTDIR" ? "it, or a part of its path, is a file, not a folder" : (error as Error).message.replace(/, \w+ '.*'$/, "");
    throw new SessionAccessError(`cannot read the session folder ${dir}: ${reason}`);
  }
}

export class SessionStore {
  readonly dir: string;

  /** `dir` names a workspace folder directly (a listing of every workspace has no cwd). */
  constructor(home: string, cwd: string, dir?: string) {
    this.dir = dir ?? path.join(home, "sessions", workspaceKey(cwd));
  }

  ensureDir(): void {
    mkdirSync(this.dir, { recursive: true, mode: 0o700 });
  }

  fileFor(sessionId: string): string {
    if (!SESSION_ID.test(sessionId)) throw new Error(`invalid session id ${JSON.stringify(sessionId)}`);
    return path.join(this.dir, `${sessionId}.jsonl`);
  }

  /** The lock a running process holds on a session (see session-lock.ts). */
  lockFor(sessionId: string): string {
    return this.fileFor(sessionId).replace(/\.jsonl$/, ".lock");
  }

  /** The workspace's prompt history (no `.jsonl`: it is not a session). */
  promptHistoryFile(): string {
    return path.join(this.dir, "prompt-history");
  }

  /** Folder for a session's side files (background task logs). */
  sideDirFor(sessionId: string): string {
    return path.join(this.dir, sessionId);
  }

  exists(sessionId: string): boolean {
    return SESSION_ID.test(sessionId) && existsSync(this.fileFor(sessionId));
  }

  /** Session files of this workspace, most recently written first (no file is read). */
  entries(): { id: string; file: string; mtimeMs: number }[] {
    const names = namesIn(this.dir);
    const sessions: { id: string; file: string; mtimeMs: number }[] = [];
    for (const name of names) {
      if (!name.endsWith(".jsonl")) continue;
      const file = path.join(this.dir, name);
      try {
        sessions.push({ id: name.slice(0, -".jsonl".length), file, mtimeMs: statSync(file).mtimeMs });
      } catch {
        // Removed since the listing, or a dangling link: not a session to offer.
      }
    }
    // Ties by id in code-unit order (ids are timestamps): localeCompare would start ICU (~8 ms).
    return sessions.sort((a, b) => b.mtimeMs - a.mtimeMs || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0));
  }

  /** Sessions of this workspace with what a picker shows, most recently active first. */
  list(): SessionSummary[] {
    return this.entries().flatMap(({ id, file }) => summarizeSession(id, file) ?? []);
  }

  /** Every workspace's store under this home (for `sessions --all`). */
  static all(home: string): SessionStore[] {
    const root = path.join(home, "sessions");
    return namesIn(root).filter((name) => isDirectory(path.join(root, name))).map((name) => new SessionStore(home, "", path.join(root, name)));
  }

  /** Removes a session's file, its listing cache, its side files and its lock. */
  remove(sessionId: string): void {
    const file = this.fileFor(sessionId);
    rmSync(file, { force: true });
    rmSync(summaryFileFor(file), { force: true });
    rmSync(this.sideDirFor(sessionId), { recursive: true, force: true });
  }

  newest(): string | undefined {
    return this.entries()[0]?.id;
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}
