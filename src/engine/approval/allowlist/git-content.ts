// Which git commands print file contents, and from where. The file tools never show a
// credential file (jail-denied.ts), and git_diff drops them from its output; a git command the
// allowlist lets run unasked could still print one: `git diff` shows a tracked `.envrc`'s new
// lines, `git log -p` a `.env` committed once and removed since. A command that names a path
// is judged by that path elsewhere; this says which unnamed contents a command may print, so
// the caller can look for credential files there (the index, or every commit) and ask.
import type { ShellWord } from "../shell/shell-words.js";

/** "index": names in the index (the tree's tracked files); "history": also every commit's. */
export type GitContentReach = "none" | "index" | "history";

/** Output limited to names and counts, unless a patch is asked for too. */
const NAMES_ONLY = /^(--stat(=.*)?|--numstat|--shortstat|--name-only|--name-status|--summary|--raw|--dirstat(=.*)?|--dirstat-by-file(=.*)?|--compact-summary|--no-patch|--quiet)$/;
/** A patch (or lines of one): -p and what implies it (combined diffs, -m since git 2.32, --check's lines). */
const PATCH = /^(--patch|--patch-with-stat|--patch-with-raw|--unified(=.*)?|--cc|--dd|--remerge-diff|--diff-merges(=.*)?|--word-diff(=.*)?|--word-diff-regex(=.*)?|--color-words(=.*)?|--full-diff|--binary|--check|--verbose)$/;
/** A short cluster holding p, u, U, m, c or v: -p, -U3, -m, -c, status's -v (a value could hold one: that only looks). */
const SHORT_PATCH = /^-[A-Za-z0-9]*[puUmcv]/;

function isPatch(word: string): boolean {
  return PATCH.test(word) || (!word.startsWith("--") && SHORT_PATCH.test(word));
}

/** What the git command in `args` (git's words after `git`) may print of files it does not name. */
export function gitContentReach(args: readonly ShellWord[]): GitContentReach {
  const words = args.map((word) => word.value);
  let i = 0;
  while (i < words.length && words[i]!.startsWith("-")) i++;
  const sub = words[i];
  const rest = words.slice(i + 1);
  const end = rest.indexOf("--");
  const before = end >= 0 ? rest.slice(0, end) : rest;
  const flags = before.filter((word) => word.startsWith("-"));
  const positionals = before.filter((word) => !word.startsWith("-"));
  const patch = flags.some(isPatch);
  const namesOnly = !patch && flags.some((flag) => NAMES_ONLY.test(flag) || flag === "-s");
  switch (sub) {
    case "diff":
      if (namesOnly) return "none";
      // HEAD's side (--cached) and a revision are commits; a bare word may be a revision too.
      return positionals.length > 0 || flags.some((flag) => /^--(cached|staged|merge-base)$/.test(flag)) ? "history" : "index";
    case "show":
      // A blob named by its hash prints whole, whatever the output flags.
      return "history";
    // Raw lines (names and hashes) unless a patch is asked for; a patch shows a commit's side.
    case "diff-tree":
    case "diff-index":
    case "log":
    case "whatchanged":
    case "reflog":
      return patch ? "history" : "none";
    case "stash":
      return rest[0] === "show" && rest.slice(1).some(isPatch) ? "history" : "none";
    case "status":
      // -v shows the staged diff (HEAD against the index), -vv the tree's too.
      return flags.some((flag) => flag === "--verbose" || /^-[a-zA-Z]*v/.test(flag)) ? "history" : "none";
    case "cat-file":
      return flags.some((flag) => /^(-[a-zA-Z]*p|--batch(=.*)?|--batch-all-objects)$/.test(flag)) || /^(blob|tree|commit|tag)$/.test(positionals[0] ?? "") ? "history" : "none";
    case "grep": {
      // The pattern is the first operand unless -e/-f gave it; any other operand is a revision.
      const given = flags.some((flag) => /^(-[a-zA-Z]*[ef]|--and|--or|--not)/.test(flag));
      if (positionals.length > (given ? 0 : 1)) return "history";
      return flags.some((flag) => flag === "--cached") ? "index" : "none";
    }
    default:
      return "none";
  }
}
