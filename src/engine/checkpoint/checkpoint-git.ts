// How the checkpoint store runs git: against its private GIT_DIR (never the user's .git), with
// nothing that could run a program or change bytes on the way in or out (ADR 0036). git reads
// no system or global config, no system or global attributes; the private info/attributes
// unsets every content attribute for every path, and it outranks any .gitattributes in the
// workspace, so `text eol=crlf`, `filter=…`, `ident` or `working-tree-encoding` of the user's
// (or one a command planted) can neither change what is saved nor what is restored.
import * as childProcess from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { HOST_GIT_OVERRIDES, hostGit } from "../git/host-git.js";

/** Later `-c` wins over every config file: hooks, fsmonitor, filters and conversions off. */
const CHECKPOINT_CONFIG = [
  ...HOST_GIT_OVERRIDES,
  "-c", "core.autocrlf=false", "-c", "core.eol=lf", "-c", "core.safecrlf=false", "-c", `core.attributesFile=${os.devNull}`,
  "-c", "core.checkRoundtripEncoding=", "-c", "core.symlinks=true", "-c", "core.fileMode=true", "-c", "core.ignoreCase=false",
  "-c", "core.precomposeUnicode=false", "-c", "core.sparseCheckout=false", "-c", "submodule.recurse=false",
  "-c", "core.quotepath=false", "-c", "user.name=mini-agent", "-c", "user.email=mini-agent@localhost", "-c", "gc.auto=0",
  "-c", "core.untrackedCache=true", "-c", "core.splitIndex=false", "-c", "advice.addIgnoredFile=false", "-c", "advice.addEmbeddedRepo=false",
];

/** Every content attribute unset for every path; `info/attributes` outranks the workspace's. */
export const NO_CONVERSIONS = "* -text -crlf -eol -filter -ident -diff -merge -working-tree-encoding -export-subst\n";

export interface GitResult {
  stdout: string;
  stderr: string;
  code: number;
}

export interface GitRunOptions {
  /** Written to stdin. */
  input?: string;
  /** The index file to use (default: the main one). */
  index?: string;
  /** The workspace folder git walks (default: the workspace root); nested repositories have theirs. */
  workTree?: string;
  /** Lines ignored beside .gitignore (the agent's own home), as a file. */
  excludesFile?: string;
  /** Exit codes that are answers, not failures (e.g. `add --ignore-errors` says 1). */
  accept?: readonly number[];
  /** Stops git (the turn was stopped): the snapshot then fails instead of holding the turn. */
  signal?: AbortSignal;
}

/**
 * How long one git process of a snapshot or restore may take. git opens every `.gitignore` and
 * `.gitattributes` it walks past, and a nested repository's HEAD, with a blocking open: one that
 * is a FIFO (an archive can hold one, a command can make one) would hold the turn forever. A
 * walk of a very large tree takes well under this; past it, the turn goes on without a checkpoint.
 */
export const CHECKPOINT_GIT_TIMEOUT_MS = 300_000;

/** git was stopped (the turn's signal, or the deadline): trying again would only wait again. */
export class GitStopped extends Error {}

export type Git = (args: string[], options?: GitRunOptions) => Promise<GitResult>;

export function checkpointGit(root: string, dir: string, timeoutMs = CHECKPOINT_GIT_TIMEOUT_MS): Git {
  const gitDir = path.join(dir, "git");
  const baseEnv: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: dir,
    LC_ALL: "C",
    GIT_DIR: gitDir,
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: os.devNull,
    GIT_ATTR_NOSYSTEM: "1",
    GIT_TERMINAL_PROMPT: "0",
    GIT_NO_REPLACE_OBJECTS: "1",
    // File names are names, never pathspec magic (`:(top)`, `*`).
    GIT_LITERAL_PATHSPECS: "1",
    ...(process.platform === "win32" ? { SystemRoot: process.env.SystemRoot } : {}),
  };
  return (args, options = {}) =>
    new Promise((resolve, reject) => {
      const workTree = options.workTree ?? root;
      const env = { ...baseEnv, GIT_WORK_TREE: workTree, GIT_INDEX_FILE: options.index ?? path.join(dir, "index") };
      const excludes = ["-c", `core.excludesFile=${options.excludesFile ?? os.devNull}`];
      const git = hostGit(root);
      if (git.path === undefined) return reject(new Error(`checkpoint: git ${args[0]} not run: ${git.missing}`));
      // SIGTERM (execFile's default) lets git remove its index.lock, so the next snapshot can run.
      const limits = { timeout: timeoutMs, ...(options.signal ? { signal: options.signal } : {}) };
      const child = childProcess.execFile(git.path, [...CHECKPOINT_CONFIG, ...excludes, ...args], { cwd: workTree, env, maxBuffer: 256 * 1024 * 1024, ...limits }, (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : -1) : 0;
        if (code === 0 || options.accept?.includes(code)) return resolve({ stdout, stderr, code });
        if (options.signal?.aborted) return reject(new GitStopped(`checkpoint: git ${args[0]} stopped with the turn`));
        if (error?.killed) return reject(new GitStopped(`checkpoint: git ${args[0]} did not finish within ${timeoutMs / 1000} s (a .gitignore, .gitattributes or nested repository's HEAD that is a FIFO blocks it)`));
        reject(new Error(`checkpoint: git ${args[0]} failed: ${stderr.trim() || (error as Error).message}`));
      });
      // A git that exits before reading all of stdin reports why through its exit code.
      child.stdin?.on("error", () => {});
      child.stdin?.end(options.input ?? "");
    });
}

/**
 * The private bare store: these few files (writing them saves a `git init` on the turn's path),
 * and info/attributes rewritten every time, so a store made by an older version gets it too.
 */
export function initStore(dir: string): void {
  const gitDir = path.join(dir, "git");
  if (!existsSync(path.join(gitDir, "HEAD"))) {
    for (const sub of ["objects", "refs/heads", "refs/tags", "info"]) mkdirSync(path.join(gitDir, sub), { recursive: true });
    writeFileSync(path.join(gitDir, "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = true\n");
    writeFileSync(path.join(gitDir, "HEAD"), "ref: refs/heads/main\n");
  }
  mkdirSync(path.join(gitDir, "info"), { recursive: true });
  writeFileSync(path.join(gitDir, "info", "attributes"), NO_CONVERSIONS);
  // Exclusions are per walked root (core.excludesFile), not the store's info/exclude.
  writeFileSync(path.join(gitDir, "info", "exclude"), "");
}
