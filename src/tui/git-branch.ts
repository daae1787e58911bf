// The git branch for the footer, read from .git/HEAD (no git process on start-up). Works from
// any folder inside the repository; a worktree's .git file points at its real git dir.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";

function gitDir(start: string): string | undefined {
  for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, ".git");
    try {
      if (statSync(candidate).isDirectory()) return candidate;
      const pointer = /^gitdir:\s*(.+)$/m.exec(readFileSync(candidate, "utf8"))?.[1];
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
    const head = readFileSync(path.join(dir, "HEAD"), "utf8").trim();
    const ref = /^ref:\s*refs\/heads\/(.+)$/.exec(head)?.[1];
    return ref ?? (/^[0-9a-f]{7,}$/.test(head) ? head.slice(0, 7) : undefined);
  } catch {
    return undefined;
  }
}
