// What a checkpoint keeps beside git's tree (ADR 0036): the permission bits git cannot hold
// (it keeps 644 or 755; a 0600 key or a 0750 folder would come back wrong), the paths that
// were present but not saved (ignored by the .gitignore of that moment, or refused by git), so
// that an undo never deletes a file the checkpoint knew was there, and the folders git cannot
// hold because no saved file lies in them (ADR 0052). Pure: bytes in, bytes out.

export interface Manifest {
  /**
   * Permission bits (07777) of saved files, and of folders (keyed "dir/"), whose bits are not
   * the default: 0644 for a file, 0755 for an executable file (git's 100755) or a folder.
   */
  modes: Map<string, number>;
  /** Paths present when the checkpoint was taken but not in it; a folder (all of it) ends in "/". */
  unsaved: string[];
  /**
   * Folders ("a/b/") present with no saved file anywhere below them, each listed; git's tree has
   * no place for them. Undefined in a manifest written before they were recorded (version 1):
   * then nobody knows which empty folders were there.
   */
  emptyFolders?: string[];
}

const HEADER_V1 = "mini-agent checkpoint manifest 1\n";
const HEADER = "mini-agent checkpoint manifest 2\n";

export const FOLDER_MODE = 0o755;

export function emptyManifest(): Manifest {
  return { modes: new Map(), unsaved: [], emptyFolders: [] };
}

/** What git writes for a file of this git mode when no bits were recorded: 0755 or 0644. */
export function defaultFileMode(gitMode: string | number): number {
  const mode = typeof gitMode === "string" ? Number.parseInt(gitMode, 8) : gitMode;
  return (mode & 0o111) !== 0 ? 0o755 : 0o644;
}

/** NUL-separated records, sorted, so an unchanged workspace writes the same blob again. */
export function formatManifest(manifest: Manifest): Buffer {
  const modes = [...manifest.modes].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([path, mode]) => `m ${mode.toString(8).padStart(4, "0")} ${path}\0`);
  const unsaved = [...new Set(manifest.unsaved)].sort().map((path) => `u ${path}\0`);
  const folders = [...new Set(manifest.emptyFolders ?? [])].sort().map((path) => `e ${path}\0`);
  return Buffer.from(HEADER + modes.join("") + unsaved.join("") + folders.join(""), "utf8");
}

export function parseManifest(bytes: Buffer): Manifest {
  const text = bytes.toString("utf8");
  const header = [HEADER, HEADER_V1].find((known) => text.startsWith(known));
  if (!header) throw new Error("checkpoint: the manifest has an unknown format");
  const manifest: Manifest = { modes: new Map(), unsaved: [], ...(header === HEADER ? { emptyFolders: [] } : {}) };
  for (const record of text.slice(header.length).split("\0")) {
    if (record === "") continue;
    if (record.startsWith("m ")) {
      const space = record.indexOf(" ", 2);
      const mode = Number.parseInt(record.slice(2, space), 8);
      if (space < 0 || !Number.isInteger(mode)) throw new Error(`checkpoint: a bad manifest record ${JSON.stringify(record)}`);
      manifest.modes.set(record.slice(space + 1), mode);
    } else if (record.startsWith("u ")) {
      manifest.unsaved.push(record.slice(2));
    } else if (record.startsWith("e ") && manifest.emptyFolders && record.endsWith("/")) {
      manifest.emptyFolders.push(record.slice(2));
    } else {
      throw new Error(`checkpoint: a bad manifest record ${JSON.stringify(record)}`);
    }
  }
  return manifest;
}

/**
 * True when the checkpoint knew `file` was there without saving it: it is listed, or lies in a
 * folder listed whole (an ignored `build/`: the checkpoint knew the folder, not each file).
 */
export function knownUnsaved(unsaved: ReadonlySet<string>, file: string): boolean {
  if (unsaved.has(file)) return true;
  for (let slash = file.indexOf("/"); slash >= 0; slash = file.indexOf("/", slash + 1)) {
    if (unsaved.has(file.slice(0, slash + 1))) return true;
  }
  return false;
}

/** The same recorded bits (files and folders), and the same empty folders, in both. */
export function sameBesideTheTree(a: Manifest, b: Manifest): boolean {
  if (a.modes.size !== b.modes.size) return false;
  for (const [path, mode] of a.modes) if (b.modes.get(path) !== mode) return false;
  const empty = new Set(a.emptyFolders ?? []);
  const other = b.emptyFolders ?? [];
  return empty.size === new Set(other).size && other.every((folder) => empty.has(folder));
}
