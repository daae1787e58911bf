// Writes a file the way an editor should: into a temp file in the same directory, then a
// rename over the target. A reader never sees half a file, a hard link elsewhere keeps its
// old content (the name is replaced, not the shared inode), and the directory's real path is
// checked again just before the rename, so a symlink swapped into the path while we wrote
// cannot redirect the write outside the workspace.
//
// What remains: between that last check and rename(2) the kernel resolves the path once more;
// a swap in that window (microseconds, needing a racing process) is not caught. Node has no
// renameat() on a held directory descriptor, which would close it. The sandbox, where
// active, confines such a process anyway.
//
// The new inode gets what a rewrite in place would have kept, as `cp -p` does: the old owner
// and group where this process may set them (root may, an owner may pick one of its groups),
// then the old mode; a setuid or setgid bit only where that owner or group was kept, so a
// file never becomes setuid to whoever ran the agent. Extended attributes and ACLs are not
// copied (Node has no API for them): a file that carries them loses them, as with most editors.
import { randomBytes } from "node:crypto";
import { realpathSync, type Stats } from "node:fs";
import { open, rename, stat, unlink, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "../tool.js";

/** The longest file name most file systems take, in bytes (NAME_MAX). */
const NAME_MAX = 255;

/** `.<name>.<12 hex>.tmp`, with the name cut (on a character boundary) to fit NAME_MAX. */
export function tempNameFor(base: string, random: string): string {
  const room = NAME_MAX - Buffer.byteLength(`..${random}.tmp`);
  let name = base;
  while (Buffer.byteLength(name) > room) name = [...name].slice(0, -1).join("");
  return `.${name}.${random}.tmp`;
}

/** Owner, group, then mode bits: a set-id bit only where its owner or group is the old one. */
async function keepOwnership(handle: FileHandle, old: Stats): Promise<void> {
  await handle.chown(old.uid, old.gid).catch(() => handle.chown(-1, old.gid)).catch(() => undefined);
  const now = await handle.stat();
  let mode = old.mode & 0o7777;
  if (now.uid !== old.uid) mode &= ~0o4000;
  if (now.gid !== old.gid) mode &= ~0o2000;
  // chown cleared any set-id bits the kernel saw; the mode is set after it.
  await handle.chmod(mode).catch(() => undefined);
}

/** `absolute` is the jail-resolved real path; `recheck` resolves the user's path again. */
export async function writeFileAtomic(absolute: string, content: string | Uint8Array, recheck: () => string): Promise<void> {
  const dir = path.dirname(absolute);
  const old = await stat(absolute).catch(() => undefined);
  const temp = path.join(dir, tempNameFor(path.basename(absolute), randomBytes(6).toString("hex")));
  // A new file gets 0666 less the umask, as `>` and editors give it; an old one its own mode.
  const handle = await open(temp, "wx", 0o666);
  try {
    await handle.writeFile(content);
    if (old) await keepOwnership(handle, old);
  } catch (error) {
    await handle.close();
    await unlink(temp).catch(() => undefined);
    throw error;
  }
  await handle.close();
  let swapped = false;
  try {
    swapped = realpathSync(dir) !== dir || recheck() !== absolute;
  } catch {
    swapped = true;
  }
  if (swapped) {
    // The temp file's old path may now lead outside: it is left where it is, not unlinked by name.
    throw new ToolError(`${absolute} changed while it was being written (a symlink appeared in its path); nothing was written`);
  }
  try {
    await rename(temp, absolute);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw error;
  }
}
