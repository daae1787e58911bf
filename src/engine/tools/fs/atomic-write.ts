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
import { randomBytes } from "node:crypto";
import { realpathSync } from "node:fs";
import { open, rename, stat, unlink } from "node:fs/promises";
import path from "node:path";
import { ToolError } from "../tool.js";

/** `absolute` is the jail-resolved real path; `recheck` resolves the user's path again. */
export async function writeFileAtomic(absolute: string, content: string, recheck: () => string): Promise<void> {
  const dir = path.dirname(absolute);
  const mode = await stat(absolute).then((info) => info.mode & 0o7777, () => 0o666);
  const temp = path.join(dir, `.${path.basename(absolute)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await open(temp, "wx", mode);
  try {
    await handle.writeFile(content, "utf8");
    await handle.chmod(mode).catch(() => undefined); // umask narrowed it; keep the old mode
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
