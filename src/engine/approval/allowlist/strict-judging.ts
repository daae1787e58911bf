// What one allowlist judgement carries (ADR 0009): the caller's options, the note that a
// relaxation was used (so what passed may write and needs a checkpoint, ADR 0022), and the
// one way out of the walk: "not understood", with the reason shown in the approval preview.
// The walker over the tree (strict-allow.ts) and the checks of a program's words
// (strict-programs.ts) both throw through here.
import type { PathOracle } from "./path-oracle.js";
import type { ShellWord } from "../shell/shell-words.js";

export interface StrictOptions {
  oracle: PathOracle;
  /** Commands run in the sandbox: workspace-only writers and redirections are harmless. */
  sandbox: boolean;
  /** A program outside the table that the caller vouches for (the project's tests, a user rule). */
  vouched(name: string, args: ShellWord[]): boolean;
  /** git against the workspace's own repository, judged by the git rules. */
  gitAllowed(args: ShellWord[]): boolean;
}

/**
 * ok: every node is harmless. readOnly: and that holds without the sandbox's relaxation
 * (workspace writers, write redirections) or a vouched program (tests, a user's allow rule),
 * which can all change files: only such a command may run without a checkpoint (ADR 0022).
 */
export type StrictResult = { ok: true; readOnly: boolean } | { ok: false; reason: string };

/**
 * The options plus a note that a relaxation was used (what passed may write), and where the
 * line may be by now: `places` holds an oracle per possible working directory and `oracle`
 * answers for all of them; `moved` once a `cd` was met (change-directory.ts).
 */
export type Judging = StrictOptions & { mayWrite(): void; places: PathOracle[]; moved: boolean };

class NotUnderstood extends Error {}

export const reject = (reason: string): never => {
  throw new NotUnderstood(reason);
};

/** Writing or reading these changes and reveals nothing. */
export const HARMLESS_SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);

/** A word made for a value the allowlist itself supplies (a default path such as rg's "."). */
export const literalWord = (value: string): ShellWord => ({ value, literal: true, glob: false, unsafe: false, procSubst: false });

/** Runs one check over the options; "not understood" anywhere in it is the answer, anything else is a bug. */
export function judge(strict: StrictOptions, check: (options: Judging) => void): StrictResult {
  let readOnly = true;
  const options: Judging = {
    ...strict,
    places: [strict.oracle],
    moved: false,
    mayWrite: () => {
      readOnly = false;
    },
    vouched: (name, args) => {
      const vouched = strict.vouched(name, args);
      if (vouched) readOnly = false;
      return vouched;
    },
  };
  try {
    check(options);
    return { ok: true, readOnly };
  } catch (error) {
    if (error instanceof NotUnderstood) return { ok: false, reason: error.message };
    throw error;
  }
}
