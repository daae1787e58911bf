// The git branch for the footer, read from .git/HEAD (no git process on start-up). Works from
// any folder inside the repository; a worktree's .git file points at its real git dir.
// The repository may have arrived with its metadata (a tarball, a zip), so `.git` or HEAD can be
// a FIFO, a device or a link to /proc/self/pagemap, which reports size 0 and never ends: every
// read goes through the engine's bounded reader (regular file on the descriptor, 4 KiB at most).
import { statSync } from "node:fs";
import path from "node:path";
import { readUserFile } from "../engine/index.js";

const MAX_BYTES = 4096;

/** A small regular file's text, or undefined. */
function readSmallFile(file: string): string | undefined {
  const read = readUserFile(file, { maxBytes: MAX_BYTES, what: "git metadata" });
  return read.ok ? read.text : undefined;
}

function gitDir(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, ".git");
    try {
      if (statSync(candidate).isDirectory()) return candidate;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readSmallFile(candidate) ?? "")?.[1];
      if (pointer) return path.resolve(dir, pointer.trim());
    } catch {
      // no .git here; go up
    }
    if (path.dirname(dir) === dir) return undefined;
  }
}

/** The branch name, a short commit for a detached HEAD, or undefined outside a repository. */
export function gitBranch(cwd: string): string | undefined {
  const dir = gitDir(cwd);
  if (!dir) return undefined;
  const head = readSmallFile(path.join(dir, "HEAD"))?.trim();
  if (head === undefined) return undefined;
  const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1];
  return ref ?? (/^[0-9a-f]{7,}$/.test(head) ? head.slice(0, 7) : undefined);
}
