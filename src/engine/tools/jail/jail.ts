// The path jail. The model's paths are untrusted input: every one is resolved against the
// workspace root, and refused if it (or any symlink on the way, dangling or not) leads
// outside it. Reads may also reach the extra read roots the user listed in config; writes
// never leave the workspace and never enter a `.git/` directory. Credential stores and
// secret files are refused for both (see jail-denied.ts). See docs/adr/0002.
import { existsSync, realpathSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createDeniedPaths, DENIED_HOME_PATHS, isDeniedName } from "./jail-denied.js";
import { linkedSecretReason } from "./linked-secrets.js";
import { gitDirProblem } from "./jail-git-dirs.js";
import { isInside, resolveSymlinks } from "./jail-symlinks.js";
import { ToolError } from "../tool.js";

export interface Jail {
  /** The workspace root, with symlinks resolved. */
  readonly root: string;
  /** Extra directories reads may reach (symlinks resolved; missing ones dropped). */
  readonly readRoots: readonly string[];
  /** Resolves a path the model gave for reading; throws ToolError when it escapes. */
  resolveRead(userPath: string): string;
  /** Resolves a path for writing: also refuses anything inside `.git/`. */
  resolveWrite(userPath: string): string;
  /** The path relative to the root, with forward slashes, for messages and listings. */
  display(absolutePath: string): string;
  /** Why a resolved path may not be read even though it is inside (walkers skip these). */
  deniedReason(absolutePath: string): string | undefined;
  /**
   * Why a file with more than one name may not be read: one of its names is a secret file
   * (linked-secrets.ts). Costs one lstat for a file with one name; callers with a name in hand
   * ask deniedReason first.
   */
  linkedSecretReason(absolutePath: string): string | undefined;
}

export interface JailOptions {
  /** Directories outside the workspace that tools may read (from the user's config). */
  readRoots?: readonly string[];
  /** The home directory whose credential stores are refused; tests pass a temp dir. */
  home?: string;
  /** More directories no tool may touch (the agent's own home when MINI_AGENT_HOME moves it). */
  deniedDirs?: string[];
  /**
   * Other spellings of the workspace root (the shell's `$PWD` when it was entered through a
   * symlink, as macOS's /tmp → /private/tmp): an absolute path under one is taken as the same
   * path under the root. Only a spelling that resolves to the root counts.
   */
  rootSpellings?: readonly string[];
}

function expandHome(p: string, home: string): string {
  // `~\docs` is how a Windows user writes it; path.sep is "/" elsewhere, so nothing changes there.
  return p === "~" || p.startsWith("~/") || p.startsWith(`~${path.sep}`) ? path.join(home, p.slice(1)) : p;
}

/** The home as given and as it really is (a symlinked home holds the same stores). */
function spellingsOfHome(home: string): string[] {
  const all = new Set([path.resolve(home)]);
  try {
    all.add(realpathSync(home));
  } catch {
    // A missing home has no stores to match.
  }
  return [...all];
}

export function createJail(workspaceRoot: string, options: JailOptions = {}): Jail {
  const root = realpathSync(path.resolve(workspaceRoot));
  const home = options.home ?? os.homedir();
  const denied = createDeniedPaths(home, options.deniedDirs);
  const readRoots = (options.readRoots ?? [])
    .map((r) => path.resolve(root, expandHome(r, home)))
    .filter((r) => existsSync(r))
    .map((r) => realpathSync(r));

  const spellings = [path.resolve(workspaceRoot), ...(options.rootSpellings ?? []).map((spelling) => path.resolve(spelling))].filter((spelling, i, all) => {
    if (spelling === root || all.indexOf(spelling) !== i) return false;
    try {
      return realpathSync(spelling) === root;
    } catch {
      return false;
    }
  });

  /** The path from the root, a path under another spelling of the root rewritten to it (lexically: the link is not followed again). */
  function lexicalPath(userPath: string): string {
    const resolved = path.resolve(root, userPath);
    if (!path.isAbsolute(userPath) || isInside(root, resolved)) return resolved;
    const spelling = spellings.find((candidate) => isInside(candidate, resolved));
    return spelling === undefined ? resolved : path.join(root, path.relative(spelling, resolved));
  }

  const secretScope = {
    roots: [root, ...readRoots],
    stores: spellingsOfHome(home).flatMap((h) => DENIED_HOME_PATHS.map((p) => path.join(h, p))).concat(options.deniedDirs ?? []),
    isSecretName: isDeniedName,
  };
  const linkedSecret = (absolute: string) => linkedSecretReason(absolute, secretScope);

  function checkSyntax(userPath: string): void {
    if (typeof userPath !== "string" || userPath.length === 0) throw new ToolError("path must be a non-empty string");
    if (userPath.includes("\0")) throw new ToolError("path contains a NUL byte");
  }

  function refuseDenied(userPath: string, real: string): void {
    const reason = denied.reason(real);
    if (reason) throw new ToolError(`access to ${JSON.stringify(userPath)} refused: ${reason}`);
  }

  function outside(userPath: string, lexical: string, real: string, allowed: string): ToolError {
    if (lexical === real) return new ToolError(`path ${JSON.stringify(userPath)} is outside ${allowed} (${root})`);
    return new ToolError(`path ${JSON.stringify(userPath)} resolves through a symlink to ${real}, outside ${allowed}`);
  }

  function resolveRead(userPath: string): string {
    checkSyntax(userPath);
    const lexical = lexicalPath(userPath);
    const real = resolveSymlinks(lexical);
    const roots = [root, ...readRoots];
    // Both checks: the path as written must start inside an allowed root, and where it
    // really leads must be inside one too.
    if (!roots.some((r) => isInside(r, lexical)) || !roots.some((r) => isInside(r, real))) {
      throw outside(userPath, lexical, real, readRoots.length > 0 ? "the workspace and the read roots" : "the workspace");
    }
    refuseDenied(userPath, real);
    const linked = linkedSecret(real);
    if (linked) throw new ToolError(`access to ${JSON.stringify(userPath)} refused: ${linked}`);
    return real;
  }

  function resolveWrite(userPath: string): string {
    checkSyntax(userPath);
    const lexical = lexicalPath(userPath);
    const real = resolveSymlinks(lexical);
    if (!isInside(root, lexical) || !isInside(root, real)) throw outside(userPath, lexical, real, "the workspace");
    // Any `.git` component, not only the top one: submodules and nested repositories have
    // their own, and case-folding file systems treat `.GIT` as the same directory.
    const parts = path.relative(root, real).split(path.sep);
    if (parts.some((p) => p.toLowerCase() === ".git")) {
      throw new ToolError(`writing inside .git/ is not allowed (${userPath})`);
    }
    const gitDir = gitDirProblem(root, real);
    if (gitDir) throw new ToolError(`writing inside a git directory is not allowed (${userPath}): ${gitDir}`);
    refuseDenied(userPath, real);
    return real;
  }

  return {
    root,
    readRoots,
    resolveRead,
    resolveWrite,
    display(absolutePath) {
      if (!isInside(root, absolutePath)) return absolutePath.split(path.sep).join("/");
      const relative = path.relative(root, absolutePath);
      return relative === "" ? "." : relative.split(path.sep).join("/");
    },
    deniedReason: (absolutePath) => denied.reason(absolutePath),
    linkedSecretReason: linkedSecret,
  };
}
