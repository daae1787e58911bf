// One temporary root per test run. vitest.config.ts makes it and points TMPDIR (TMP, TEMP) at
// it, so every mkdtemp(os.tmpdir()) in a test, and in the processes tests spawn, lands inside;
// this file's global setup removes it when the run ends. Tests need not clean up after
// themselves for the machine's temp dir to stay small (it once held 22,000 leftovers, and a
// session's start lists the temp dir to find sandbox folders).
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

export const TEMP_ROOT_PREFIX = "mini-agent-tests-";
/** Set in the workers' env next to TMPDIR: a test can tell the run's root from a TMPDIR set elsewhere. */
export const TEMP_ROOT_VARIABLE = "MINI_AGENT_TEST_TMP_ROOT";
/** Names the process that owns a root, so a later run can remove the root of one that died. */
const OWNER_FILE = ".owner-pid";

export interface TempRoot {
  root: string;
  /** The test HOME, inside the root. */
  home: string;
}

/** Called by vitest.config.ts in the main process; removes roots of runs that died first. */
export function makeTempRoot(parent: string = os.tmpdir()): TempRoot {
  sweepDeadRoots(parent);
  const root = mkdtempSync(path.join(parent, TEMP_ROOT_PREFIX));
  // Others may pass through (not list), as through /tmp: a test running as root drops a child
  // to another account in a folder it made for it (critical-guard.test.ts).
  chmodSync(root, 0o711);
  writeFileSync(path.join(root, OWNER_FILE), String(process.pid));
  const home = path.join(root, "home");
  mkdirSync(home, { mode: 0o700 });
  return { root, home };
}

/** The variables that send a worker's (and its children's) temporary files into the root; tmux's sockets too. */
export function tempRootEnv(root: string): Record<string, string> {
  return { TMPDIR: root, TMP: root, TEMP: root, TMUX_TMPDIR: root, [TEMP_ROOT_VARIABLE]: root };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, as another user's process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A run stopped by Ctrl-C or a crash never reaches its teardown: its root goes at the next run. */
export function sweepDeadRoots(parent: string): void {
  let names: string[];
  try {
    names = readdirSync(parent).filter((name) => name.startsWith(TEMP_ROOT_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const root = path.join(parent, name);
    let pid: number;
    try {
      pid = Number(readFileSync(path.join(root, OWNER_FILE), "utf8"));
    } catch {
      continue; // not ours to judge (another user's, or mid-creation)
    }
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) removeTree(root);
  }
}

/** Gives the owner back every right on each folder below, so tests' read-only folders can be emptied. */
function openFolders(dir: string): void {
  try {
    chmodSync(dir, 0o700);
    for (const name of readdirSync(dir)) {
      const child = path.join(dir, name);
      // lstat: never follow a link out of the tree.
      if (lstatSync(child).isDirectory()) openFolders(child);
    }
  } catch {
    // Another user's file, or already gone: the second rmSync reports what truly stays.
  }
}

/** rm -rf that also gets through folders a test made read-only or unlistable. */
export function removeTree(dir: string): void {
  try {
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  } catch {
    openFolders(dir);
    rmSync(dir, { recursive: true, force: true, maxRetries: 2 });
  }
}

/** Global setup: its teardown removes the root the config made, once every worker has ended. */
export default function tempRootTeardown(project: TestProject): () => void {
  const root = project.config.env[TEMP_ROOT_VARIABLE];
  return () => {
    // Only a root this file made: never remove a TMPDIR someone pointed elsewhere.
    if (root && path.basename(root).startsWith(TEMP_ROOT_PREFIX)) removeTree(root);
  };
}
