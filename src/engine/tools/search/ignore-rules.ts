// Which paths the walker skips, with ripgrep's semantics (run with `--no-require-git`) so that
// grep gives the same answer with or without rg (see docs/adr/0002):
// - `.gitignore` files apply each to paths below its own directory, in a git repository or
//   not (as ripgrep's `--no-require-git`, and as a newcomer expects of a project not yet
//   under git); a deeper file overrides a shallower one, and rules stop at the top of the
//   nearest repository (nested repositories are separate, as in git), else at the
//   filesystem root.
// - `.git/info/exclude` applies like a `.gitignore` in that repository's top, below them.
// - `.agentignore` files, below all of these: the workspace root's applies everywhere in the
//   workspace and has the last word (it is what rg is given as `--ignore-file`); one in a
//   folder below applies within that folder (deeper overriding shallower), as git's files do,
//   but cannot bring back what the root's ignores.
import { existsSync } from "node:fs";
import path from "node:path";
import type { Ignore } from "ignore";
import { readUserFile } from "../../bounded-read.js";

type Verdict = "ignore" | "keep" | undefined;

/** One file's rules, with its text kept so the rules can be rebuilt without some lines. */
interface Rules {
  text: string;
  matcher: Ignore;
}

interface Level {
  dir: string;
  hasGit: boolean;
  gitignore?: Rules;
  exclude?: Rules;
  /** Only for the workspace root and the folders below it. */
  agentignore?: Rules;
}

export interface IgnoreChain {
  readonly root: string;
  readonly levels: readonly Level[];
  /** The workspace root's index in `levels`; -1 when walking outside it (a read root). */
  readonly rootIndex: number;
}

type IgnoreFactory = typeof import("ignore");

/**
 * The ignore package (30 KB) is loaded with the first rules file found, not at start-up: a
 * run whose walks find no rules, or that never walks, does not compile it (ADR 0024).
 */
let ignore: IgnoreFactory | undefined;

const compile = (text: string): Rules => ({ text, matcher: ignore!({ allowRelativePaths: true }).add(text) });

/** An ignore file is a page of patterns: a larger one, or a FIFO or device under its name, is not read. */
export const MAX_RULES_BYTES = 1024 * 1024;

async function loadRules(file: string): Promise<Rules | undefined> {
  // A repository's own file: a regular file, read non-blocking and bounded (never `-> /dev/zero`).
  const read = readUserFile(file, { maxBytes: MAX_RULES_BYTES, what: "ignore file" });
  if (!read.ok) return undefined; // missing, unreadable, not a file or too large: no rules, as git does
  // A CommonJS module: its function is the import's default.
  ignore ??= ((await import("ignore")) as unknown as { default: IgnoreFactory }).default;
  return compile(read.text);
}

/** Whether `dir` is the workspace root or a folder below it. */
export function inWorkspace(root: string, dir: string): boolean {
  return dir === root || dir.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/** A directory's rules. `names` (its entries, when the caller has read them) saves the probes. */
async function loadLevel(dir: string, workspace: boolean, names?: ReadonlySet<string>): Promise<Level> {
  const hasGit = names ? names.has(".git") : existsSync(path.join(dir, ".git"));
  const [gitignore, exclude, agentignore] = await Promise.all([
    !names || names.has(".gitignore") ? loadRules(path.join(dir, ".gitignore")) : undefined,
    hasGit ? loadRules(path.join(dir, ".git", "info", "exclude")) : undefined,
    workspace && (!names || names.has(".agentignore")) ? loadRules(path.join(dir, ".agentignore")) : undefined,
  ]);
  return { dir, hasGit, gitignore, exclude, agentignore };
}

function verdictOf(rules: Rules | undefined, relative: string, isDirectory: boolean): Verdict {
  if (!rules || relative === "" || relative === ".." || relative.startsWith("../")) return undefined;
  const result = rules.matcher.test(isDirectory ? `${relative}/` : relative);
  return result.ignored ? "ignore" : result.unignored ? "keep" : undefined;
}

/** `to` relative to `from`, posix; a string slice in the common case (this runs per entry). */
function posix(from: string, to: string): string {
  const prefix = from.endsWith(path.sep) ? from : from + path.sep;
  const relative = to.startsWith(prefix) ? to.slice(prefix.length) : path.relative(from, to);
  return path.sep === "/" ? relative : relative.split(path.sep).join("/");
}

/** Rules in force for entries of `startDir`: every ancestor's files, up to the filesystem root. */
export async function loadIgnoreChain(root: string, startDir: string): Promise<IgnoreChain> {
  const dirs: string[] = [];
  for (let dir = startDir; ; dir = path.dirname(dir)) {
    dirs.unshift(dir);
    if (path.dirname(dir) === dir) break;
  }
  const levels = await Promise.all(dirs.map((dir) => loadLevel(dir, inWorkspace(root, dir))));
  const chain: IgnoreChain = { root, levels, rootIndex: levels.findIndex((level) => level.dir === root) };
  // A start directory the rules themselves ignore was asked for by name. ripgrep never
  // tests an explicitly given path, only what is below it; the ignore package would treat
  // everything below an ignored directory as ignored, so drop the lines that ignore the
  // start directory itself and keep the rest (e.g. `dist/` still applies inside). Not the
  // `.agentignore` files': what they hide stays hidden whatever folder a search starts in,
  // judged on the path from the workspace root (`agentIgnores`).
  if (isIgnored(chain, startDir, true)) {
    const without = (rules: Rules | undefined, dir: string): Rules | undefined => {
      const relative = posix(dir, startDir);
      if (verdictOf(rules, relative, true) !== "ignore") return rules;
      const kept = rules!.text.split(/\r?\n/).filter((line) => !ignore!({ allowRelativePaths: true }).add(line).ignores(`${relative}/`));
      return compile(kept.join("\n"));
    };
    return {
      ...chain,
      levels: levels.map((l) => ({ ...l, gitignore: without(l.gitignore, l.dir), exclude: without(l.exclude, l.dir) })),
    };
  }
  return chain;
}

/** The chain for the entries of `dir`, a child directory of the chain's deepest level. */
export async function childChain(chain: IgnoreChain, dir: string, names?: ReadonlySet<string>): Promise<IgnoreChain> {
  return { ...chain, levels: [...chain.levels, await loadLevel(dir, chain.rootIndex >= 0, names)] };
}

/** Whether an entry (a child of the chain's deepest directory) is ignored. */
export function isIgnored(chain: IgnoreChain, absolute: string, isDirectory: boolean): boolean {
  let fromGitignore: Verdict;
  let fromExclude: Verdict;
  for (let i = chain.levels.length - 1; i >= 0; i--) {
    const level = chain.levels[i]!;
    if (level.gitignore || level.exclude) {
      const relative = posix(level.dir, absolute);
      fromGitignore ??= verdictOf(level.gitignore, relative, isDirectory);
      fromExclude ??= verdictOf(level.exclude, relative, isDirectory);
    }
    if (level.hasGit) break;
  }
  return (fromGitignore ?? fromExclude ?? agentVerdict(chain, absolute, isDirectory)) === "ignore";
}

/**
 * Whether the workspace's `.agentignore` files hide `target` (a search's start, a folder or a
 * file): the root's, and a folder's above it, judged on the path from that file's folder, so
 * `path: "secret-dir"` finds nothing that a search from the root would not (rg tests no path
 * given by name, and neither does the walker for the other ignore files).
 */
export async function agentIgnores(root: string, target: string, isDirectory: boolean): Promise<boolean> {
  if (target === root || !inWorkspace(root, target)) return false;
  const chain = await loadIgnoreChain(root, path.dirname(target));
  return agentVerdict(chain, target, isDirectory) === "ignore";
}

/** What a search started in a folder `.agentignore` hides answers (`shown`: the path as the model named it). */
export function agentIgnoredAnswer(shown: string): string {
  return `${shown} is hidden by .agentignore, so nothing in it is searched or listed (include_ignored lifts ignore files).`;
}

/** The `.agentignore` files' say: the root's first (rg's `--ignore-file`), then the deepest folder's. */
function agentVerdict(chain: IgnoreChain, absolute: string, isDirectory: boolean): Verdict {
  if (chain.rootIndex < 0) return undefined;
  const top = chain.levels[chain.rootIndex]!;
  const fromRoot = verdictOf(top.agentignore, posix(top.dir, absolute), isDirectory);
  if (fromRoot) return fromRoot;
  for (let i = chain.levels.length - 1; i > chain.rootIndex; i--) {
    const level = chain.levels[i]!;
    const verdict = level.agentignore && verdictOf(level.agentignore, posix(level.dir, absolute), isDirectory);
    if (verdict) return verdict;
  }
  return undefined;
}
