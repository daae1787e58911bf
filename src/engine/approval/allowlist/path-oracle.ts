// What the allowlist needs to know about the disk before a command runs: which words a path
// becomes after `~`, braces and globs (expanded against the real tree), whether each lands in
// the workspace or a read root and outside the credential set (as the kernel will resolve it,
// symlinks and `..` included), whether a directory read recursively holds a credential file,
// whether the workspace has its own git repository, and whether that repository holds a
// credential file a git command could print. The allowlist itself stays pure.
import { lstatSync, readdirSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { credentialInRepository } from "../../git/credential-names.js";
import { repoConfigRisks } from "../../git/repo-config-risks.js";
import { locateRepository, repoLocationProblem } from "../../git/repo-location.js";
import type { Jail } from "../../tools/jail/jail.js";
import { isInside, resolveSymlinks } from "../../tools/jail/jail-symlinks.js";
import { compileGlob, matchesGlob } from "../../tools/search/glob-matcher.js";
import { expandBraces } from "../shell/brace-expand.js";
import { firstInTree } from "../../tools/jail/first-in-tree.js";

export interface PathOracle {
  /** The words bash makes of an operand (braces, `~`, globs); undefined when not knowable. */
  expand(value: string, glob: boolean): string[] | undefined;
  /** Why reading `value` is not harmless, or undefined when it is inside and not a credential. */
  readProblem(value: string): string | undefined;
  /** Why writing `value` is not harmless (outside, `.git`, credentials). */
  writeProblem(value: string): string | undefined;
  /** Why reading the directory `value` recursively is not harmless (a credential file inside); `visibleOnly` skips dot files. */
  treeProblem(value: string, visibleOnly?: boolean): string | undefined;
  /** The workspace root is itself a git repository (its own `.git`), not a parent's or a planted one. */
  ownRepository(): boolean;
  /** Why git could print a credential file from the index or the history (the first found), or undefined. */
  gitCredentials(reach: "index" | "history"): string | undefined;
  /**
   * The same questions asked from the directory `value` (as after `cd value`): a new oracle, or
   * why it cannot be entered (outside the workspace, a credential, not a directory).
   */
  enter(value: string): PathOracle | string;
}

const MAX_GLOB_MATCHES = 1_000;
const GLOB_CHARS = /[*?[]/;

/** `base`: the directory relative operands start from (the workspace root unless a `cd` moved it). */
export function createPathOracle(jail: Jail, home: string = os.homedir(), base: string = jail.root): PathOracle {
  const roots = [jail.root, ...jail.readRoots];
  const trees = new Map<string, string | undefined>();
  const credentials = new Map<string, string | undefined>();

  function tilde(value: string): string | undefined {
    if (!value.startsWith("~")) return value;
    const match = /^~(\/.*)?$/.exec(value);
    // `~user` is another user's home: not worth guessing.
    return match ? home + (match[1] ?? "") : undefined;
  }

  /** `value` from the base directory, joined without collapsing `..` (a link before it counts). */
  const absolute = (value: string) => (path.isAbsolute(value) ? value : `${base}${path.sep}${value}`);

  /** What the jail is asked: as given from the root (its messages then quote the model's words). */
  const forJail = (value: string) => (base === jail.root ? value : absolute(value));

  /** The absolute path the kernel will open: symlinks resolved in order, `..` after them. */
  function kernelPath(value: string): string {
    return resolveSymlinks(absolute(value));
  }

  function globMatches(pattern: string): string[] | undefined {
    const segments = path.join(absolute(pattern)).split("/").filter(Boolean);
    let current = ["/"];
    for (const segment of segments) {
      if (!GLOB_CHARS.test(segment)) {
        current = current.map((dir) => path.join(dir, segment));
        continue;
      }
      // A pattern that can match `.` or `..` (`.*`) walks upwards on older bash.
      if (matchesGlob("..", segment, { dot: true }) || matchesGlob(".", segment, { dot: true })) return undefined;
      const isMatch = compileGlob(segment, { dot: segment.startsWith(".") });
      const next: string[] = [];
      for (const dir of current) {
        let names: string[];
        try {
          names = readdirSync(dir);
        } catch {
          continue;
        }
        for (const name of names) if (isMatch(name)) next.push(path.join(dir, name));
        if (next.length > MAX_GLOB_MATCHES) return undefined;
      }
      current = next;
    }
    return current;
  }

  return {
    expand(value, glob) {
      const braced = glob ? expandBraces(value) : [value];
      if (!braced) return undefined;
      const out: string[] = [];
      for (const word of braced) {
        const expanded = tilde(word);
        if (expanded === undefined) return undefined;
        if (!glob || !GLOB_CHARS.test(expanded)) {
          out.push(expanded);
          continue;
        }
        const found = globMatches(expanded);
        if (!found) return undefined;
        // Relative patterns yield relative words, as bash gives them (so `-rf` is seen as a name).
        const matches = path.isAbsolute(expanded) ? found : found.map((match) => path.relative(base, match));
        // No match: bash passes the pattern itself on, as one word.
        out.push(...(matches.length > 0 ? matches : [expanded]));
        if (out.length > MAX_GLOB_MATCHES) return undefined;
      }
      return out;
    },

    readProblem(value) {
      try {
        jail.resolveRead(forJail(value));
        const real = kernelPath(value);
        if (!roots.some((root) => isInside(root, real))) return `${value} resolves outside the workspace`;
        return jail.deniedReason(real) ? `${value} holds credentials` : undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },

    writeProblem(value) {
      try {
        jail.resolveWrite(forJail(value));
        const real = kernelPath(value);
        if (!isInside(jail.root, real)) return `${value} resolves outside the workspace`;
        return undefined;
      } catch (error) {
        return (error as Error).message;
      }
    },

    treeProblem(value, visibleOnly = false) {
      const start = kernelPath(value);
      const key = `${visibleOnly}:${start}`;
      if (!trees.has(key)) trees.set(key, scanTree(start, jail, roots, visibleOnly));
      return trees.get(key);
    },

    ownRepository() {
      try {
        const location = locateRepository(jail.root);
        // The workspace's own repository: its `.git` at the root (a folder with HEAD, or a pointer).
        if (!location || location.dotGit !== path.join(jail.root, ".git")) return false;
        const dotGit = lstatSync(location.dotGit);
        if (location.pointer ? !dotGit.isFile() : !dotGit.isDirectory() || !lstatSync(path.join(location.dotGit, "HEAD")).isFile()) return false;
        if (repoLocationProblem(jail.root, location)) return false;
        // Any program the config names asks, even one our own git calls switch off: the
        // model's git runs without our -c overrides (git/repo-config-risks.ts).
        return repoConfigRisks(location.gitDir, jail.root).length === 0;
      } catch {
        return false;
      }
    },

    gitCredentials(reach) {
      if (!credentials.has(reach)) credentials.set(reach, credentialInRepository(jail.root, reach, (absolute) => jail.deniedReason(absolute) !== undefined));
      return credentials.get(reach);
    },

    enter(value) {
      const problem = this.readProblem(value);
      if (problem) return problem;
      const real = kernelPath(value);
      try {
        if (!statSync(real).isDirectory()) return `${value} is not a directory`;
      } catch {
        return `${value} does not exist`;
      }
      return createPathOracle(jail, home, real);
    },
  };
}

/** Walks a directory without following links; the first credential file found is the problem. */
function scanTree(start: string, jail: Jail, roots: readonly string[], visibleOnly: boolean): string | undefined {
  return firstInTree(
    start,
    (entry, full) => {
      if (jail.deniedReason(full)) return `${path.relative(jail.root, full) || full} holds credentials and would be read`;
      // A program handed each file (find -exec cat) follows a link wherever it points.
      if (!entry.isSymbolicLink()) return undefined;
      const real = resolveSymlinks(full);
      return !roots.some((root) => isInside(root, real)) || jail.deniedReason(real) ? `${path.relative(jail.root, full)} links to ${real}` : undefined;
    },
    `${start} is too large to check for credential files`,
    visibleOnly ? (entry) => entry.name.startsWith(".") : undefined,
  );
}

