// git is many programs in one: `git status` only reads, `git push` publishes, `git reset
// --hard` throws work away. This judges a git command by its subcommand and options.
import { hasFlag, options, positionals, type PathContext } from "../shell/command-paths.js";
import type { PartVerdict } from "./command-rules.js";
import { GIT_GLOBALS_WITH_VALUE } from "./git-globals.js";
import type { SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";

/** Subcommands that only read, when given no option that writes a file or runs a program. */
const READ_ONLY = new Set([
  "status", "diff", "log", "show", "rev-parse", "ls-files", "ls-tree", "blame", "describe", "shortlog",
  "cat-file", "merge-base", "name-rev", "count-objects", "check-ignore", "whatchanged", "reflog", "grep",
  "for-each-ref", "show-ref", "rev-list", "cherry", "diff-tree", "diff-index",
]);

/**
 * What `git var NAME` may print unasked (git-var(1)): identities and the paths and commands git
 * would use. It only prints a command (GIT_EDITOR, GIT_PAGER), never starts it, and that is
 * what `git config core.editor` prints unasked already. `git var -l` asks: it lists every
 * config value as well, and a remote's URL may hold a token.
 */
const GIT_VARS = /^GIT_(AUTHOR_IDENT|COMMITTER_IDENT|EDITOR|SEQUENCE_EDITOR|PAGER|DEFAULT_BRANCH|SHELL_PATH|ATTR_SYSTEM|ATTR_GLOBAL|CONFIG_SYSTEM|CONFIG_GLOBAL)$/;

/**
 * branch and tag list when given no word, or when one of these is among their words; only then
 * is a bare word a pattern or a commit to filter by (`git branch --merged main`), never a name
 * to create (`git branch x`, `git tag --sort=x v1`).
 */
const LIST_MODE = /^(-l|--list|--contains(=.*)?|--no-contains(=.*)?|--merged(=.*)?|--no-merged(=.*)?|--points-at(=.*)?)$/;
/** Their options that only choose what a listing shows. (No -v for tag: it verifies, running gpg.) */
const LIST_OPTIONS = /^(--sort=.+|--format=.+|-i|--ignore-case|--column(=.*)?|--no-column|--color(=.*)?|--no-color|--abbrev(=\d+)?|--no-abbrev|--omit-empty)$/;
/** Each subcommand's own listing flags, checked after the common ones above. */
const LIST_FLAGS: Record<string, RegExp> = {
  branch: /^(-a|-r|-v|-vv|--all|--remotes|--verbose|--show-current)$/,
  tag: /^-n\d*$/,
};

/** `git branch --contains HEAD`, `git tag -l 'v*'`: a listing, with its filters, patterns and format. */
function listsRefs(sub: "branch" | "tag", rest: ShellWord[]): boolean {
  const words = rest.map((word) => word.value);
  const flags = words.filter((word) => word.startsWith("-"));
  if (!flags.every((flag) => LIST_MODE.test(flag) || LIST_OPTIONS.test(flag) || LIST_FLAGS[sub]!.test(flag))) return false;
  const listing = flags.some((flag) => LIST_MODE.test(flag) || (sub === "tag" && LIST_FLAGS.tag!.test(flag)));
  return flags.length === words.length || listing;
}

/** Subcommands that only read in one exact form: `git worktree list`, `git symbolic-ref --short HEAD`, `git remote get-url origin`. */
function readsOnly(sub: string, rest: ShellWord[]): boolean {
  const words = rest.map((word) => word.value);
  const operands = words.filter((word) => !word.startsWith("-"));
  switch (sub) {
    case "worktree":
      return words[0] === "list" && words.slice(1).every((word) => /^(-v|--verbose|--porcelain|-z)$/.test(word));
    case "symbolic-ref":
      // A second operand sets the ref; -d deletes it.
      return operands.length === 1 && words.every((word) => !word.startsWith("-") || /^(-q|--quiet|--short|--no-recurse|--recurse)$/.test(word));
    case "remote":
      return words[0] === "get-url" && operands.length === 2 && words.every((word) => !word.startsWith("-") || /^(--push|--all)$/.test(word));
    case "notes": {
      // `git notes [--ref=<ref>] [list|show|get-ref] [<object>]`; every other verb writes or opens an editor.
      const verbs = words[0]?.startsWith("--ref=") ? words.slice(1) : words;
      if (verbs.some((word) => word.startsWith("-"))) return false;
      const [verb = "list", ...objects] = verbs;
      return /^(list|show)$/.test(verb) ? objects.length <= 1 : verb === "get-ref" && objects.length === 0;
    }
    case "var":
      return words.length === 1 && GIT_VARS.test(words[0]!);
    default:
      return false;
  }
}

/** Subcommands that only list when called without arguments or with listing flags. */
const LISTING: Record<string, RegExp> = {
  remote: /^(-v|--verbose)$/,
  // `show` prints a stash's diff; --output and the like are caught before this, as for diff.
  stash: /^(list|show|-p|--patch|--stat|--name-only|--name-status|--numstat|stash@\{\d+\}|\d+)$/,
  // Reading one key or the list, in the repository's own files and the user's: a second word
  // would be a value (a write), and no option that edits, names another file or opens an editor.
  config: /^(--get|--get-all|--get-regexp|--list|-l|--show-origin|--show-scope|--name-only|--null|-z|--local|--worktree|--bool|--int|--path|[A-Za-z][\w-]*(\.[^\s=]+)+)$/,
};

const GLOBAL_WITH_VALUE = new Set(GIT_GLOBALS_WITH_VALUE);

const deny = (reason: string): PartVerdict => ({ decision: "deny", reason });
const confirm = (reason: string): PartVerdict => ({ decision: "confirm", reason });
const allow = (reason: string): PartVerdict => ({ decision: "allow", reason });

function splitGlobal(args: ShellWord[]): { globals: string[]; sub: string; rest: ShellWord[]; dynamic: boolean } {
  const globals: string[] = [];
  let i = 0;
  while (i < args.length && args[i]!.literal && args[i]!.value.startsWith("-")) {
    const flag = args[i]!.value;
    globals.push(flag);
    i += GLOBAL_WITH_VALUE.has(flag) ? 2 : 1;
  }
  const subWord = args[i];
  return { globals, sub: subWord?.literal ? subWord.value : "", rest: args.slice(i + 1), dynamic: !!subWord && !subWord.literal };
}

function destructive(sub: string, rest: ShellWord[], context?: PathContext): string | undefined {
  const opts = options(rest);
  const words = rest.map((word) => word.value);
  switch (sub) {
    case "push":
      return "git push publishes commits";
    case "config":
      return configRead(rest) ? undefined : "git config changes how git runs (hooks, pagers, aliases can run programs)";
    case "reset":
      return opts.some((o) => o === "--hard" || (o.length > 3 && "--hard".startsWith(o))) ? "git reset --hard discards work" : undefined;
    case "clean":
      // clean.requireForce can be switched off by -c, GIT_CONFIG_* or a config file, so only a
      // dry run is known not to delete.
      return hasFlag(opts, "n", ["--dry-run"]) ? undefined : "git clean deletes untracked files";
    case "checkout": {
      const operands = positionals(rest);
      const pathLike = operands.some((word) => /^:|[*?[]/.test(word.value) || word.value === "." || (word.literal && context?.exists?.(word.value)));
      const discards = words.includes("--") || hasFlag(opts, "fp", ["--force", "--ours", "--theirs", "--patch", "--merge"]) || operands.length > 1 || pathLike;
      return discards ? "git checkout of paths discards uncommitted changes in the tree" : undefined;
    }
    case "switch":
      return hasFlag(opts, "f", ["--force", "--discard-changes"]) ? "git switch --discard-changes discards work" : undefined;
    case "stash":
      return /^(drop|clear)$/.test(positionals(rest)[0]?.value ?? "") ? "git stash drop/clear throws stashed work away" : undefined;
    // The reflog and unreachable objects are what brings back a deleted branch or a reset
    // commit (checkpoints do not hold refs): expiring or pruning them makes the loss final.
    case "reflog":
      return /^(expire|delete)$/.test(positionals(rest)[0]?.value ?? "") ? "git reflog expire/delete throws away what recovers lost commits" : undefined;
    case "gc":
      // Any abbreviation git accepts (`--pru=now`); a bare --prune is gc's own two weeks.
      return opts.some((o) => o.includes("=") && "--prune".startsWith(o.split("=", 1)[0]!) && o.split("=", 1)[0]!.length > 2)
        ? "git gc --prune=<date> deletes unreachable commits before gc would"
        : undefined;
    case "prune":
      return hasFlag(opts, "n", ["--dry-run"]) ? undefined : "git prune deletes unreachable commits";
    case "restore": {
      const worktree = hasFlag(opts, "W", ["--worktree"]) || !hasFlag(opts, "S", ["--staged"]);
      return worktree ? "git restore discards changes in the tree" : undefined;
    }
    default:
      return undefined;
  }
}

/** `git config user.name`, `git config --get remote.origin.url`, `git config --list`: a read, never a write. */
function configRead(rest: ShellWord[]): boolean {
  // git 2.46's spelling: `git config get <key>`, `git config list`.
  const verb = rest[0]?.literal && /^(get|list)$/.test(rest[0].value) ? rest[0].value : undefined;
  if (verb) return configRead(verb === "list" ? [{ ...rest[0]!, value: "--list" }, ...rest.slice(1)] : rest.slice(1));
  const words = rest.map((word) => word.value);
  const keys = words.filter((word) => !word.startsWith("-"));
  const listing = words.some((word) => word === "--list" || word === "-l");
  // --get-regexp's word is a pattern over names (`alias`, `^remote\.`), not one name.
  const regexp = words.includes("--get-regexp");
  return (
    rest.every((word) => word.literal && (LISTING["config"]!.test(word.value) || (regexp && !word.value.startsWith("-")))) &&
    (listing ? keys.length === 0 : keys.length === 1) &&
    (!words.includes("--get-regexp") || keys.length === 1)
  );
}

export function gitVerdict(command: SimpleCommand, context?: PathContext): PartVerdict {
  // Printed before git looks for a repository or reads any config.
  if (command.args.length === 1 && command.args[0]!.literal && command.args[0]!.value === "--version") return allow("git --version only prints its version");
  const { globals, sub, rest, dynamic } = splitGlobal(command.args);
  if (dynamic) return confirm("git subcommand known only at run time");
  const reason = destructive(sub, rest, context);
  if (reason) return deny(reason);
  // -c and the --*-dir options can point git at programs to run or at another repository.
  // -C may point at a repository the model planted (core.fsmonitor runs on `git status`).
  if (globals.some((flag) => !/^(--no-pager|-P|--no-optional-locks|--literal-pathspecs|--no-replace-objects)$/.test(flag))) {
    return confirm(`git ${globals.join(" ")} changes what git runs or where`);
  }
  if (command.extraArgs || !rest.every((word) => word.literal && !word.unsafe)) return confirm("git with arguments known only at run time");
  const opts = options(rest);
  // --output writes a file; --open-files-in-pager and --ext-diff run other programs;
  // --no-index and --contents read files outside the repository.
  if (opts.some((o) => /^(--output|-O|--open-files-in-pager|--ext-diff|--textconv|--no-index|--contents|--exec|--upload-pack|--receive-pack)/.test(o))) {
    return confirm(`git ${sub} with options that write, read outside or run programs`);
  }
  // reflog's expire and delete were refused above (destructive).
  if (READ_ONLY.has(sub)) return allow(`git ${sub} only reads`);
  const listing = LISTING[sub];
  // Bare `git stash` is `git stash push`: it only lists when told to.
  // Any other `git config` was refused above (destructive).
  if (sub === "config") return allow("git config only reads a key");
  if ((sub === "branch" || sub === "tag") && listsRefs(sub, rest)) return allow(`git ${sub} only lists`);
  if (readsOnly(sub, rest)) return allow(`git ${sub} only reads`);
  if (listing && rest.every((word) => listing.test(word.value)) && (sub !== "stash" || rest.length > 0)) return allow(`git ${sub} only lists`);
  return confirm(`git ${sub || "(no subcommand)"} can change the repository`);
}
