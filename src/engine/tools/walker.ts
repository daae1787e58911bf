// The ignore-aware file walker behind list_files, glob and grep's fallback. It never
// follows symlinks (ripgrep's default, and a link is how a walk would leave the jail),
// always skips `.git` and `node_modules` entries, and skips files the jail denies.
import { opendir } from "node:fs/promises";
import path from "node:path";
import { childChain, isIgnored, loadIgnoreChain, type IgnoreChain } from "./ignore-rules.js";
import type { Jail } from "./jail.js";

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

async function readEntries(dir: string) {
  try {
    const handle = await opendir(dir, { bufferSize: 128 });
    const entries = [];
    for await (const entry of handle) entries.push(entry);
    return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return []; // vanished or unreadable while walking: nothing to report from it
  }
}

/** The entries of one directory, each marked whether a walk would skip it. */
export async function listDirectory(options: Omit<WalkOptions, "signal">, chain?: IgnoreChain): Promise<DirectoryEntry[]> {
  const { jail, start, includeIgnored } = options;
  const rules = chain ?? (includeIgnored ? undefined : await loadIgnoreChain(jail.root, start));
  return (await readEntries(start)).map((entry) => {
    const absolute = path.join(start, entry.name);
    const isDirectory = entry.isDirectory();
    const skipped =
      (isDirectory && ALWAYS_SKIPPED.has(entry.name)) ||
      jail.deniedReason(absolute) !== undefined ||
      (rules !== undefined && isIgnored(rules, absolute, isDirectory));
    return { name: entry.name, isDirectory, isFile: entry.isFile(), isSymlink: entry.isSymbolicLink(), skipped };
  });
}

/** Every regular file under `start` that a search should see, depth first, names sorted. */
export async function* walkFiles(options: WalkOptions): AsyncGenerator<WalkedFile> {
  const { start, includeIgnored, signal } = options;
  const rootChain = includeIgnored ? undefined : await loadIgnoreChain(options.jail.root, start);
  const stack: { dir: string; chain?: IgnoreChain }[] = [{ dir: start, chain: rootChain }];
  while (stack.length > 0) {
    signal?.throwIfAborted();
    const { dir, chain } = stack.pop()!;
    const entries = await listDirectory({ ...options, start: dir }, chain);
    const subdirs: string[] = [];
    for (const entry of entries) {
      if (entry.skipped || entry.isSymlink) continue;
      const absolute = path.join(dir, entry.name);
      if (entry.isDirectory) subdirs.push(absolute);
      else if (entry.isFile) yield { absolute, relative: path.relative(start, absolute).split(path.sep).join("/") };
    }
    // Reversed so the stack pops them in name order.
    for (const sub of subdirs.reverse()) stack.push({ dir: sub, chain: chain && (await childChain(chain, sub)) });
  }
}
