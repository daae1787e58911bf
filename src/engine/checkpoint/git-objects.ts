// Loose objects of the private checkpoint store, written and read without a git process.
// Every commit and manifest blob here is written by this file, loose, and the store is never
// packed (gc.auto=0), so reading one back is a file read and an inflate.
import * as zlib from "node:zlib";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";

export type ObjectType = "commit" | "tree" | "blob";

/** What a checkpoint commit says beyond its tree: the manifest blob and when it was taken. */
export interface CommitInfo {
  tree: string;
  /** The manifest blob (modes, paths present but not saved); absent in checkpoints older than manifests. */
  manifest?: string;
  /** Milliseconds since the epoch when the snapshot started; the author time (seconds) otherwise. */
  takenMs: number;
}

const objectFile = (gitDir: string, name: string) => path.join(gitDir, "objects", name.slice(0, 2), name.slice(2));

/** A loose object as git stores it: "<type> <size>\0<body>", named by its SHA-1, zlib-compressed. */
export function writeObject(gitDir: string, type: ObjectType, body: Buffer): string {
  const object = Buffer.concat([Buffer.from(`${type} ${body.length}\0`), body]);
  const name = createHash("sha1").update(object).digest("hex");
  const file = objectFile(gitDir, name);
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    // Written whole, then renamed: a reader never sees half an object.
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, zlib.deflateSync(object));
    renameSync(temp, file);
  }
  return name;
}

/**
 * A commit object for `tree` (no parent), stored loose: the body `git commit-tree -m` makes
 * with this store's fixed identity. Returns the commit's name.
 */
export function writeCommit(gitDir: string, tree: string, message: string, now = new Date()): string {
  if (!/^[0-9a-f]{40}$/.test(tree)) throw new Error(`checkpoint: git write-tree gave ${JSON.stringify(tree)}`);
  const stamp = `${Math.floor(now.getTime() / 1000)} +0000`;
  const body = `tree ${tree}\nauthor mini-agent <mini-agent@localhost> ${stamp}\ncommitter mini-agent <mini-agent@localhost> ${stamp}\n\n${message}\n`;
  return writeObject(gitDir, "commit", Buffer.from(body));
}

/** The trailer lines a checkpoint commit's message ends with (read back by `readCommit`). */
export function commitTrailer(manifest: string, takenMs: number): string {
  return `\n\nmanifest ${manifest}\ntaken ${takenMs}`;
}

/** The body of a loose object of the expected type; throws when it is missing or another type. */
export function readObject(gitDir: string, name: string, type: ObjectType): Buffer {
  if (!/^[0-9a-f]{40}$/.test(name)) throw new Error(`checkpoint: ${JSON.stringify(name)} is not an object name`);
  let raw: Buffer;
  try {
    raw = zlib.inflateSync(readFileSync(objectFile(gitDir, name)));
  } catch (error) {
    throw new Error(`checkpoint: object ${name.slice(0, 12)} cannot be read from the store (${(error as Error).message})`);
  }
  const nul = raw.indexOf(0);
  const [kind, size] = raw.subarray(0, nul).toString("latin1").split(" ");
  const body = raw.subarray(nul + 1);
  if (kind !== type || Number(size) !== body.length) throw new Error(`checkpoint: object ${name.slice(0, 12)} is not a ${type}`);
  return body;
}

export function readCommit(gitDir: string, name: string): CommitInfo {
  const text = readObject(gitDir, name, "commit").toString("utf8");
  const tree = /^tree ([0-9a-f]{40})$/m.exec(text)?.[1];
  if (!tree) throw new Error(`checkpoint: commit ${name.slice(0, 12)} names no tree`);
  const manifest = /^manifest ([0-9a-f]{40})$/m.exec(text)?.[1];
  const taken = /^taken (\d+)$/m.exec(text)?.[1];
  const authored = /^author .* (\d+) [+-]\d{4}$/m.exec(text)?.[1];
  return { tree, ...(manifest ? { manifest } : {}), takenMs: taken ? Number(taken) : Number(authored ?? 0) * 1000 };
}
