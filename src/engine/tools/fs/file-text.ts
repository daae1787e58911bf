// Shared file checks for the file tools: binary detection and reading a file as text
// exactly as it is on disk (BOM and CRLF kept, so edits can preserve them).
import { readSync } from "node:fs";
import { stat } from "node:fs/promises";
import { notRegularError, openRegular, withRegularFileSync } from "./regular-file.js";
import { ToolError } from "../tool.js";

/** Bytes sniffed for a NUL, as git and ripgrep do. */
export const BINARY_SNIFF_BYTES = 8192;
/** Files above this are not loaded whole by edit/write (read_file streams instead). */
export const MAX_EDIT_BYTES = 10 * 1024 * 1024;

export function hasNul(bytes: Uint8Array): boolean {
  return bytes.indexOf(0) !== -1;
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

/** The file as text, or undefined when it does not exist. Refuses directories, binaries, giants. */
export async function readTextForEdit(absolute: string, display: string): Promise<string | undefined> {
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
  // Opened without blocking and checked again: a FIFO may have taken the file's place.
  const { handle, stats } = await openRegular(absolute, display);
  try {
    if (stats.size > MAX_EDIT_BYTES) {
      throw new ToolError(`${display} is ${stats.size} bytes; files over ${MAX_EDIT_BYTES} bytes are not edited by tools`);
    }
    const bytes = await handle.readFile();
    if (hasNul(bytes.subarray(0, BINARY_SNIFF_BYTES))) throw new ToolError(`${display} is a binary file (NUL byte in the first 8 KB)`);
    return bytes.toString("utf8");
  } finally {
    await handle.close();
  }
}
