// The ignore-aware file walker behind list_files, glob and grep's fallback. It never
// follows symlinks (ripgrep's default, and a link is how a walk would leave the jail),
// always skips `.git` and `node_modules` entries, and skips files the jail denies.
import type { Dirent } from "node:fs";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { childChain, isIgnored, loadIgnoreChain, type IgnoreChain } from "./ignore-rules.js";
import type { Jail } from "../jail/jail.js";

/** Directory names never walked into; naming one as the start path still walks it. */
export const ALWAYS_SKIPPED = new Set([".git", "node_modules"]);

export interface WalkOptions {
  jail: Jail;
  /** Absolute, jail-resolved directory to walk. */
  start: string;
  /** Opt out of .gitignore / exclude / .agentignore (the always-skipped names stay skipped). */
  includeIgnored?: boolean;
  signal?: AbortSignal;
}

export interface WalkedFile {
  absolute: string;
  /** Posix path relative to the start directory. */
  relative: string;
}

export interface DirectoryEntry {
  name: string;
  isDirectory: boolean;
  isFile: boolean;
  isSymlink: boolean;
  /** Skipped by ignore rules, the always-skipped names, or the jail's denied list. */
  skipped: boolean;
}

async function readEntries(dir: string): Promise<Dirent[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true });
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // vanished or unreadable while walking: nothing to report from it
  }
}

/** path.join without normalising: this runs for every entry of a walk. */
const childPath = (dir: string, name: string) => (dir.endsWith(path.sep) ? dir + name : dir + path.sep + name);

function classify(jail: Jail, dir: string, entries: Dirent[], chain: IgnoreChain | undefined): DirectoryEntry[] {
  return entries.map((entry) => {
    const absolute = childPath(dir, entry.name);
    const isDirectory = entry.isDirectory();
    const skipped =
      (isDirectory && ALWAYS_SKIPPED.has(entry.name)) ||
      jail.deniedReason(absolute) !== undefined ||
      (chain !== undefined && isIgnored(chain, absolute, isDirectory));
    return { name: entry.name, isDirectory, isFile: entry.isFile(), isSymlink: entry.isSymbolicLink(), skipped };
  });
}

/** The entries of one directory, each marked whether a walk would skip it. */
export async function listDirectory(options: Omit<WalkOptions, "signal">): Promise<DirectoryEntry[]> {
  const { jail, start, includeIgnored } = options;
  const chain = includeIgnored ? undefined : await loadIgnoreChain(jail.root, start);
  return classify(jail, start, await readEntries(start), chain);
}

/** Every regular file under `start` that a search should see, depth first, names sorted. */
export async function* walkFiles(options: WalkOptions): AsyncGenerator<WalkedFile> {
  const { jail, start, includeIgnored, signal } = options;
  const startChain = includeIgnored ? undefined : await loadIgnoreChain(jail.root, start);
  const prefix = start.endsWith(path.sep) ? start : start + path.sep;
  // Each directory's own rules are loaded when its entries are read (they decide those).
  // A directory's listing is requested as soon as the directory is found, so the thread
  // pool reads ahead while the consumer (grep, glob) works through the files before it.
  const stack: { dir: string; entries: Promise<Dirent[]>; parent?: IgnoreChain }[] = [{ dir: start, entries: readEntries(start) }];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const { dir, parent, entries: listing } = stack.pop()!;
    const entries = await listing;
    const chain = dir === start ? startChain : parent && (await childChain(parent, dir, new Set(entries.map((e) => e.name))));
    const subdirs: string[] = [];
    for (const entry of classify(jail, dir, entries, chain)) {
      if (entry.skipped || entry.isSymlink) continue;
      const absolute = childPath(dir, entry.name);
      if (entry.isDirectory) subdirs.push(absolute);
      else if (entry.isFile) {
        const relative = absolute.slice(prefix.length);
        yield { absolute, relative: path.sep === "/" ? relative : relative.split(path.sep).join("/") };
      }
    }
    // Reversed so the stack pops them in name order.
    for (const sub of subdirs.reverse()) stack.push({ dir: sub, entries: readEntries(sub), parent: chain });
  }
}
