// The folders one session's sandbox owns (ADR 0037): its temp dir (TMPDIR inside), the home
// its commands see (a private, writable stand-in for $HOME), and the folder of the network
// proxy's socket. All sit under <tmpdir>/mini-agent-sandbox-<uid>/<random>/, mode 0700 at
// every level, so another user cannot read them; every user's parent in the temp dir is
// covered by an empty tmpfs inside the sandbox, so another session of the same user (whose
// commands run in their own sandbox) cannot see this one's either.
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

export const SANDBOX_DIR_PREFIX = "mini-agent-sandbox-";

export interface SandboxDirs {
  /** The session's folder; removed by dispose. */
  base: string;
  /** TMPDIR inside the sandbox. */
  tmp: string;
  /** Bound writable over $HOME inside the sandbox. */
  home: string;
  /** Holds the proxy's unix socket; never bound into a command's sandbox. */
  net: string;
  /** Every sandbox folder in the temp dir (this one's parent included): hidden inside, then this session's own bound back. */
  hiddenParents: string[];
  dispose(): void;
}

/** The per-user parent, if it is ours: a folder (not a link) we own, closed to others. */
function ownParent(tmp: string): string | undefined {
  const uid = process.getuid?.();
  if (uid === undefined) return undefined;
  const parent = path.join(tmp, `${SANDBOX_DIR_PREFIX}${uid}`);
  try {
    mkdirSync(parent, { mode: 0o700 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") return undefined;
  }
  const stats = lstatSync(parent);
  // Someone else made it first (a shared /tmp): never use a folder another user controls.
  if (!stats.isDirectory() || stats.uid !== uid) return undefined;
  if ((stats.mode & 0o077) !== 0) chmodSync(parent, 0o700);
  return parent;
}

export function makeSandboxDirs(): SandboxDirs {
  const tmp = realpathSync(os.tmpdir());
  const parent = ownParent(tmp);
  const base = parent ? mkdtempSync(path.join(parent, "s-")) : mkdtempSync(path.join(tmp, `${SANDBOX_DIR_PREFIX}${process.getuid?.() ?? "x"}-`));
  const dirs = { tmp: path.join(base, "tmp"), home: path.join(base, "home"), net: path.join(base, "net") };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { mode: 0o700 });
  let hiddenParents: string[];
  try {
    // Each user's parent (ours and any other's); each is one mount more for every command, so
    // not the one-folder-per-session names of older versions, of which a machine can hold many.
    hiddenParents = readdirSync(tmp)
      .filter((name) => new RegExp(`^${SANDBOX_DIR_PREFIX}\\d+(-|$)`).test(name))
      .map((name) => path.join(tmp, name));
  } catch {
    hiddenParents = [];
  }
  if (parent && !hiddenParents.includes(parent)) hiddenParents.push(parent);
  return { base, ...dirs, hiddenParents, dispose: () => rmSync(base, { recursive: true, force: true }) };
}
