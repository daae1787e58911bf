// One process at a time per session file. Two writers would interleave lines with clashing
// seqs, so a run holds `<session>.lock` (ADR 0006) from before it reads or creates the
// file until it closes it. A lock left by a process that died (SIGKILL, power loss) is
// taken over: its pid no longer runs, or now belongs to a process that started later.
import { randomBytes } from "node:crypto";
import { linkSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import os from "node:os";

export class SessionLockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "SessionLockedError";
  }
}

interface Holder {
  pid: number;
  host: string;
  /** Epoch milliseconds at which the holder took the lock. */
  since: number;
}

export interface SessionLock {
  readonly file: string;
  release(): void;
}

function readHolder(file: string): { raw: string; holder: Holder | undefined } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(raw) as Partial<Holder>;
    if (typeof parsed.pid === "number" && typeof parsed.host === "string" && typeof parsed.since === "number") {
      return { raw, holder: parsed as Holder };
    }
  } catch {
    // Unreadable content cannot name a live holder: treat as stale (written whole, see below).
  }
  return { raw, holder: undefined };
}

/** When a pid's process started (Linux /proc), to tell a reused pid from the holder. */
function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const ticks = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"));
    if (!btime || !Number.isFinite(ticks)) return undefined;
    // USER_HZ is 100 on every Linux Node supports.
    return Number(btime[1]) * 1000 + ticks * 10;
  } catch {
    return undefined;
  }
}

function holderAlive(holder: Holder): boolean {
  // Another machine sharing this home: its processes cannot be checked, so trust the lock.
  if (holder.host !== os.hostname()) return true;
  if (holder.pid === process.pid) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const started = processStartMs(holder.pid);
  // A process that started after the lock was taken cannot be its holder: a reused pid.
  return started === undefined || started <= holder.since + 2_000;
}

function lockedMessage(sessionId: string, holder: Holder, file: string): string {
  const since = new Date(holder.since).toISOString();
  if (holder.host === os.hostname()) {
    return `session ${sessionId} is in use by another mini-agent (pid ${holder.pid}, since ${since}); wait for it to finish or start a new session with --new (lock file ${file})`;
  }
  // Whether a process on another machine (or a container with another hostname) still runs
  // cannot be told from here, so the lock is never judged stale: the person decides.
  return `session ${sessionId} is locked by a mini-agent on host ${JSON.stringify(holder.host)} (pid ${holder.pid} there, since ${since}), which cannot be checked from this host (${JSON.stringify(os.hostname())}); if no mini-agent runs it there any more (a container gets a new hostname each start), delete the lock file ${file} and try again, or start a new session with --new`;
}

/**
 * Takes the lock or throws SessionLockedError. The content is written to a private file and
 * hard-linked into place, so the lock never exists half-written and creation is atomic.
 */
export function acquireSessionLock(file: string, sessionId: string): SessionLock {
  const mine = `${JSON.stringify({ pid: process.pid, host: os.hostname(), since: Date.now() })}\n`;
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  try {
    // Inside the try: a full disk creates the file and then fails to fill it; it must not stay.
    writeFileSync(temp, mine, { mode: 0o600 });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        linkSync(temp, file);
        return heldLock(file, mine);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const current = readHolder(file);
      if (current?.holder && holderAlive(current.holder)) throw new SessionLockedError(lockedMessage(sessionId, current.holder, file));
      // Stale: remove it only if it is still the lock we judged, then try again.
      if (current && readHolder(file)?.raw === current.raw) {
        try {
          unlinkSync(file);
        } catch {
          // Someone else removed it first; the next link attempt decides.
        }
      }
    }
    throw new SessionLockedError(`session ${sessionId}: could not take its lock file ${file}; another mini-agent is starting on it`);
  } finally {
    try {
      unlinkSync(temp);
    } catch {
      // Best effort: a leftover .tmp file is harmless.
    }
  }
}

function heldLock(file: string, content: string): SessionLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off("exit", release);
    try {
      // Never remove a lock that is no longer ours.
      if (readFileSync(file, "utf8") === content) unlinkSync(file);
    } catch {
      // Already gone.
    }
  };
  // A forced exit (second Ctrl-C) skips the normal close; the lock goes anyway.
  process.on("exit", release);
  return { file, release };
}
