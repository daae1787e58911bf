// The allowlist's table: programs that only read, each with the options known to be harmless
// (in getopt's notation, option-reader.ts) and what its operands are. An option is read as
// the program reads it — an abbreviation resolved against the program's whole option list
// (gnu-long-options.ts), a bundle split, a value attached or not — and only then looked up
// here; one not listed is not understood, so the command asks. Reading a program's manual is
// how an entry gets here; a program that can write, run another program or reach the network
// never does, and neither does an option that follows symbolic links while it walks a tree
// (`du -L`, `ls -L`, `grep -R`, `tree -l`, `rg -L`, `find -L`): the walk would leave the
// workspace through a link. Options that only dereference the named operand (`stat -L`,
// `file -L`, `ls -H`, `du -D`) stay: every operand is resolved through its links anyway.
import { gnuLongOptions } from "./gnu-long-options.js";
import type { OptionTable } from "./option-reader.js";
import { awkProgramProblem } from "./awk-program.js";
import { sedScriptProblem } from "./sed-script.js";
import type { ShellWord } from "../shell/shell-words.js";

export type OperandRole = "paths" | "none" | "first-then-paths";

export interface ProgramSpec extends OptionTable {
  /** Options (letter or long name, no dashes) whose value is a file the program reads: checked like a path operand. */
  pathValued?: readonly string[];
  operands: OperandRole;
  /** With "first-then-paths": these options supply the first operand (grep -e), so all operands are paths. */
  firstGivenBy?: readonly string[];
  maxOperands?: number;
  /** Unquoted globs may not appear at all (printf could receive `-v` from a file name). */
  noGlobs?: boolean;
  /**
   * Reads directory operands recursively (given the options used); the whole tree is checked,
   * or only its visible part ("visible": the program skips dot files, as rg does by default).
   */
  recursive?: (options: readonly string[]) => boolean | "visible";
  /** The directory read when no path operand is given (rg searches "."). */
  defaultPath?: (options: readonly string[]) => string | undefined;
  /** A last check over the literal words and the operands (values, then the words); returns why not, or undefined. */
  check?: (words: readonly string[], operands: readonly string[], operandWords: readonly ShellWord[]) => string | undefined;
}

const any = { short: "*", long: "*" } as const;
/** Whether any of the options read (full names: `-r`, `--recursive`) is one of these. */
const has = (options: readonly string[], shorts: string, longs: string[]) =>
  options.some((o) => (o.startsWith("--") ? longs.includes(o.slice(2)) : shorts.includes(o.slice(1))));
const STD = ["help", "version"];

const grep: ProgramSpec = {
  // -R/--dereference-recursive follow every symlink while recursing (-r only the operands);
  // -d/-D and --directories are left out too: `-d recurse` is -r spelled differently.
  short: "EFGPiyvwxcLlHhnbsqoaIrTZzUuVe:f:m:A:B:C:0123456789",
  long: [
    "extended-regexp", "fixed-strings", "basic-regexp", "perl-regexp", "regexp:", "ignore-case", "no-ignore-case", "invert-match",
    "word-regexp", "line-regexp", "count", "color::", "colour::", "files-without-match", "files-with-matches", "max-count:",
    "only-matching", "quiet", "silent", "no-messages", "byte-offset", "with-filename", "no-filename", "label:", "line-number",
    "initial-tab", "null", "null-data", "after-context:", "before-context:", "context:", "text", "binary-files:", "binary",
    "exclude:", "exclude-dir:", "include:", "recursive", "line-buffered", "file:", "group-separator:", "no-group-separator", ...STD,
  ],
  dashValues: ["e", "regexp"],
  pathValued: ["f", "file"],
  operands: "first-then-paths",
  firstGivenBy: ["e", "f", "regexp", "file"],
  recursive: (o) => has(o, "r", ["recursive"]),
  defaultPath: (o) => (has(o, "r", ["recursive"]) ? "." : undefined),
};

const rg: ProgramSpec = {
  // ripgrep's parser takes long names only in full. No -L/--follow (symlinks out of the
  // tree), no --pre, -z/--search-zip or --hostname-bin (they run programs), no --ignore-file.
  style: "exact",
  short: "iSsFwxvclnNHIoqUuap0.g:t:T:m:A:B:C:M:r:j:E:e:f:",
  long: [
    "ignore-case", "smart-case", "case-sensitive", "fixed-strings", "word-regexp", "line-regexp", "invert-match", "count",
    "count-matches", "files-with-matches", "files-without-match", "files", "line-number", "no-line-number", "with-filename",
    "no-filename", "no-heading", "heading", "hidden", "no-ignore", "no-ignore-vcs", "glob:", "iglob:", "type:", "type-not:",
    "max-count:", "after-context:", "before-context:", "context:", "max-columns:", "replace:", "json", "vimgrep", "only-matching",
    "multiline", "multiline-dotall", "color:", "colors:", "sort:", "sortr:", "max-depth:", "max-filesize:", "trim", "column",
    "stats", "null", "quiet", "text", "pcre2", "regexp:", "no-messages", "passthru", "no-config", "type-list", "file:",
    "unrestricted", "pre-glob:", "crlf", "byte-offset", "no-unicode", "ignore-file-case-insensitive", "one-file-system", ...STD,
  ],
  dashValues: ["e", "regexp"],
  pathValued: ["f", "file"],
  operands: "first-then-paths",
  firstGivenBy: ["e", "f", "regexp", "file", "files", "type-list"],
  recursive: (o) => (has(o, ".u", ["hidden", "unrestricted"]) ? true : "visible"),
  defaultPath: () => ".",
};

// -c/--check reads the files a list names, wherever they are.
const hashes: ProgramSpec = { short: "btz", long: ["binary", "text", "tag", "zero", ...STD], operands: "paths" };
const testCheck = (words: readonly string[]) => (words.some((w) => w === "-v" || w === "-R") ? "test -v evaluates a subscript" : undefined);

const TABLE: Record<string, ProgramSpec> = {
  // -L/--dereference: `ls -RL` walks every linked directory, wherever it leads.
  ls: {
    short: "abcdfghiklmnopqrstuvw:xABCDFGHI:NQRST:UXZ1",
    long: [
      "all", "almost-all", "author", "block-size:", "classify::", "color::", "context", "dereference-command-line",
      "dereference-command-line-symlink-to-dir", "directory", "dired", "escape", "file-type", "format:", "full-time",
      "group-directories-first", "hide:", "hide-control-chars", "human-readable", "hyperlink::", "ignore:", "ignore-backups",
      "indicator-style:", "inode", "kibibytes", "literal", "no-group", "numeric-uid-gid", "quote-name", "quoting-style:", "recursive",
      "reverse", "show-control-chars", "si", "size", "sort:", "tabsize:", "time:", "time-style:", "width:", "zero", ...STD,
    ],
    operands: "paths",
  },
  cat: { short: "AbeEnstTuv", long: ["show-all", "number-nonblank", "show-ends", "number", "squeeze-blank", "show-tabs", "show-nonprinting", ...STD], operands: "paths" },
  head: { short: "c:n:qvz0123456789", long: ["bytes:", "lines:", "quiet", "silent", "verbose", "zero-terminated", ...STD], dashValues: ["c", "n", "bytes", "lines"], operands: "paths" },
  // No -f/-F/--follow: it never ends, and would hold the turn until the timeout kills it.
  tail: {
    short: "c:n:qvz0123456789",
    long: ["bytes:", "lines:", "quiet", "silent", "verbose", "zero-terminated", ...STD],
    dashValues: ["c", "n", "bytes", "lines"],
    operands: "paths",
    // GNU tail still reads a first word `+N[bcl][f]` the obsolete way (POSIX 2008 allows it
    // again): `tail +1f log` is `tail -n +1 -f log`, a follow no option shows.
    check: (words) => (/^\+\d*[bcl]?f/.test(words[0] ?? "") ? "tail +Nf follows the file and never ends" : undefined),
  },
  nl: {
    short: "b:d:f:h:i:l:n:ps:v:w:",
    long: ["body-numbering:", "footer-numbering:", "header-numbering:", "join-blank-lines:", "line-increment:", "no-renumber", "number-format:", "number-separator:", "number-width:", "section-delimiter:", "starting-line-number:", ...STD],
    operands: "paths",
  },
  wc: { short: "clmwL", long: ["bytes", "chars", "lines", "words", "max-line-length", "total:", ...STD], operands: "paths" },
  stat: { short: "c:fLtZ", long: ["dereference", "file-system", "format:", "printf:", "terse", "cached:", ...STD], operands: "paths" },
  file: { short: "bhiLkNnprszE0", long: ["brief", "mime", "mime-type", "mime-encoding", "dereference", "no-dereference", "keep-going", "raw", "no-pad", "print0", ...STD], operands: "paths" },
  // -L/--dereference follows links met in the walk; -D/-H/--dereference-args only the operands.
  du: {
    short: "0abcd:hHklmsSt:xB:DP",
    long: [
      "all", "apparent-size", "block-size:", "bytes", "count-links", "dereference-args", "exclude:", "human-readable", "inodes", "max-depth:",
      "no-dereference", "null", "one-file-system", "separate-dirs", "si", "summarize", "threshold:", "time::", "time-style:", "total", ...STD,
    ],
    operands: "paths",
  },
  df: { short: "aB:hHiklPTt:x:", long: ["all", "block-size:", "exclude-type:", "human-readable", "inodes", "local", "output::", "portability", "print-type", "si", "total", "type:", ...STD], operands: "paths" },
  // tree takes long names in full only. -l follows symbolic links to directories; -R and -o write files.
  // -I and -P take a name pattern to leave out or keep (`tree -I node_modules`).
  tree: { style: "exact", short: "adfixpsugDFrtvhQNACSJL:I:P:", long: ["noreport", "dirsfirst", "charset:", "gitignore", "du", "prune", "filelimit:", "matchdirs", "ignore-case", "sort:", ...STD], operands: "paths" },
  basename: { short: "as:z", long: ["multiple", "suffix:", "zero", ...STD], operands: "none" },
  dirname: { short: "z", long: ["zero", ...STD], operands: "none" },
  realpath: { short: "eLmPqsz", long: ["canonicalize-existing", "canonicalize-missing", "logical", "physical", "quiet", "strip", "no-symlinks", "zero", ...STD], operands: "paths" },
  readlink: { short: "efmnqsvz", long: ["canonicalize", "canonicalize-existing", "canonicalize-missing", "no-newline", "quiet", "silent", "verbose", "zero", ...STD], operands: "paths" },
  // diff -r follows links inside the trees it compares: the recursive walk checks them.
  // No --from-file/--to-file (read other files), -l/--paginate (runs pr).
  diff: {
    short: "abBcdEiNnpqrstTuwyZU:C:0123456789",
    long: [
      "brief", "report-identical-files", "side-by-side", "ignore-case", "ignore-all-space", "ignore-space-change", "ignore-blank-lines",
      "ignore-trailing-space", "ignore-tab-expansion", "text", "unified::", "context::", "recursive", "new-file", "color::", "normal",
      "minimal", "strip-trailing-cr", "suppress-common-lines", "expand-tabs", "initial-tab", "show-function-line:", "show-c-function",
      "no-dereference", "width:", "tabsize:", "label:", "speed-large-files", "suppress-blank-empty", "left-column", ...STD,
    ],
    operands: "paths",
    maxOperands: 2,
    recursive: (o) => has(o, "r", ["recursive"]),
  },
  cmp: { short: "blsi:n:", long: ["print-bytes", "verbose", "quiet", "silent", "bytes:", "ignore-initial:", ...STD], operands: "paths", maxOperands: 2 },
  cut: {
    short: "b:c:d:f:nsz",
    long: ["bytes:", "characters:", "delimiter:", "fields:", "complement", "only-delimited", "output-delimiter:", "zero-terminated", ...STD],
    operands: "paths",
  },
  tr: { ...any, operands: "none" },
  grep, egrep: grep, fgrep: grep,
  rg,
  sort: {
    // No -o (writes), -T (temp files anywhere), --compress-program, --files0-from, --random-source.
    short: "bdfgiMhnRrVcCsuzk:t:",
    long: [
      "ignore-leading-blanks", "dictionary-order", "ignore-case", "general-numeric-sort", "ignore-nonprinting", "month-sort",
      "human-numeric-sort", "numeric-sort", "reverse", "version-sort", "check::", "stable", "unique", "zero-terminated", "key:",
      "field-separator:", ...STD,
    ],
    operands: "paths",
  },
  // A second operand of uniq is its output file.
  uniq: {
    short: "cdDf:is:uw:z",
    long: ["count", "repeated", "all-repeated::", "group::", "ignore-case", "unique", "skip-fields:", "skip-chars:", "check-chars:", "zero-terminated", ...STD],
    operands: "paths",
    maxOperands: 1,
  },
  jq: {
    // jq's parser takes long names in full only; --arg and --argjson take two words. No
    // -f/--from-file/-L/--slurpfile/--rawfile/--args: they read files or change what operands mean.
    style: "exact",
    short: "rjacnsSCMeh",
    long: [
      "raw-output", "join-output", "ascii-output", "compact-output", "null-input", "slurp", "sort-keys", "color-output", "monochrome-output",
      "tab", "indent:", "exit-status", "raw-input", "seq", "stream", "arg:2", "argjson:2", "help",
    ],
    dashValues: ["arg", "argjson"],
    operands: "first-then-paths",
    // `import "…" as $x` and `include` load files from anywhere.
    check: (words) => (words.some((w) => /\b(import|include|modulemeta|input_filename|\$__loc__)\b/.test(w)) ? "a jq filter that loads modules"
      // `env` and `$ENV` print the environment, whose secrets only go by name (env-secrets.ts).
      : words.some((w) => /(^|[^\w$.])(env|\$ENV)\b/.test(w)) ? "a jq filter that reads the environment" : undefined),
  },
  // The script first, then the files it reads. No -i (edits the files), -e/-f (scripts from
  // elsewhere); the script itself may only select, edit and print (sed-script.ts).
  sed: {
    short: "nErszul:",
    long: ["quiet", "silent", "regexp-extended", "separate", "null-data", "zero-terminated", "unbuffered", "line-length:", "posix", "debug", "sandbox", ...STD],
    operands: "first-then-paths",
    check: (_words, operands, words) => (!words[0]?.literal ? "sed with a script known only at run time" : sedScriptProblem(operands[0]!)),
  },
  // The program first, then the files it reads: only -F and -v (awk-program.ts judges the program).
  awk: { style: "exact", short: "F:v:", long: [], operands: "first-then-paths", check: awkCheck },
  seq: { ...any, operands: "none" },
  // Text readers that print a rearranged copy of their files: nothing they take writes or runs.
  tac: { short: "brs:", long: ["before", "regex", "separator:", ...STD], operands: "paths" },
  rev: { style: "exact", short: "0hV", long: ["zero", "help", "version"], operands: "paths" },
  fold: { short: "bsw:", long: ["bytes", "spaces", "width:", ...STD], operands: "paths" },
  paste: { short: "d:sz", long: ["delimiters:", "serial", "zero-terminated", ...STD], operands: "paths" },
  comm: { short: "123z", long: ["check-order", "nocheck-order", "output-delimiter:", "total", "zero-terminated", ...STD], operands: "paths", maxOperands: 2 },
  column: {
    style: "exact",
    short: "ts:o:c:xneN:JlLdhV",
    long: ["table", "separator:", "output-separator:", "output-width:", "fillrows", "table-noheadings", "keep-empty-lines", "table-columns:", "json", "help", "version"],
    operands: "paths",
  },
  base64: { short: "diw:", long: ["decode", "ignore-garbage", "wrap:", ...STD], operands: "paths", maxOperands: 1 },
  // Pure computation or waiting: no files at all.
  expr: { ...any, operands: "none" },
  sleep: { short: "", long: STD, operands: "none" },
  yes: { short: "", long: STD, operands: "none" },
  nproc: { short: "", long: ["all", "ignore:", ...STD], operands: "none", maxOperands: 0 },
  sha256sum: hashes, sha1sum: hashes, sha512sum: hashes, md5sum: hashes, b2sum: hashes,
  cksum: { short: "", long: STD, operands: "paths" },
  od: {
    short: "A:j:N:t:vabcdfilosxw::S:",
    long: ["address-radix:", "skip-bytes:", "read-bytes:", "format:", "output-duplicates", "strings::", "width::", "endian:", ...STD],
    operands: "paths",
  },
  hexdump: {
    short: "bcCdoxvs:n:",
    long: ["one-byte-octal", "one-byte-char", "canonical", "two-bytes-decimal", "two-bytes-octal", "two-bytes-hex", "length:", "skip:", "no-squeezing", ...STD],
    operands: "paths",
  },
  // xxd reads `-ps` as -p and `-c8` as -c 8; a second operand is a file it writes; -r turns a dump back into bytes.
  xxd: { style: "first-letter", short: "aEbeiupdCs:c:l:g:o:n:", long: [], dashValues: ["s"], operands: "paths", maxOperands: 1 },
  echo: { ...any, operands: "none", dynamic: true },
  printf: { short: "", long: [], operands: "none", noGlobs: true },
  pwd: { short: "LP", long: [], operands: "none", maxOperands: 0 },
  true: { ...any, operands: "none" }, false: { ...any, operands: "none" }, ":": { ...any, operands: "none" },
  which: { short: "as", long: [], operands: "none" },
  type: { short: "aftpP", long: [], operands: "none" },
  whoami: { short: "", long: [], operands: "none", maxOperands: 0 },
  id: { short: "agGnruzZ", long: ["context", "group", "groups", "name", "real", "user", "zero", ...STD], operands: "none" },
  uname: {
    short: "asnrvmpio",
    long: ["all", "kernel-name", "sysname", "nodename", "kernel-release", "release", "kernel-version", "machine", "processor", "hardware-platform", "operating-system", ...STD],
    operands: "none",
    maxOperands: 0,
  },
  hostname: { short: "", long: [], operands: "none", maxOperands: 0 },
  date: {
    short: "d:I::Ru",
    long: ["date:", "debug", "iso-8601::", "rfc-email", "rfc-822", "rfc-2822", "rfc-3339:", "resolution", "universal", "utc", "uct", ...STD],
    dashValues: ["d", "date"],
    operands: "none",
    maxOperands: 1,
    // An operand that is not +FORMAT sets the clock.
    check: (_words, operands) => (operands.some((operand) => !operand.startsWith("+")) ? "date with an operand that sets the clock" : undefined),
  },
  // Alone it prints the whole environment: a secret whose name the scrubbing misses (DB_PW) would go out.
  printenv: { short: "0", long: ["null", ...STD], operands: "none", check: (_words, operands) => (operands.length === 0 ? "printenv prints the whole environment" : undefined) },
  // `test -v 'a[$(cmd)]'` and -R evaluate an array subscript, running the $(…).
  test: { ...any, operands: "none", check: testCheck },
  "[": { ...any, operands: "none", check: testCheck },
};

/** Each GNU program's table with its whole long-option list attached, so abbreviations resolve. */
function withManuals(table: Record<string, ProgramSpec>): Record<string, ProgramSpec> {
  const out: Record<string, ProgramSpec> = {};
  for (const [name, spec] of Object.entries(table)) {
    const allLong = (spec.style ?? "gnu") === "gnu" ? gnuLongOptions(name) : undefined;
    out[name] = allLong ? { ...spec, allLong } : spec;
  }
  return out;
}

export const SAFE_PROGRAMS: Record<string, ProgramSpec> = withManuals(TABLE);

function awkCheck(_words: readonly string[], operands: readonly string[], words: readonly ShellWord[]): string | undefined {
  return !words[0]?.literal ? "awk with a program known only at run time" : awkProgramProblem(operands[0] ?? "");
}

/** Version checks that print and exit before reading any file or config: `node -v`, `python3 -V`. */
const VERSION_ONLY: Record<string, ProgramSpec> = {
  node: { style: "exact", short: "v", long: ["version"], operands: "none" },
  python3: { style: "exact", short: "V", long: ["version"], operands: "none" },
  python: { style: "exact", short: "V", long: ["version"], operands: "none" },
};

/** `command -v name`, a version check: spelled as one command, judged by their words. (`env` alone prints the environment: it asks.) */
export function specialForm(name: string, words: readonly string[]): ProgramSpec | undefined {
  if (VERSION_ONLY[name] && words.length === 1) return VERSION_ONLY[name];
  if (name === "command" && /^-[vV]$/.test(words[0] ?? "")) return { short: "vV", long: [], operands: "none" };
  return undefined;
}

/** Under the sandbox, writes stay in the workspace: these may then run unasked. */
export const SANDBOX_WRITERS: Record<string, ProgramSpec> = withManuals({
  touch: { short: "acm", long: ["no-create", ...STD], operands: "paths" },
  mkdir: { short: "pv", long: ["parents", "verbose", ...STD], operands: "paths" },
  // No -l/-s (links), -L/-H (copy what links point to), no -t spelled any way but plain:
  // every operand is checked as a write.
  cp: { short: "rRfpaivnuPTx", long: ["recursive", "force", "archive", "interactive", "verbose", "no-clobber", "update::", "no-target-directory", ...STD], operands: "paths" },
  mv: { short: "fivnuT", long: ["force", "interactive", "verbose", "no-clobber", "update::", "no-target-directory", ...STD], operands: "paths" },
  rm: { short: "iv", long: ["verbose", ...STD], operands: "paths" },
  rmdir: { short: "pv", long: ["parents", "verbose", ...STD], operands: "paths" },
  tee: { short: "ai", long: ["append", "ignore-interrupts", ...STD], operands: "paths" },
});
