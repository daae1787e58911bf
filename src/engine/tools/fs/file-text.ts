// Shared file checks for the file tools: binary detection and reading a file as text
// exactly as it is on disk (BOM, CRLF and bytes that are not UTF-8 kept, so edits preserve them).
import { createHash } from "node:crypto";
import { readSync, type Stats } from "node:fs";
import { stat } from "node:fs/promises";
import path from "node:path";
import { decodeLossless } from "./byte-text.js";
import { notRegularError, openRegular, withRegularFileSync } from "./regular-file.js";
import type { Jail } from "../jail/jail.js";
import { ToolError, type ToolContext } from "../tool.js";

/** Bytes sniffed for a NUL, as git and ripgrep do. */
export const BINARY_SNIFF_BYTES = 8192;
/** Files above this are not loaded whole by edit/write (read_file streams instead). */
export const MAX_EDIT_BYTES = 10 * 1024 * 1024;

export function hasNul(bytes: Uint8Array): boolean {
  return bytes.indexOf(0) !== -1;
}

/**
 * "UTF-16 LE" or "UTF-16 BE" when the bytes open with that byte order mark. Such a file is text
 * (Windows tools write it) but full of NULs: calling it binary would send the model looking
 * for the wrong cause.
 */
export function utf16Of(head: Uint8Array): string | undefined {
  if (head[0] === 0xff && head[1] === 0xfe) return "UTF-16 LE";
  if (head[0] === 0xfe && head[1] === 0xff) return "UTF-16 BE";
  return undefined;
}

/** The error for a UTF-16 file, which the file tools neither show nor edit. */
export function utf16Error(shown: string, encoding: string): ToolError {
  return new ToolError(
    `${shown} is ${encoding} text (it starts with a byte order mark); the file tools read and edit UTF-8 only. ` +
      `To work on it, convert it first: iconv -f UTF-16 -t UTF-8 (and back, if it must stay ${encoding}).`,
  );
}

/**
 * True when the first 8 KB of the file contain a NUL byte, or it is no regular file (a FIFO is
 * never read); synchronously: three syscalls beat three thread-pool round trips per file.
 */
export function isBinaryFileSync(absolute: string): boolean {
  const binary = withRegularFileSync(absolute, (fd) => {
    const buffer = Buffer.alloc(BINARY_SNIFF_BYTES);
    const bytesRead = readSync(fd, buffer, 0, BINARY_SNIFF_BYTES, 0);
    return hasNul(buffer.subarray(0, bytesRead));
  });
  return binary ?? true;
}

export interface FileText {
  /** Lossless: bytes that are not UTF-8 are escaped (byte-text.ts). */
  text: string;
  /** False when the file is not valid UTF-8 (latin-1, say). */
  utf8: boolean;
  /** SHA-256 of the bytes: what a preview showed, checked again before the write. */
  digest: string;
}

/** The state a preview was made from: the file's digest, or "absent". */
export const stateOf = (file: FileText | undefined): string => file?.digest ?? "absent";

/**
 * The approved preview was made from another state of the file (a person or a command changed
 * it while the question waited): the change approved is not the one that would be made.
 */
export function changedSincePreview(shown: string, file: FileText | undefined, context: ToolContext): void {
  if (context.previewBasis === undefined || context.previewBasis === stateOf(file)) return;
  throw new ToolError(
    `${shown} changed on disk while this call waited for approval, so it is no longer what the approved preview showed; nothing was written. ` +
      "Read it again and redo the change if it is still wanted.",
  );
}

/** Said under a diff of a file that is not UTF-8, whose other bytes show as `\xNN`. */
export function notUtf8Note(shown: string, file: FileText | undefined): string {
  return file && !file.utf8 ? `\n\n(${shown} is not valid UTF-8: its bytes that are not, shown as \\xNN, are kept exactly as they are)` : "";
}

/** The real path a write goes to; a path ending in a slash names a folder, never a file. */
export function writeTarget(jail: Jail, userPath: string): string {
  if (userPath.endsWith("/") || userPath.endsWith(path.sep)) throw new ToolError(`${JSON.stringify(userPath)} ends in a slash, so it names a folder; give the path of a file`);
  return jail.resolveWrite(userPath);
}

/**
 * A file nobody may write (chmod a-w: a generated file, a vendored copy, a lock someone set)
 * is refused, as an editor refuses it without `w!`. The atomic rename would replace it anyway,
 * since renaming needs only the folder's permission, and root passes every access check.
 */
function refuseReadOnly(display: string, info: Stats): void {
  if ((info.mode & 0o222) !== 0) return;
  const mode = (info.mode & 0o777).toString(8).padStart(4, "0");
  throw new ToolError(
    `${display} is read-only (mode ${mode}), so nothing was written. If the change is wanted, make it writable first (chmod u+w) or ask the user.`,
  );
}

/** The file as a write would replace it, or undefined when it does not exist. Refuses directories, read-only files, binaries, giants. */
export async function readTextForEdit(absolute: string, display: string): Promise<FileText | undefined> {
  let info;
  try {
    info = await stat(absolute);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined; // a write reports the ENOTDIR itself
    throw error;
  }
  if (info.isDirectory()) throw new ToolError(`${display} is a directory`);
  if (!info.isFile()) throw notRegularError(display, info);
  refuseReadOnly(display, info);
  // Opened without blocking and checked again: a FIFO may have taken the file's place.
  const { handle, stats } = await openRegular(absolute, display);
  try {
    if (stats.size > MAX_EDIT_BYTES) {
      throw new ToolError(`${display} is ${stats.size} bytes; files over ${MAX_EDIT_BYTES} bytes are not edited by tools`);
    }
    const bytes = await handle.readFile();
    const utf16 = utf16Of(bytes);
    if (utf16) throw utf16Error(display, utf16);
    if (hasNul(bytes.subarray(0, BINARY_SNIFF_BYTES))) throw new ToolError(`${display} is a binary file (NUL byte in the first 8 KB)`);
    return { ...decodeLossless(bytes), digest: createHash("sha256").update(bytes).digest("hex") };
  } finally {
    await handle.close();
  }
}
