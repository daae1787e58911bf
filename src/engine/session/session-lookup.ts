// Where a session that is not this workspace's lives, for the message of a failed -r / -c:
// ids are unique across the home, so a session under another workspace's folder is named with
// its workspace rather than reported missing. Resuming it from here would run it in the wrong
// folder, so the lookup only informs; nothing here creates a folder.
import { closeSync, openSync, readSync } from "node:fs";
import path from "node:path";
import { SessionStore } from "./session.js";

/** The workspace (header `cwd`) of session `id` under another workspace's folder, if any. */
export function workspaceOfSession(home: string, id: string): { cwd: string; file: string } | undefined {
  for (const store of SessionStore.all(home)) {
    if (!store.exists(id)) continue;
    const file = store.fileFor(id);
    return { cwd: headerCwd(file) ?? path.dirname(file), file };
  }
  return undefined;
}

/** The nearest folder above `cwd` that has sessions (`-c` run from a subfolder of a project). */
export function nearestAncestorWithSessions(home: string, cwd: string): string | undefined {
  let dir = path.resolve(cwd);
  for (let parent = path.dirname(dir); parent !== dir; dir = parent, parent = path.dirname(dir)) {
    if (new SessionStore(home, parent).newest() !== undefined) return parent;
  }
  return undefined;
}

/** The header's cwd; the first line only (a header is small, a session may not be). */
function headerCwd(file: string): string | undefined {
  try {
    const fd = openSync(file, "r");
    try {
      const buffer = Buffer.alloc(64 * 1024);
      const read = readSync(fd, buffer, 0, buffer.length, 0);
      const line = buffer.subarray(0, read).toString("utf8").split("\n", 1)[0]!;
      const cwd = (JSON.parse(line) as { cwd?: unknown }).cwd;
      return typeof cwd === "string" && cwd !== "" ? cwd : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}
