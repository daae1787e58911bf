// The git branch for the footer, read from .git/HEAD (no git process on start-up). Works from
// any folder inside the repository; a worktree's .git file points at its real git dir.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

/** A small regular file's text: a FIFO or device planted as `.git` or HEAD must not hang the footer. */
function readSmallFile(file: string): string {
  const stats = statSync(file);
  if (!stats.isFile() || stats.size > 4096) throw new Error(`${file} is not a small regular file`);
  return readFileSync(file, "utf8");
}

function gitDir(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, ".git");
    try {
      if (statSync(candidate).isDirectory()) return candidate;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readSmallFile(candidate))?.[1];
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
  try {
    const head = readSmallFile(path.join(dir, "HEAD")).trim();
    const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1];
    return ref ?? (/^[0-9a-f]{7,}$/.test(head) ? head.slice(0, 7) : undefined);
  } catch {
    return undefined;
  }
}
