// One walk for "does anything under this folder make a recursive read unsafe?": the allowlist
// asks it about credential files (path-oracle.ts), the user rules about read deny rules
// (tool-path-rules.ts). Links are not followed; past a size limit the answer is "too large",
// which the callers treat as a problem, never as "nothing found".
import { readdirSync, type Dirent } from "node:fs";
import path from "node:path";

const MAX_TREE_ENTRIES = 50_000;

/**
 * The first problem `check` finds for an entry under `start` (a directory, absolute), or
 * `tooLarge` once more than 50,000 entries were seen. `skip` leaves an entry (and what is under it) out.
 */
export function firstInTree(
  start: string,
  check: (entry: Dirent, full: string) => string | undefined,
  tooLarge: string,
  skip?: (entry: Dirent) => boolean,
): string | undefined {
  let seen = 0;
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (skip?.(entry)) continue;
      if (++seen > MAX_TREE_ENTRIES) return tooLarge;
      const full = path.join(dir, entry.name);
      const problem = check(entry, full);
      if (problem) return problem;
      if (entry.isDirectory()) pending.push(full);
    }
  }
  return undefined;
}
