// The path jail. The model's paths are untrusted input: every one is resolved against the
// workspace root, and refused if it (or any symlink on the way) leads outside it.
import { realpathSync } from "node:fs";
import path from "node:path";
import { ToolError } from "./tool.js";

export interface Jail {
  /** The workspace root, with symlinks resolved. */
  readonly root: string;
  /** Resolves a path the model gave for reading; throws ToolError when it escapes. */
  resolveRead(userPath: string): string;
  /** Resolves a path for writing: also refuses anything inside `.git/`. */
  resolveWrite(userPath: string): string;
  /** The path relative to the root, with forward slashes, for messages and listings. */
  display(absolutePath: string): string;
}

function isInside(root: string, candidate: string): boolean {
  const relative = path.relative(root, candidate);
  return relative === "" || (!relative.startsWith("..") && !path.isAbsolute(relative));
}

/** realpath of the deepest existing ancestor, with the missing tail appended. */
function realpathOfExistingPrefix(absolute: string): string {
  let existing = absolute;
  const missing: string[] = [];
  for (;;) {
    try {
      return path.join(realpathSync(existing), ...missing.reverse());
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
      const parent = path.dirname(existing);
      if (parent === existing) return absolute;
      missing.push(path.basename(existing));
      existing = parent;
    }
  }
}

export function createJail(workspaceRoot: string): Jail {
  const root = realpathSync(path.resolve(workspaceRoot));

  function resolve(userPath: string): string {
    if (typeof userPath !== "string" || userPath.length === 0) throw new ToolError("path must be a non-empty string");
    if (userPath.includes("\0")) throw new ToolError("path contains a NUL byte");
    const lexical = path.resolve(root, userPath);
    if (!isInside(root, lexical)) {
      throw new ToolError(`path ${JSON.stringify(userPath)} is outside the workspace (${root})`);
    }
    const real = realpathOfExistingPrefix(lexical);
    if (!isInside(root, real)) {
      throw new ToolError(`path ${JSON.stringify(userPath)} resolves through a symlink to ${real}, outside the workspace`);
    }
    return real;
  }

  return {
    root,
    resolveRead: resolve,
    resolveWrite(userPath) {
      const resolved = resolve(userPath);
      const first = path.relative(root, resolved).split(path.sep)[0];
      if (first === ".git") throw new ToolError(`writing inside .git/ is not allowed (${userPath})`);
      return resolved;
    },
    display(absolutePath) {
      const relative = path.relative(root, absolutePath);
      return relative === "" ? "." : relative.split(path.sep).join("/");
    },
  };
}
