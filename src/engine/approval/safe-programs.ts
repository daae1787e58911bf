// The allowlist's table: programs that only read, each with the options known to be harmless
// and what its operands are. An option not listed (including GNU abbreviations like `--out`)
// is not understood, so the command asks. Reading a program's manual is how an entry gets
// here; a program that can write, run another program or reach the network never does.

export type OperandRole = "paths" | "none" | "first-then-paths";

export interface ProgramSpec {
  /** Allowed short option letters; "*" when every short option of the program only reads. */
  short: string;
  /** Allowed long option names (without `--`); "*" when every long option only reads. */
  long: readonly string[] | "*";
  /** Short letters / long names whose value follows (attached or as the next word). */
  valued?: string;
  longValued?: readonly string[];
  /** Options whose value is a file the program reads (checked like a path operand). */
  pathValued?: readonly string[];
  operands: OperandRole;
  /** With "first-then-paths": these options supply the first operand (grep -e), so all operands are paths. */
  firstGivenBy?: readonly string[];
  maxOperands?: number;
  /** Words known only at run time ($VAR) are harmless here: echo only prints them. */
  dynamic?: boolean;
  /** Unquoted globs may not appear at all (printf could receive `-v` from a file name). */
  noGlobs?: boolean;
  /**
   * Reads directory operands recursively (given the options used); the whole tree is checked,
   * or only its visible part ("visible": the program skips dot files, as rg does by default).
   */
  recursive?: (options: readonly string[]) => boolean | "visible";
  /** The directory read when no path operand is given (rg searches "."). */
  defaultPath?: (options: readonly string[]) => string | undefined;
  /** A last check over the literal words; returns why not, or undefined. */
  check?: (words: readonly string[]) => string | undefined;
}

const any = { short: "*", long: "*" } as const;
const has = (options: readonly string[], shorts: string, longs: string[]) =>
  options.some((o) => (o.startsWith("--") ? longs.includes(o.slice(2).split("=", 1)[0]!) : [...o.slice(1)].some((c) => shorts.includes(c))));

const GREP_LONG = [
  "extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "regexp", "ignore-case", "no-ignore-case", "invert-match",
  "word-regexp", "line-regexp", "count", "color", "colour", "files-without-match", "files-with-matches", "max-count",
  "only-matching", "quiet", "silent", "no-messages", "byte-offset", "with-filename", "no-filename", "label", "line-number",
  "initial-tab", "null", "null-data", "after-context", "before-context", "context", "text", "binary-files",
  "exclude", "exclude-dir", "include", "recursive", "line-buffered", "file",
];
const grep: ProgramSpec = {
  // -R follows every symlink while it recurses, so it is not here (-r only follows the operands);
  // -d/-D and --directories are left out too: `-d recurse` is -r spelled differently.
  short: "EFGPiyvwxcLlHhnbsqoaIrTZzUefmABC0123456789",
  long: GREP_LONG,
  valued: "efmABC",
  longValued: ["regexp", "file", "max-count", "label", "after-context", "before-context", "context", "binary-files", "exclude", "exclude-dir", "include"],
  pathValued: ["f", "file"],
  operands: "first-then-paths",
  firstGivenBy: ["e", "f", "regexp", "file"],
  recursive: (o) => has(o, "r", ["recursive"]),
  defaultPath: (o) => (has(o, "r", ["recursive"]) ? "." : undefined),
};

const RG_LONG = [
  "ignore-case", "smart-case", "case-sensitive", "fixed-strings", "word-regexp", "line-regexp", "invert-match", "count",
  "count-matches", "files-with-matches", "files-without-match", "files", "line-number", "no-line-number", "with-filename",
  "no-filename", "no-heading", "heading", "hidden", "no-ignore", "no-ignore-vcs", "glob", "iglob", "type", "type-not",
  "max-count", "after-context", "before-context", "context", "max-columns", "replace", "json", "vimgrep", "only-matching",
  "multiline", "multiline-dotall", "color", "colors", "sort", "sortr", "max-depth", "max-filesize", "trim", "column",
  "stats", "null", "quiet", "text", "pcre2", "regexp", "no-messages", "passthru", "no-config", "type-list", "file",
  "unrestricted", "pre-glob", "crlf", "byte-offset", "no-unicode", "ignore-file-case-insensitive", "one-file-system",
];
const rg: ProgramSpec = {
  // No -L/--follow (symlinks out of the tree), no --pre, -z or --hostname-bin (run programs).
  short: "iSsFwxvclnNHIoqUuap0gtTmABCMrjEef.",
  long: RG_LONG,
  valued: "gtTmABCMrjEef",
  longValued: ["pre-glob", "glob", "iglob", "type", "type-not", "max-count", "after-context", "before-context", "context", "max-columns", "replace", "colors", "sort", "sortr", "max-depth", "max-filesize", "regexp", "file", "color"],
  pathValued: ["f", "file"],
  operands: "first-then-paths",
  firstGivenBy: ["e", "f", "regexp", "file", "files", "type-list"],
  recursive: (o) => (has(o, ".u", ["hidden", "unrestricted"]) ? true : "visible"),
  defaultPath: () => ".",
};

const hashes: ProgramSpec = { short: "btz", long: ["binary", "text", "tag", "zero"], operands: "paths" };

export const SAFE_PROGRAMS: Record<string, ProgramSpec> = {
  ls: { ...any, operands: "paths" },
  cat: { ...any, operands: "paths" },
  head: { ...any, operands: "paths" },
  tail: { ...any, operands: "paths" },
  nl: { ...any, operands: "paths" },
  wc: { short: "clmwL", long: ["bytes", "chars", "lines", "words", "max-line-length", "total"], operands: "paths" },
  stat: { short: "LfcZt", long: ["dereference", "file-system", "format", "printf", "terse"], valued: "c", longValued: ["format", "printf"], operands: "paths" },
  file: { short: "bhiLkNnprszE0", long: ["brief", "mime", "mime-type", "mime-encoding", "dereference", "no-dereference", "keep-going", "raw", "no-pad", "print0"], operands: "paths" },
  du: {
    short: "abcDhHklLmsSx0d",
    long: ["all", "apparent-size", "bytes", "total", "human-readable", "si", "summarize", "max-depth", "threshold", "dereference", "count-links", "separate-dirs", "one-file-system", "null", "inodes"],
    valued: "d",
    operands: "paths",
  },
  df: { short: "ahHiklPTx", long: ["all", "human-readable", "si", "inodes", "local", "portability", "print-type", "total"], operands: "paths" },
  tree: { short: "adlfixpsugDFrtvhQNACSJL", long: ["noreport", "dirsfirst", "charset", "gitignore", "du", "prune", "filelimit", "matchdirs", "ignore-case", "sort"], valued: "L", longValued: ["charset", "filelimit", "sort"], operands: "paths" },
  basename: { short: "asz", long: ["multiple", "suffix", "zero"], valued: "s", longValued: ["suffix"], operands: "none" },
  dirname: { short: "z", long: ["zero"], operands: "none" },
  realpath: { short: "eLmPqsz", long: ["canonicalize-existing", "canonicalize-missing", "logical", "physical", "quiet", "strip", "no-symlinks", "zero"], operands: "paths" },
  readlink: { short: "efmnqsvz", long: ["canonicalize", "canonicalize-existing", "canonicalize-missing", "no-newline", "quiet", "silent", "verbose", "zero"], operands: "paths" },
  diff: {
    short: "abBdEiNnpqrstTuwyZU0123456789",
    long: ["brief", "report-identical-files", "side-by-side", "ignore-case", "ignore-all-space", "ignore-space-change", "ignore-blank-lines", "text", "unified", "recursive", "new-file", "color", "normal", "minimal", "strip-trailing-cr", "suppress-common-lines", "expand-tabs", "initial-tab", "show-function-line", "stat"],
    valued: "U",
    operands: "paths",
    maxOperands: 2,
    recursive: (o) => has(o, "r", ["recursive"]),
  },
  cmp: { short: "bls", long: ["print-bytes", "verbose", "quiet", "silent"], operands: "paths", maxOperands: 2 },
  cut: { short: "bcdfsnz", long: ["bytes", "characters", "delimiter", "fields", "complement", "only-delimited", "output-delimiter", "zero-terminated"], valued: "bcdf", longValued: ["bytes", "characters", "delimiter", "fields", "output-delimiter"], operands: "paths" },
  tr: { ...any, operands: "none" },
  grep, egrep: grep, fgrep: grep,
  rg,
  sort: {
    // No -o (writes), -T (temp files anywhere), --compress-program, --files0-from, --random-source.
    short: "bdfgiMhnRrVcCsuzkt",
    long: ["ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort", "human-numeric-sort", "numeric-sort", "reverse", "version-sort", "check", "stable", "unique", "zero-terminated", "key", "field-separator"],
    valued: "kt",
    longValued: ["key", "field-separator"],
    operands: "paths",
  },
  // A second operand of uniq is its output file.
  uniq: { short: "cdDiuzfsw", long: ["count", "repeated", "ignore-case", "unique", "zero-terminated", "skip-fields", "skip-chars", "check-chars"], valued: "fsw", longValued: ["skip-fields", "skip-chars", "check-chars"], operands: "paths", maxOperands: 1 },
  jq: {
    // No -f/--from-file/-L/--slurpfile/--rawfile/--args: they read files or change what operands mean.
    short: "rjacnsSCMe",
    long: ["raw-output", "join-output", "ascii-output", "compact-output", "null-input", "slurp", "sort-keys", "color-output", "monochrome-output", "tab", "indent", "exit-status", "raw-input", "seq", "stream", "arg", "argjson"],
    longValued: ["indent", "arg", "argjson"],
    operands: "first-then-paths",
    // `import "…" as $x` and `include` load files from anywhere.
    check: (words) => (words.some((w) => /\b(import|include|modulemeta|input_filename|\$__loc__)\b/.test(w)) ? "a jq filter that loads modules" : undefined),
  },
  seq: { ...any, operands: "none" },
  sha256sum: hashes, sha1sum: hashes, sha512sum: hashes, md5sum: hashes, b2sum: hashes,
  cksum: { short: "", long: [], operands: "paths" },
  od: { short: "AjNtvbcdfiloxswS", long: [], valued: "AjNtwS", operands: "paths" },
  hexdump: { short: "bcCdoxvsn", long: [], valued: "sn", operands: "paths" },
  // A second operand of xxd is a file it writes; -r turns a dump back into bytes.
  xxd: { short: "aEbeiupsculdgon", long: [], valued: "sclgon", operands: "paths", maxOperands: 1 },
  echo: { ...any, operands: "none", dynamic: true },
  printf: { short: "", long: [], operands: "none", noGlobs: true },
  pwd: { short: "LP", long: [], operands: "none", maxOperands: 0 },
  true: { ...any, operands: "none" }, false: { ...any, operands: "none" }, ":": { ...any, operands: "none" },
  which: { short: "as", long: [], operands: "none" },
  type: { short: "aftpP", long: [], operands: "none" },
  whoami: { short: "", long: [], operands: "none", maxOperands: 0 },
  id: { short: "gGnruz", long: ["group", "groups", "name", "real", "user", "zero"], operands: "none" },
  uname: { short: "asnrvmpio", long: ["all", "kernel-name", "nodename", "kernel-release", "kernel-version", "machine", "processor", "hardware-platform", "operating-system"], operands: "none", maxOperands: 0 },
  hostname: { short: "", long: [], operands: "none", maxOperands: 0 },
  date: {
    short: "uRd",
    long: ["utc", "universal", "rfc-email", "rfc-3339", "iso-8601", "date"],
    valued: "d",
    longValued: ["date"],
    operands: "none",
    maxOperands: 1,
    // An operand that is not +FORMAT sets the clock.
    check: (words) => (words.some((w) => !w.startsWith("-") && !w.startsWith("+") && !/^(date|-d|--date)$/.test(w)) ? "date with an operand that sets the clock" : undefined),
  },
  printenv: { short: "0", long: ["null"], operands: "none" },
  // `test -v 'a[$(cmd)]'` and -R evaluate an array subscript, running the $(…).
  test: { ...any, operands: "none", check: (words) => (words.some((w) => w === "-v" || w === "-R") ? "test -v evaluates a subscript" : undefined) },
  "[": { ...any, operands: "none", check: (words) => (words.some((w) => w === "-v" || w === "-R") ? "test -v evaluates a subscript" : undefined) },
};

/** `command -v name`, `env` with no arguments: spelled as one command, judged by their words. */
export function specialForm(name: string, words: readonly string[]): ProgramSpec | undefined {
  if (name === "command" && /^-[vV]$/.test(words[0] ?? "")) return { short: "vV", long: [], operands: "none" };
  if (name === "env" && words.length === 0) return { short: "", long: [], operands: "none" };
  return undefined;
}

/** Under the sandbox, writes stay in the workspace: these may then run unasked. */
export const SANDBOX_WRITERS: Record<string, ProgramSpec> = {
  touch: { short: "acm", long: ["no-create"], operands: "paths" },
  mkdir: { short: "pv", long: ["parents", "verbose"], operands: "paths" },
  // No -l/-s (links), no -t spelled any way but plain: every operand is checked as a write.
  cp: { short: "rRfpaivnuPTx", long: ["recursive", "force", "archive", "interactive", "verbose", "no-clobber", "update", "no-target-directory"], operands: "paths" },
  mv: { short: "fivnuT", long: ["force", "interactive", "verbose", "no-clobber", "update", "no-target-directory"], operands: "paths" },
  rm: { short: "iv", long: ["verbose"], operands: "paths" },
  rmdir: { short: "pv", long: ["parents", "verbose"], operands: "paths" },
  tee: { short: "ai", long: ["append", "ignore-interrupts"], operands: "paths" },
};
