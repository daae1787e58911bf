// Hard links out of the workspace (ADR 0051). A mount is read-only per mount, not per inode: a
// sandboxed write through a workspace name of a file that also has a name outside changes the
// outside file too. Git never makes hard links, so a cloned repository holds none; they come
// from the user's own tools (pnpm and bun link installs to a global store, `cp -al`, backup
// trees), and inside the sandbox no new one can reach out (link(2) does not cross mounts).
// So the walk before a command lists them and the sandbox mounts each read-only.
import { readdirSync } from "node:fs";
import path from "node:path";
import { lstatIfAny } from "./real-path.js";

/** Package managers' stores of hard links into a global cache, beside a node_modules they installed. */
const LINKED_STORE_NAMES = [".pnpm", ".bun"];

/**
 * In one node_modules (absolute): the linked stores that exist, and every package folder whose
 * manifest has more than one name (bun's hoisted installs on Linux, yarn's hardlinks-global).
 * One lstat per package, not per file: node_modules is not walked (a dependency's files run anyway).
 */
export function linkedInNodeModules(nodeModules: string): string[] {
  const found = LINKED_STORE_NAMES.map((name) => path.join(nodeModules, name)).filter((tree) => lstatIfAny(tree)?.isDirectory());
  const packages = (folder: string, scoped: boolean) => {
    for (const dirent of readDirOrNone(folder)) {
      // A symlinked package leads into a store (listed above) or elsewhere in the workspace (walked).
      if (!dirent.isDirectory() || dirent.name.startsWith(".")) continue;
      const pkg = path.join(folder, dirent.name);
      if (!scoped && dirent.name.startsWith("@")) packages(pkg, true);
      else if ((lstatIfAny(path.join(pkg, "package.json"))?.nlink ?? 0n) > 1n) found.push(pkg);
    }
  };
  packages(nodeModules, false);
  return found;
}

const MAX_FILE_MOUNTS = 256;

/** One folder's files with more than one name, as last found, and the folder's state then. */
export interface FolderLinks {
  key: string;
  files: { name: string; id: string; nlink: number }[];
}

/**
 * Kept per session: a folder whose identity and times are as they were is not lstat'ed file by
 * file again. A link count changes only with a name added or removed; inside the workspace that
 * changes the folder, and a sandboxed command cannot add a name outside (link(2) does not cross
 * mounts). A name the user adds outside, to a file already here, waits for the folder to change.
 */
export type LinkCache = Map<string, FolderLinks>;

/** Regular files with more than one name, by `dev:ino`, as the walk meets them folder by folder. */
export class LinkTally {
  private readonly byId = new Map<string, { nlink: number; names: string[] }>();

  constructor(private readonly cache: LinkCache) {}

  /** `folder` (absolute) holds the regular files `names` the walk met there. */
  noteFolder(folder: string, names: readonly string[]): void {
    if (names.length === 0) return;
    const stats = lstatIfAny(folder);
    const key = stats ? `${stats.ino}:${stats.mtimeNs}:${stats.ctimeNs}` : "";
    let known = this.cache.get(folder);
    if (!known || known.key !== key || !key) {
      known = { key, files: [] };
      for (const name of names) {
        const file = lstatIfAny(path.join(folder, name));
        if (file?.isFile() && file.nlink > 1n) known.files.push({ name, id: `${file.dev}:${file.ino}`, nlink: Number(file.nlink) });
      }
      this.cache.set(folder, known);
    }
    for (const { name, id, nlink } of known.files) {
      const seen = this.byId.get(id);
      if (seen) seen.names.push(path.join(folder, name));
      else this.byId.set(id, { nlink, names: [path.join(folder, name)] });
    }
  }

  /**
   * Every name of a file whose other names were not all met: one of them is outside the walk.
   * Past MAX_FILE_MOUNTS (a `cp -al` of a whole tree), their folders instead: one mount each
   * keeps bubblewrap's start quick, at the price of the folders' other files being read-only too.
   */
  linkedOut(): string[] {
    const out: string[] = [];
    for (const { nlink, names } of this.byId.values()) if (names.length < nlink) out.push(...names);
    return out.length > MAX_FILE_MOUNTS ? [...new Set(out.map((file) => path.dirname(file)))] : out;
  }
}

function readDirOrNone(folder: string) {
  try {
    return readdirSync(folder, { withFileTypes: true });
  } catch {
    return [];
  }
}
