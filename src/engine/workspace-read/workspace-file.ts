// The jail for files mini-agent reads from a workspace on its own account (AGENTS.md,
// .agent.md, .agent.json, project skills and guard plugins). A cloned repository is untrusted:
// `AGENTS.md -> ~/.ssh/id_rsa` would send the key to the model, `AGENTS.md -> /dev/zero` would
// run the process out of memory. So every symlink is resolved and the real path must stay
// inside the real root; the credential stores the file tools refuse (jail-denied.ts) and the
// agent home are refused even when the workspace contains them; the file must be a regular
// file with one name; and it is read through bounded-read.ts, never whole.
import { realpathSync, type Stats } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDeniedPaths, type DeniedPaths } from "../tools/jail/jail-denied.js";
import { isInside, resolveSymlinks } from "../tools/jail/jail-symlinks.js";
import { asText, errorDetail, fileType, lstatOrProblem, problem, readCheckedBytes, type ReadBytes, type ReadLimits, type ReadOutcome, type ReadProblem } from "../bounded-read.js";

export interface WorkspaceReadOptions extends ReadLimits {
  /** The user's home, whose credential stores are refused; default: os.homedir(). */
  home?: string;
  /** More directories never read, wherever they are: the agent home. */
  deniedDirs?: readonly string[];
  /** How messages name the root: "the workspace" (default), "skill deploy's folder". */
  rootName?: string;
}

export interface InsidePath {
  ok: true;
  /** Every symlink resolved; inside the real root. */
  real: string;
  /** The path as given, absolute, for messages. */
  shown: string;
}

// Pseudo file systems: /proc/self/environ is a "regular file" of size 0 holding the
// environment, so being a regular file is not enough where the workspace is / itself.
const SYSTEM_DIRS = process.platform === "win32" ? [] : ["/proc", "/sys", "/dev"];

const deniedCache = new Map<string, DeniedPaths>();

function deniedPaths(options: Pick<WorkspaceReadOptions, "home" | "deniedDirs">): DeniedPaths {
  const home = options.home ?? os.homedir();
  const extra = [...(options.deniedDirs ?? []), ...SYSTEM_DIRS];
  const key = JSON.stringify([home, extra]);
  let denied = deniedCache.get(key);
  if (!denied) deniedCache.set(key, (denied = createDeniedPaths(home, extra)));
  return denied;
}

/**
 * Where `file` (relative to `root`, or absolute) really leads, if that is inside the real
 * root and not a denied path. The file itself need not exist (its parent folders are followed).
 */
export function resolveInside(root: string, file: string, options: Omit<WorkspaceReadOptions, "maxBytes">): InsidePath | ReadProblem {
  const rootName = options.rootName ?? "the workspace";
  const given = path.resolve(root);
  const shown = path.resolve(given, file);
  let realRoot: string;
  try {
    realRoot = realpathSync(given);
  } catch (error) {
    return problem(errorDetail(error).kind, shown, options.what, `cannot be read: ${rootName} ${given} ${errorDetail(error).detail}`);
  }
  // The path as written must start inside the root (either spelling of it) …
  const base = isInside(given, shown) ? given : isInside(realRoot, shown) ? realRoot : undefined;
  if (base === undefined) return problem("outside", shown, options.what, `is outside ${rootName} ${given}`);
  const lexical = path.join(realRoot, path.relative(base, shown));
  let real: string;
  try {
    real = resolveSymlinks(lexical);
  } catch (error) {
    // A symlink loop (resolveSymlinks counts the hops as the kernel does), or an unreadable folder.
    const looped = /too many levels/.test((error as Error).message);
    return problem("unreadable", shown, options.what, looped ? "has too many levels of symbolic links (a loop?)" : errorDetail(error).detail);
  }
  // … and where it really leads must be inside it too.
  if (!isInside(realRoot, real)) {
    const how = real === lexical ? "is" : `resolves through a symlink to ${real},`;
    return problem("outside", shown, options.what, `${how} outside ${rootName} ${realRoot}`);
  }
  const reason = deniedPaths(options).reason(real);
  if (reason) return problem("denied", shown, options.what, `${real === lexical ? "is refused" : `resolves to ${real}, refused`}: ${reason}`);
  return { ok: true, real, shown };
}

/**
 * Reads a file of the workspace (or of a folder inside it, passed as `root`): the text, or a
 * problem naming the file. `kind: "missing"` is the common case of a file that is not there.
 */
export function readWorkspaceFile(root: string, file: string, options: WorkspaceReadOptions): ReadOutcome {
  return asText(readWorkspaceBytes(root, file, options));
}

/** readWorkspaceFile's bytes, undecoded (the trust digest hashes them). */
export function readWorkspaceBytes(root: string, file: string, options: WorkspaceReadOptions): ReadBytes | ReadProblem {
  const inside = resolveInside(root, file, options);
  if (!inside.ok) return inside;
  const { real, shown } = inside;
  const stats = lstatOrProblem(real, shown, options.what);
  if (!isStats(stats)) return stats;
  // resolveInside followed every link, so a link here appeared since: refuse rather than chase it.
  if (stats.isSymbolicLink()) return problem("unreadable", shown, options.what, "changed while it was being opened");
  if (!stats.isFile()) return problem("not-a-file", shown, options.what, `is ${fileType(stats)}, not a regular file`);
  const read = readCheckedBytes(real, shown, options, { expected: stats, singleLink: true });
  if (!read.ok) return read;
  // A parent folder swapped for a symlink between the checks and the open would lead elsewhere;
  // the identity check on the descriptor catches a swapped file, this a swapped folder.
  const again = resolveInside(root, file, options);
  if (!again.ok || again.real !== real) return problem("unreadable", shown, options.what, "changed while it was being read");
  return read;
}

/**
 * A folder that must stay inside `container` (e.g. a skill folder inside `.agents/skills`),
 * which must itself stay inside the workspace: its real path, or why not.
 */
export function folderInside(
  workspace: string,
  container: string,
  name: string,
  options: Omit<WorkspaceReadOptions, "maxBytes" | "rootName"> & { containerName?: string },
): InsidePath | ReadProblem {
  const box = resolveInside(workspace, container, options);
  if (!box.ok) return box;
  const inner = resolveInside(box.real, name, { ...options, rootName: options.containerName ?? container });
  if (!inner.ok) return inner;
  const stats = lstatOrProblem(inner.real, inner.shown, options.what);
  if (!isStats(stats)) return stats;
  if (!stats.isDirectory()) return problem("not-a-file", inner.shown, options.what, `is ${fileType(stats)}, not a folder`);
  return inner;
}

function isStats(value: Stats | ReadProblem): value is Stats {
  return !("ok" in value);
}
