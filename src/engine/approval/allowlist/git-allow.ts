// The allowlist's table for git: per read-only subcommand, the options known to only read,
// spelt in full. git accepts an unambiguous prefix of a long option in some commands and
// versions (`git grep --open=CMD` is --open-files-in-pager, `git blame --conten=x` is
// --contents) and not in others (`git log --sta` is refused), and each release adds options,
// so no abbreviation is provably the option it looks like: only the exact name is understood.
// A value given in the next word is read as a positional (a revision or pathspec, both
// checked for leaving the tree) unless listed with `:`, so a misread value can only ask.
// Left out on purpose: --output (writes), --ext-diff/--textconv/-O/--open-files-in-pager/
// --show-signature/--submodule/--recurse-submodules/--filters/--ignore-submodules (run programs
// or other repositories' config: a submodule is kept out through the command's environment,
// which --ignore-submodules=none would undo), --no-index/--contents/-f/--ignore-revs-file/-S<file> of blame/-X of
// ls-files (read files anywhere), --help (starts a viewer), -L of log (reads ranges by config).
import { readWords, type OptionTable } from "./option-reader.js";
import type { ShellWord } from "../shell/shell-words.js";

/** Global options (before the subcommand) that change nothing about what git reads or runs. */
const HARMLESS_GLOBALS = /^(--no-pager|-P|--no-optional-locks|--literal-pathspecs|--no-replace-objects)$/;

const DIFF_SHORT = "pusRzabwWDU::M::C::B::l::S::G::X::";
const DIFF_LONG = [
  "patch", "no-patch", "unified::", "raw", "patch-with-raw", "patch-with-stat", "stat::", "compact-summary", "numstat", "shortstat",
  "dirstat::", "cumulative", "dirstat-by-file::", "summary", "name-only", "name-status", "color::", "no-color", "color-moved::",
  "no-color-moved", "color-moved-ws::", "no-color-moved-ws", "word-diff::", "word-diff-regex::", "color-words::", "no-renames",
  "rename-empty", "no-rename-empty", "check", "full-index", "binary", "abbrev::", "no-abbrev", "break-rewrites::", "find-renames::",
  "find-copies::", "find-copies-harder", "irreversible-delete", "diff-filter::", "minimal", "patience", "histogram",
  "diff-algorithm::", "anchored::", "ignore-space-at-eol", "ignore-space-change", "ignore-all-space", "ignore-blank-lines",
  "ignore-cr-at-eol", "ignore-matching-lines::", "inter-hunk-context::", "function-context", "exit-code", "quiet", "relative::",
  "no-relative", "text", "src-prefix::", "dst-prefix::", "no-prefix", "default-prefix", "line-prefix::",
  "ita-invisible-in-index", "ita-visible-in-index", "indent-heuristic", "no-indent-heuristic", "no-ext-diff", "no-textconv",
  "stat-width::", "stat-name-width::", "stat-count::", "stat-graph-width::", "pickaxe-all", "pickaxe-regex", "ws-error-highlight::",
  "output-indicator-new::", "output-indicator-old::", "output-indicator-context::", "skip-to::", "rotate-to::",
];

const REV_SHORT = "iEFPgmct0123456789n::";
const REV_LONG = [
  "max-count::", "skip::", "since::", "after::", "until::", "before::", "since-as-filter::", "author::", "committer::",
  "grep-reflog::", "grep::", "all-match", "invert-grep", "regexp-ignore-case", "basic-regexp", "extended-regexp", "fixed-strings",
  "perl-regexp", "remove-empty", "merges", "no-merges", "min-parents::", "max-parents::", "no-min-parents", "no-max-parents",
  "first-parent", "exclude-first-parent-only", "not", "all", "branches::", "tags::", "remotes::", "glob::", "exclude::", "reflog",
  "single-worktree", "ignore-missing", "cherry-mark", "cherry-pick", "left-only", "right-only", "cherry", "walk-reflogs", "merge",
  "boundary", "simplify-by-decoration", "full-history", "dense", "sparse", "simplify-merges", "ancestry-path::", "show-pulls",
  "date-order", "author-date-order", "topo-order", "reverse", "no-walk::", "do-walk", "pretty::", "format::", "abbrev-commit",
  "no-abbrev-commit", "oneline", "encoding::", "expand-tabs::", "no-expand-tabs", "notes::", "no-notes", "relative-date", "date::",
  "parents", "children", "left-right", "graph", "show-linear-break::", "count", "decorate::", "no-decorate", "decorate-refs::",
  "decorate-refs-exclude::", "clear-decorations", "source", "use-mailmap", "no-use-mailmap", "mailmap", "no-mailmap", "full-diff",
  "log-size", "follow", "no-follow", "cc", "dd", "combined-all-paths", "diff-merges::", "no-diff-merges",
];

/**
 * The options left out on purpose (above), known by name so that an abbreviation of one is
 * said to be one (`--ext` is not spelt in full) and the full name is said to be refused; the
 * exact style never resolves an abbreviation against them.
 */
const LEFT_OUT = [
  "output", "ext-diff", "textconv", "open-files-in-pager", "show-signature", "submodule", "recurse-submodules", "filters",
  "ignore-submodules", "no-index", "contents", "ignore-revs-file", "help",
];
const table = (short: string, long: readonly string[], extra: Partial<OptionTable> = {}): OptionTable => ({ style: "exact", short, long, allLong: LEFT_OUT, ...extra });
const logLike = table(REV_SHORT + DIFF_SHORT, [...REV_LONG, ...DIFF_LONG]);

const TABLES: Record<string, OptionTable> = {
  log: logLike,
  show: logLike,
  whatchanged: logLike,
  reflog: logLike,
  diff: table(`0123${DIFF_SHORT}`, [...DIFF_LONG, "cached", "staged", "merge-base", "base", "ours", "theirs"]),
  // The plumbing diffs (git-diff-tree(1), git-diff-index(1)): raw output unless a patch is
  // asked for; they run no external diff or textconv unless told (--ext-diff, --textconv,
  // left out). --stdin is left out as rev-list's is.
  "diff-tree": table(`rtmcsv${DIFF_SHORT}`, [
    ...DIFF_LONG, "root", "merge-base", "no-commit-id", "always", "pretty::", "format::", "encoding::", "abbrev-commit",
    "no-abbrev-commit", "cc", "combined-all-paths", "find-object::",
  ]),
  "diff-index": table(`m${DIFF_SHORT}`, [...DIFF_LONG, "cached", "merge-base"]),
  status: table("sbvzu::", [
    "short", "branch", "show-stash", "porcelain::", "long", "verbose", "untracked-files::", "ignored::",
    "column::", "no-column", "ahead-behind", "no-ahead-behind", "renames", "no-renames", "find-renames::", "null",
  ]),
  blame: table("bltspefnwcM::C::L::", [
    "root", "show-stats", "porcelain", "line-porcelain", "incremental", "show-email", "show-name", "show-number", "reverse",
    "first-parent", "abbrev::", "date::", "encoding::", "progress", "no-progress", "color-lines", "color-by-age", "minimal",
    "ignore-rev::", "score-debug",
  ]),
  grep: table("aiIwvhHEGPFnlLzocpWqre:A::B::C::m::0123456789", [
    "cached", "untracked", "exclude-standard", "no-exclude-standard", "recursive", "no-recursive", "text", "ignore-case", "word-regexp",
    "invert-match", "full-name", "extended-regexp", "basic-regexp", "perl-regexp", "fixed-strings", "line-number", "column",
    "files-with-matches", "name-only", "files-without-match", "null", "only-matching", "count", "color::", "no-color", "break",
    "heading", "show-function", "after-context::", "before-context::", "context::", "function-context", "threads::", "and", "or",
    "not", "all-match", "quiet", "max-depth::", "max-count::",
  ], { dashValues: ["e"] }),
  "ls-files": table("cdmoisukztvfx::", [
    "cached", "deleted", "modified", "others", "ignored", "stage", "unmerged", "killed", "directory", "no-empty-directory", "eol",
    "full-name", "error-unmatch", "abbrev::", "debug", "deduplicate", "sparse", "format::", "exclude::", "exclude-standard",
    "exclude-per-directory::", "with-tree::", "resolve-undo",
  ]),
  "ls-tree": table("drtlz", ["long", "name-only", "name-status", "object-only", "full-name", "full-tree", "abbrev::", "format::"]),
  // rev-parse prints an option it does not know instead of failing; exact names still.
  "rev-parse": table("q", [
    "abbrev-ref::", "short::", "verify", "quiet", "sq", "sq-quote", "not", "symbolic", "symbolic-full-name", "all", "branches::",
    "tags::", "remotes::", "glob::", "exclude::", "disambiguate::", "show-toplevel", "show-prefix", "show-cdup", "git-dir",
    "git-common-dir", "absolute-git-dir", "is-inside-git-dir", "is-inside-work-tree", "is-bare-repository", "is-shallow-repository",
    "show-superproject-working-tree", "shared-index-path", "show-object-format::", "show-ref-format", "local-env-vars", "revs-only",
    "no-revs", "flags", "no-flags", "since::", "after::", "until::", "before::", "default::", "prefix::", "path-format::",
  ]),
  describe: table("", [
    "tags", "all", "long", "abbrev::", "always", "dirty::", "broken::", "exact-match", "candidates::", "match::", "exclude::",
    "first-parent", "contains", "debug",
  ]),
  shortlog: table(`${REV_SHORT}sew::`, [...REV_LONG, "numbered", "summary", "email", "committer", "group::"]),
  "cat-file": table("tsepzZ", [
    "batch::", "batch-check::", "batch-all-objects", "buffer", "no-buffer", "unordered", "mailmap", "use-mailmap", "no-mailmap",
    "no-use-mailmap", "allow-unknown-type",
  ]),
  "merge-base": table("a", ["all", "octopus", "independent", "is-ancestor", "fork-point"]),
  "name-rev": table("", ["tags", "refs::", "exclude::", "all", "annotate-stdin", "name-only", "no-undefined", "always"]),
  "count-objects": table("vH", ["verbose", "human-readable"]),
  "check-ignore": table("qvzn", ["quiet", "verbose", "stdin", "non-matching", "no-index"]),
  // Names, hashes and messages of refs and commits; --shell and friends only quote the output.
  "for-each-ref": table("", [
    "count:", "shell", "perl", "python", "tcl", "sort:", "format:", "color::", "points-at:", "merged::", "no-merged::", "contains::",
    "no-contains::", "ignore-case",
  ]),
  "show-ref": table("dsq", ["head", "heads", "tags", "dereference", "hash::", "abbrev::", "quiet", "verify", "exists"]),
  "rev-list": table(REV_SHORT, [...REV_LONG, "objects", "objects-edge", "no-object-names", "object-names", "timestamp", "header", "in-commit-order"]),
  cherry: table("v", ["abbrev::"]),
};

/** Subcommands whose every word git-rules.ts matches exactly (`git branch -a`, `git stash list`, `git notes show`, `git var GIT_EDITOR`). */
const LISTING = new Set(["branch", "tag", "remote", "stash", "config", "worktree", "symbolic-ref", "notes", "var"]);

/** Why git's words are not all options known to only read, or undefined when they are. */
export function gitOptionProblem(args: readonly ShellWord[]): string | undefined {
  let i = 0;
  while (i < args.length && args[i]!.literal && args[i]!.value.startsWith("-")) {
    if (!HARMLESS_GLOBALS.test(args[i]!.value)) return `${args[i]!.value} before the subcommand changes what git runs or where`;
    i++;
  }
  const sub = args[i];
  if (!sub?.literal) return "a subcommand known only at run time";
  // A format's %G? / %GS / %GK… (for-each-ref's %(signature…) in newer git) verifies each
  // signed commit: git runs gpg, as --show-signature does.
  if (args.some((word) => /%G|%\(\*?signature/.test(word.value))) return "a format placeholder (%G…) that runs gpg to check signatures";
  // A ref's %(raw) prints the object it names whole, a tagged blob too (a committed .env's).
  if (args.some((word) => /%\(\*?raw/.test(word.value))) return "a format that prints whole objects (%(raw), %(*raw))";
  if (LISTING.has(sub.value)) return undefined;
  const spec = TABLES[sub.value];
  if (!spec) return `${sub.value} is not a read-only subcommand`;
  const read = readWords(spec, args.slice(i + 1));
  return "problem" in read ? `${sub.value}: ${read.problem}` : undefined;
}
