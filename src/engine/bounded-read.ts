// Reads one file mini-agent itself needs (a config, a prompt, a skill, a guard plugin) without
// trusting what is at the path: only a regular file, opened so a FIFO cannot block, checked
// again on the opened descriptor, and never more than `maxBytes + 1` bytes of it. Expected
// problems come back as values naming the file and what is wrong; nothing here throws for them.
// The workspace jail on top of this is in workspace-file.ts.
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, statSync, type Stats } from "node:fs";

export type ReadProblemKind = "missing" | "outside" | "denied" | "not-a-file" | "hard-linked" | "too-large" | "unreadable";

export interface ReadText {
  ok: true;
  text: string;
  /** The file actually read, every symlink resolved (for a workspace read). */
  path: string;
  /** Only with `overflow: "truncate"`: the file was longer than `maxBytes`. */
  truncated: boolean;
}

export interface ReadProblem {
  ok: false;
  kind: ReadProblemKind;
  /** The path as the caller gave it (absolute). */
  path: string;
  /** What is wrong, e.g. "is a FIFO, not a regular file". */
  detail: string;
  /** `<what> <path>: <detail>`, ready for a notice or an error. */
  message: string;
}

export type ReadOutcome = ReadText | ReadProblem;

export interface ReadLimits {
  /** Read at most this many bytes; the file is never read whole first. */
  maxBytes: number;
  /** What the file is, for messages: "AGENTS.md", "guard plugin", "skill file". */
  what: string;
  /** Over the cap: "refuse" (default; a cut config or rule would mean something else) or "truncate". */
  overflow?: "refuse" | "truncate";
}

// O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one.
// O_NOFOLLOW: the last component may not have become a symlink since it was checked.
// Neither exists on Windows, which has no FIFOs at such paths and resolves links itself.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);
const CHUNK = 64 * 1024;

/**
 * `read` of the file at `file` opened with those flags, closed after; undefined when it cannot
 * be opened (gone, a symlink now, unreadable). For the host's own small reads (the sandbox's
 * guards), which check what they opened on the descriptor.
 */
export function withOpenedFile<T>(file: string, read: (fd: number) => T): T | undefined {
  let fd: number;
  try {
    fd = openSync(file, OPEN_FLAGS);
  } catch {
    return undefined;
  }
  try {
    return read(fd);
  } finally {
    closeSync(fd);
  }
}

export function problem(kind: ReadProblemKind, path: string, what: string, detail: string): ReadProblem {
  return { ok: false, kind, path, detail, message: `${what} ${path}: ${detail}` };
}

/** "a directory", "a FIFO", … for messages: what the path is instead of a regular file. */
export function fileType(stats: Stats): string {
  if (stats.isDirectory()) return "a directory";
  if (stats.isFIFO()) return "a FIFO";
  if (stats.isSocket()) return "a socket";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isSymbolicLink()) return "a symbolic link";
  return "not a regular file";
}

export function errorDetail(error: unknown): { kind: ReadProblemKind; detail: string } {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT" || code === "ENOTDIR") return { kind: "missing", detail: "does not exist" };
  if (code === "ELOOP") return { kind: "unreadable", detail: "has too many levels of symbolic links" };
  if (code === "EACCES" || code === "EPERM") return { kind: "unreadable", detail: "cannot be read (permission denied)" };
  return { kind: "unreadable", detail: `cannot be read: ${(error as Error).message}` };
}

/**
 * A file the user named in their own config (system_prompt_file, a guard plugin in the agent
 * home): it may be anywhere and may be a symlink, but it must be a regular file and not too big.
 */
export function readUserFile(file: string, limits: ReadLimits): ReadOutcome {
  let stats: Stats;
  try {
    stats = statSync(file);
  } catch (error) {
    const { kind, detail } = errorDetail(error);
    return problem(kind, file, limits.what, detail);
  }
  if (!stats.isFile()) return problem("not-a-file", file, limits.what, `is ${fileType(stats)}, not a regular file`);
  return readCheckedFile(file, file, limits, { expected: stats, followLast: true });
}

export interface CheckedRead {
  /** The lstat (or stat) taken before opening: the opened file must be the same one. */
  expected?: Stats;
  /** Open through a symlink in the last component (user files); workspace files never do. */
  followLast?: boolean;
  /** Refuse a file with more than one name (a hard link may be a file from anywhere). */
  singleLink?: boolean;
}

/** A read's raw bytes (for a digest, where decoding would hide a changed byte). */
export interface ReadBytes {
  ok: true;
  bytes: Buffer;
  path: string;
  truncated: boolean;
}

/**
 * Opens `real` and reads at most `maxBytes + 1` bytes, checking the type, the link count and
 * the identity on the descriptor itself (what was checked by name may have been swapped).
 * `shown` is the path for messages.
 */
export function readCheckedFile(real: string, shown: string, limits: ReadLimits, check: CheckedRead = {}): ReadOutcome {
  return asText(readCheckedBytes(real, shown, limits, check));
}

/** The text of a bytes read (UTF-8), or its problem as it was. */
export function asText(read: ReadBytes | ReadProblem): ReadOutcome {
  if (!read.ok) return read;
  return { ok: true, text: read.bytes.toString("utf8"), path: read.path, truncated: read.truncated };
}

/** readCheckedFile's bytes, undecoded; a truncated read ends on a whole UTF-8 sequence. */
export function readCheckedBytes(real: string, shown: string, limits: ReadLimits, check: CheckedRead = {}): ReadBytes | ReadProblem {
  if (limits.overflow !== "truncate") {
    // A size known from the name is refused before anything is opened.
    const size = check.expected?.size;
    if (size !== undefined && size > limits.maxBytes) return tooLarge(shown, limits, size);
  }
  let fd: number;
  try {
    fd = openSync(real, check.followLast ? OPEN_FLAGS & ~(constants.O_NOFOLLOW ?? 0) : OPEN_FLAGS);
  } catch (error) {
    const { kind, detail } = errorDetail(error);
    return problem(kind, shown, limits.what, detail);
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) return problem("not-a-file", shown, limits.what, `is ${fileType(stats)}, not a regular file`);
    if (check.expected && (stats.ino !== check.expected.ino || stats.dev !== check.expected.dev)) {
      return problem("unreadable", shown, limits.what, "changed while it was being opened");
    }
    if (check.singleLink && stats.nlink > 1) {
      return problem("hard-linked", shown, limits.what, `has ${stats.nlink} hard links; a project file with more than one name may be a file from outside the workspace`);
    }
    if (limits.overflow !== "truncate" && stats.size > limits.maxBytes) return tooLarge(shown, limits, stats.size);
    const { bytes, length } = readCapped(fd, limits.maxBytes + 1, stats.size);
    if (length > limits.maxBytes) {
      // /proc-style files report size 0, so the cap is enforced on what was read, too.
      if (limits.overflow !== "truncate") return tooLarge(shown, limits);
      return { ok: true, bytes: bytes.subarray(0, utf8Boundary(bytes, limits.maxBytes)), path: real, truncated: true };
    }
    return { ok: true, bytes: bytes.subarray(0, length), path: real, truncated: false };
  } catch (error) {
    const { kind, detail } = errorDetail(error);
    return problem(kind, shown, limits.what, detail);
  } finally {
    closeSync(fd);
  }
}

function tooLarge(shown: string, limits: ReadLimits, size?: number): ReadProblem {
  const is = size === undefined ? `is over ${limits.maxBytes} bytes` : `is ${size} bytes`;
  return problem("too-large", shown, limits.what, `${is}; at most ${limits.maxBytes} bytes are read`);
}

/** Reads until end of file or `limit` bytes, growing the buffer only as data arrives. */
function readCapped(fd: number, limit: number, sizeHint: number): { bytes: Buffer; length: number } {
  let bytes = Buffer.allocUnsafe(Math.min(limit, Math.max(sizeHint + 1, CHUNK)));
  let length = 0;
  while (length < limit) {
    if (length === bytes.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, bytes.length * 2));
      bytes.copy(grown, 0, 0, length);
      bytes = grown;
    }
    const read = readSync(fd, bytes, length, bytes.length - length, null);
    if (read === 0) break;
    length += read;
  }
  return { bytes, length };
}

/** The largest length ≤ `max` that does not cut a UTF-8 sequence in two. */
function utf8Boundary(bytes: Buffer, max: number): number {
  let end = max;
  while (end > 0 && end > max - 4 && (bytes[end]! & 0xc0) === 0x80) end -= 1;
  return end;
}

/** lstat that reports instead of throwing. */
export function lstatOrProblem(file: string, shown: string, what: string): Stats | ReadProblem {
  try {
    return lstatSync(file);
  } catch (error) {
    const { kind, detail } = errorDetail(error);
    return problem(kind, shown, what, detail);
  }
}
