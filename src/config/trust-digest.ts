// The content digests trust records for workspace files (docs/adr/0064). This runs before the
// project is trusted, on paths a cloned repository chose, so every read goes through the
// workspace reader: jailed to the workspace (no `/proc/self/mem` behind a symlink), a regular
// file with one name, opened non-blocking, never more than a cap. A file that cannot be read so
// is digested as the refusal plus what stat says of it, which still changes when it does.
import { createHash } from "node:crypto";
import { lstatSync, readdirSync, readlinkSync, statSync, type Dirent } from "node:fs";
import path from "node:path";
import { readWorkspaceBytes, resolveInside } from "../engine/workspace-read/workspace-file.js";

/** Files above this are digested as a refusal (size and change time), not read. */
const MAX_DIGESTED_BYTES = 16 * 1024 * 1024;
/** A script folder's walk: at most this many entries, and this many bytes read in all. */
const MAX_FOLDER_ENTRIES = 2000;
const MAX_FOLDER_BYTES = 64 * 1024 * 1024;

export interface DigestContext {
  workspace: string;
  /** The agent home, never read even when it is inside the workspace. */
  agentHome?: string;
}

/** sha256 of the file's bytes; "missing"; or the refusal and the file's stat data. */
export function fileDigest(context: DigestContext, file: string, maxBytes = MAX_DIGESTED_BYTES): string {
  const read = readWorkspaceBytes(context.workspace, file, { maxBytes, ...jail(context) });
  if (read.ok) return createHash("sha256").update(read.bytes).digest("hex");
  if (read.kind === "missing") return "missing";
  return `refused: ${read.detail} (${statLine(file)})`;
}

function jail(context: DigestContext) {
  return { what: "file", ...(context.agentHome ? { deniedDirs: [context.agentHome] } : {}) };
}

/** stat (links followed) never opens the file, so a FIFO or a device cannot block it. */
function statLine(file: string): string {
  try {
    const stats = statSync(file, { bigint: true });
    return `${stats.dev}:${stats.ino}:${stats.mode}:${stats.size}:${stats.mtimeNs}:${stats.ctimeNs}`;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "unstattable";
  }
}

/**
 * Every entry under `folder` (a named script's folder), by path relative to the workspace:
 * a regular file's digest, a link's target, a folder's presence. Bounded: past the caps the
 * rest is digested by stat data, and past the entry cap a count says the walk stopped.
 */
export function folderDigests(context: DigestContext, folder: string): Record<string, string> {
  const out: Record<string, string> = {};
  const shownFolder = path.relative(context.workspace, folder);
  // The folder itself may be a link: only a real folder inside the workspace is walked.
  const real = resolveInside(context.workspace, folder, jail(context));
  if (!real.ok) return { [shownFolder]: `refused: ${real.detail}` };
  let entries = 0;
  let bytes = 0;
  const walk = (dir: string, shown: string): void => {
    let dirents: Dirent[];
    try {
      dirents = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      out[shown] = `unlistable: ${(error as NodeJS.ErrnoException).code ?? "?"}`;
      return;
    }
    for (const dirent of dirents.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const full = path.join(dir, dirent.name);
      const key = path.join(shown, dirent.name);
      if (++entries > MAX_FOLDER_ENTRIES) {
        out[path.join(shownFolder, "…")] = `more than ${MAX_FOLDER_ENTRIES} entries; the rest is not digested`;
        return;
      }
      if (dirent.isDirectory()) {
        out[key] = "folder";
        walk(full, key);
        if (entries > MAX_FOLDER_ENTRIES) return;
      } else if (dirent.isSymbolicLink()) out[key] = `link to ${linkTarget(full)}`;
      else if (dirent.isFile() && bytes < MAX_FOLDER_BYTES) {
        out[key] = fileDigest(context, full);
        bytes += sizeOf(full);
      } else out[key] = `not read: ${statLine(full)}`;
    }
  };
  walk(real.real, shownFolder);
  return out;
}

function linkTarget(file: string): string {
  try {
    return readlinkSync(file);
  } catch {
    return "?";
  }
}

function sizeOf(file: string): number {
  try {
    return lstatSync(file).size;
  } catch {
    return 0;
  }
}
