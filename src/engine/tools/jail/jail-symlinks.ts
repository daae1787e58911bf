// Resolves every symlink on a path by hand. realpath() fails on a dangling link, and a
// dangling link is exactly how a write could land outside the workspace, so we follow
// each component ourselves and keep the missing tail once nothing more exists.
import { lstatSync, readlinkSync } from "node:fs";
import path from "node:path";
import { ToolError } from "../tool.js";
// The model's path quoted cut at a word's edge: a token in it, cut in two, would pass the redactor.
import { clipHead } from "../../secrets/word-cut.js";

const MAX_LINK_HOPS = 40; // what Linux allows before ELOOP

/** `absolute` with every symlink resolved, also through links whose target is missing. */
export function resolveSymlinks(absolute: string): string {
  const { root: fsRoot } = path.parse(absolute);
  const pending = absolute.slice(fsRoot.length).split(path.sep).filter(Boolean);
  let current = fsRoot;
  let hops = 0;
  while (pending.length > 0) {
    const part = pending.shift()!;
    if (part === ".") continue;
    if (part === "..") {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let isLink: boolean;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ENOENT" || code === "ENOTDIR") return path.join(next, ...pending);
      // The model's path, so the model's mistake: said to it, never an engine failure.
      if (code === "ENAMETOOLONG") throw new ToolError(`path too long: a name in it is over 255 bytes, or the whole path over the system's limit (${clipHead(next, 81)})`);
      throw error;
    }
    if (!isLink) {
      current = next;
      continue;
    }
    if (++hops > MAX_LINK_HOPS) throw new ToolError(`too many levels of symbolic links at ${next}`);
    const target = readlinkSync(next);
    const targetRoot = path.parse(target).root;
    if (path.isAbsolute(target)) current = targetRoot;
    pending.unshift(...target.slice(targetRoot.length).split(/[\\/]/).filter(Boolean));
  }
  return current;
}

export function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith(`..${path.sep}`) && relative !== ".." && !path.isAbsolute(relative));
}
