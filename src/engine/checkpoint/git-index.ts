// Reads the entries of a private checkpoint index (git's index format, versions 2 and 3) with
// no git process. The index lists every saved path with the stat data git refreshed while
// adding it, which lets the snapshot re-read a file's permission bits only when its ctime or
// inode moved (file-modes.ts): a stat per changed file, not per file.
import { readFileSync } from "node:fs";

export interface IndexEntry {
  path: string;
  /** git's mode: 0o100644, 0o100755, 0o120000 (symlink) or 0o160000 (a nested repository). */
  mode: number;
  ctimeSec: number;
  ctimeNsec: number;
  /** The low 32 bits of the inode number, as git stores it. */
  ino: number;
}

export const GITLINK = 0o160000;
export const SYMLINK = 0o120000;

/** The index's entries; none when it does not exist yet. Throws on a version it cannot read. */
export function readIndexEntries(file: string): IndexEntry[] {
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  if (bytes.length < 12 || bytes.toString("latin1", 0, 4) !== "DIRC") throw new Error(`checkpoint: ${file} is not a git index`);
  const version = bytes.readUInt32BE(4);
  // Our store never asks for version 4 (prefix-compressed paths): no config of ours sets it.
  if (version !== 2 && version !== 3) throw new Error(`checkpoint: index version ${version} is not read here`);
  const count = bytes.readUInt32BE(8);
  const entries: IndexEntry[] = [];
  let at = 12;
  for (let i = 0; i < count; i++) {
    if (at + 62 > bytes.length) throw new Error(`checkpoint: ${file} ends inside an entry`);
    const flags = bytes.readUInt16BE(at + 60);
    const extended = version === 3 && (flags & 0x4000) !== 0;
    const pathStart = at + 62 + (extended ? 2 : 0);
    const nameLength = flags & 0xfff;
    const pathEnd = nameLength < 0xfff ? pathStart + nameLength : bytes.indexOf(0, pathStart);
    if (pathEnd < 0 || pathEnd > bytes.length) throw new Error(`checkpoint: ${file} has a path that does not end`);
    entries.push({
      path: bytes.toString("utf8", pathStart, pathEnd),
      mode: bytes.readUInt32BE(at + 24),
      ctimeSec: bytes.readUInt32BE(at),
      ctimeNsec: bytes.readUInt32BE(at + 4),
      ino: bytes.readUInt32BE(at + 20),
    });
    // Each entry is padded with 1–8 NULs to a multiple of eight bytes from its start.
    at += (pathEnd - at + 8) & ~7;
  }
  return entries;
}
