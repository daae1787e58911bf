// The tables: which programs are dangerous, which only read, and the argument checks that
// decide in between. Judges one simple command at a time; command-policy.ts combines them.
import path from "node:path";
import { hasFlag, isRootOrAbove, namesCredentials, options, pathScope, positionals, worstScope, type PathContext, type PathScope } from "../shell/command-paths.js";
import { readShellLaunch, SHELLS } from "../shell/shell-launch.js";
import { fileWriterVerdict } from "./file-writers.js";
import { gitVerdict } from "./git-rules.js";
import { testCommandVerdict } from "./test-runners.js";
import { awkProgramProblem } from "../allowlist/awk-program.js";
import { sedScriptProblem } from "../allowlist/sed-script.js";
import { STDIN_PATHS, type SimpleCommand } from "../shell/shell-parse.js";
import type { ShellWord } from "../shell/shell-words.js";

export type Decision = "allow" | "confirm" | "deny";

export interface PartVerdict {
  decision: Decision;
  reason: string;
  /** Confirmed only because it writes inside the workspace: a sandbox makes that safe. */
  writesInside?: boolean;
  /** The literal paths it writes, so the caller can flag critical files. */
  written?: string[];
  /** Allowed by a user's allow rule, not because it only reads. */
  byRule?: true;
}

const allow = (reason: string): PartVerdict => ({ decision: "allow", reason });
const confirm = (reason: string, writesInside = false): PartVerdict => ({ decision: "confirm", reason, ...(writesInside ? { writesInside } : {}) });
const deny = (reason: string): PartVerdict => ({ decision: "deny", reason });

/** Never run, whatever the arguments. */
export const DANGEROUS_PROGRAMS: Record<string, string> = {
  sudo: "runs as another user", su: "runs as another user", doas: "runs as another user", pkexec: "runs as another user",
  runuser: "runs as another user", sudoedit: "runs as another user",
  dd: "writes raw disk blocks", mkfs: "formats a disk", fdisk: "partitions a disk", sfdisk: "partitions a disk",
  parted: "partitions a disk", wipefs: "erases disk signatures", mkswap: "formats a disk", shred: "destroys file contents",
  blkdiscard: "erases a disk", shutdown: "stops the machine", reboot: "stops the machine", halt: "stops the machine",
  poweroff: "stops the machine",
};

/** Programs that only read; allowed when every argument is literal. `globs` allows *.ts. */
export const READ_ONLY_PROGRAMS: Record<string, { globs?: boolean; anyArgs?: boolean; check?: (args: ShellWord[]) => boolean; why?: string }> = {
  ls: { globs: true }, cat: { globs: true }, head: { globs: true }, wc: { globs: true },
  tail: { globs: true, check: (args) => !hasFlag(options(args), "fF", ["--follow", "--retry", "--pid"]), why: "tail -f never ends: it would run until the timeout kills it" },
  pwd: {}, echo: { anyArgs: true }, printf: { anyArgs: true, check: (args) => !options(args).some((o) => o.startsWith("-v")) },
  true: {}, false: {}, which: {}, type: {}, whoami: {}, id: {}, uname: {}, hostname: { check: (args) => args.length === 0 },
  // file -C compiles a magic file and writes it into the current directory.
  date: { check: (args) => !hasFlag(options(args), "s", ["--set"]) }, stat: { globs: true }, file: { globs: true, check: (args) => !hasFlag(options(args), "C", ["--compile"]) },
  du: { globs: true }, df: {}, tree: { check: (args) => !hasFlag(options(args), "o", ["--output"]) }, basename: {}, dirname: {},
  realpath: {}, readlink: {}, diff: {}, cmp: {}, nl: {}, cut: {}, tr: {}, grep: { globs: true }, egrep: { globs: true },
  // --pre runs a program on every file; ripgrep 14's --hostname-bin runs one for hyperlinks.
  fgrep: { globs: true }, rg: { check: (args) => !options(args).some((o) => (o.startsWith("--pre") && !o.startsWith("--pre-glob")) || o.startsWith("--hostname-bin")) },
  uniq: { check: (args) => positionals(args).length <= 1 },
  tac: { globs: true }, rev: { globs: true }, fold: { globs: true }, paste: { globs: true }, comm: { globs: true }, column: { globs: true },
  base64: {}, expr: {}, sleep: {}, yes: {}, nproc: {},
  // Only a script that selects, edits and prints (no w, r, e), never -i or a script from -e/-f.
  sed: { check: (args) => !hasFlag(options(args), "ief", ["--in-place", "--expression", "--file"]) && sedScriptProblem(positionals(args)[0]?.value ?? "") === undefined },
  sort: { check: (args) => !hasFlag(options(args), "o", ["--output", "--compress-program"]) },
  // Only -F and -v, and a program that neither runs, writes nor reads beyond its operands (awk-program.ts).
  awk: { check: (args) => options(args).every((o) => /^-[Fv]/.test(o)) && awkProgramProblem(positionals(args)[0]?.value ?? "") === undefined },
  jq: {}, seq: {}, sha256sum: { globs: true }, sha1sum: { globs: true }, md5sum: { globs: true }, cksum: {},
  od: {}, hexdump: {}, xxd: { check: (args) => positionals(args).length <= 1 && !hasFlag(options(args), "r", ["--revert"]) },
  // bash evaluates an array subscript in `test -v 'a[$(cmd)]'` (and -R), running the $(…).
  test: { check: testIsReadOnly }, "[": { check: testIsReadOnly }, printenv: { check: (args) => positionals(args).length > 0, why: "printenv prints the whole environment" }, cd: { anyArgs: true }, ":": {},
  command: { check: (args) => /^-[vV]$/.test(args[0]?.value ?? "") },
  find: { globs: false, check: findIsReadOnly },
};

function testIsReadOnly(args: ShellWord[]): boolean {
  return !args.some((word) => word.value === "-v" || word.value === "-R");
}

/** Programs that run code they read from stdin when given no script. */
const INTERPRETERS = new Set([...SHELLS, "source", ".", "python", "python3", "perl", "ruby", "node", "php", "lua", "tclsh", "osascript"]);

/** Commands that write the paths they are given. `dest` picks which positional is written. */
const WRITERS: Record<string, "all" | "last" | "after-first"> = {
  touch: "all", mkdir: "all", tee: "all", truncate: "all", rmdir: "all", unlink: "all", mv: "all",
  cp: "last", ln: "last", install: "last", chmod: "after-first", chown: "after-first", chgrp: "after-first",
};

function findIsReadOnly(args: ShellWord[]): boolean {
  return !args.some((word) => word.literal && /^-(fprint0?|fprintf|fls)$/.test(word.value));
}

function everyWordLiteral(args: ShellWord[], globs: boolean): boolean {
  return args.every((word) => word.literal && !word.unsafe && (globs || !word.glob));
}

function rmVerdict(command: SimpleCommand, context: PathContext): PartVerdict {
  const opts = options(command.args);
  if (hasFlag(opts, "rRf", ["--recursive", "--force", "--no-preserve-root"])) return deny("recursive or forced delete (rm -r/-f)");
  const targets = positionals(command.args);
  if (targets.some((word) => isRootOrAbove(word, context))) return deny("deletes /, ~, the workspace or a parent of it");
  if (targets.some((word) => pathScope(word, context) === "outside")) return deny("deletes files outside the workspace");
  if (command.extraArgs || !everyWordLiteral(command.args, true)) return confirm("rm with arguments known only at run time");
  if (targets.some((word) => pathScope(word, context) === "unknown")) return confirm("rm of paths relative to a directory known only at run time");
  return { ...confirm("deletes files in the workspace", true), written: targets.map((word) => word.value) };
}

/** cp/mv/ln/install -t DIR in every spelling: `-t D`, `-tD`, `-vt D`, `--target-directory[=]D`, `--targ=D`. */
function targetDirectory(args: ShellWord[]): ShellWord | undefined {
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal || word.value === "--") break;
    const long = /^--(t[a-z-]*)(?:=(.*))?$/.exec(word.value);
    if (long && "target-directory".startsWith(long[1]!)) return long[2] !== undefined ? { ...word, value: long[2] } : args[i + 1];
    const short = /^-[A-Za-z]*?t(.*)$/.exec(word.value);
    if (short && !word.value.startsWith("--")) return short[1] ? { ...word, value: short[1] } : args[i + 1];
  }
  return undefined;
}

/** A chmod mode: 755, u+x, -rwx, a=r,go-w. A word that is not one (and not an option) is a path. */
const CHMOD_MODE = /^([0-7]{1,4}|([ugoa]*([-+=]([rwxXst]*|[ugo]))+)(,[ugoa]*([-+=]([rwxXst]*|[ugo]))+)*)$/;
const CHMOD_OPTION = /^(-[Rcfv]+|--(recursive|changes|silent|quiet|verbose|preserve-root|no-preserve-root|reference=.*))$/;

function writerVerdict(command: SimpleCommand, mode: "all" | "last" | "after-first", context: PathContext): PartVerdict {
  const opts = options(command.args);
  const all = positionals(command.args);
  const target = mode === "last" ? targetDirectory(command.args) : undefined;
  let written: ShellWord[];
  if (target) written = [target];
  else if (command.name === "chmod") {
    // `chmod -R -rwx ~`: the mode starts with `-`, so "options" cannot be told apart by their dash.
    const words = command.args.filter((word) => !(word.literal && CHMOD_OPTION.test(word.value)) && word.value !== "--");
    const modeAt = opts.some((o) => o.startsWith("--reference")) ? -1 : words.findIndex((word) => word.literal && CHMOD_MODE.test(word.value));
    written = words.filter((_word, i) => i !== modeAt);
  } else if (mode === "last") written = all.slice(-1);
  else if (mode === "after-first") written = opts.some((o) => o.startsWith("--reference")) ? all : all.slice(1);
  else written = all;
  const scope: PathScope = command.extraArgs ? "unknown" : worstScope(written.map((word) => pathScope(word, context)));
  if (scope === "outside") return deny(`${command.name} changes files outside the workspace`);
  // A hard link made earlier (`ln ~/.bashrc x`) makes a write to x a write to the original.
  const linked = written.find((word) => word.literal && (context.linkCount?.(path.posix.resolve(context.root, word.value)) ?? 0) > 1);
  if (linked && command.name !== "rm" && command.name !== "unlink" && command.name !== "mv") return deny(`${linked.value} has more than one hard link: writing it changes every linked copy`);
  if (scope === "unknown" || written.length === 0) return confirm(`${command.name} with paths known only at run time`);
  return { ...confirm(`${command.name} changes files in the workspace`, true), written: written.map((word) => word.value) };
}

/** `node -v`, `python3 -V`: printed and exited before any file or config is read. */
const VERSION_FLAGS: Record<string, readonly string[]> = { node: ["-v", "--version"], python3: ["-V", "--version"], python: ["-V", "--version"] };

function interpreterVerdict(command: SimpleCommand): PartVerdict {
  const only = command.args.length === 1 && command.args[0]!.literal ? command.args[0]!.value : undefined;
  if (only !== undefined && VERSION_FLAGS[command.name]?.includes(only) && command.redirects.length === 0) return allow(`${command.name} ${only} only prints its version`);
  // A shell's options are read as it reads them: in `bash -o pipefail` or `bash --rcfile x`
  // the word after the option is its value, not a script, so the script still comes from stdin.
  const launch = SHELLS.has(command.name) ? readShellLaunch(command.name, command.args) : undefined;
  const scripts = launch ? launch.operands : positionals(command.args);
  if (scripts[0]?.procSubst) return deny(`${command.name} runs a script from a process substitution (like curl | sh)`);
  // `bash -s -- args` reads its script from stdin; the words after -s are only parameters.
  const dashS = launch?.stdin ?? false;
  const readsStdin = dashS || scripts.length === 0 || STDIN_PATHS.test(scripts[0]?.value ?? "");
  if (command.pipedInput && readsStdin) return deny(`pipes text into ${command.name} to run it (like curl | sh)`);
  // `bash < <(curl …)` is curl | bash with the pipe spelled as a redirection.
  if (readsStdin && command.redirects.some((redirect) => redirect.op === "<" && redirect.target?.procSubst)) {
    return deny(`feeds ${command.name} a script from a process substitution (like curl | sh)`);
  }
  return confirm(`${command.name} runs a program`);
}

/** Variables that change which program runs or what it loads: `PATH=/tmp ls` is not ls. */
const SENSITIVE_VARIABLE =
  /^(PATH|CDPATH|HOME|IFS|ENV|BASH_ENV|BASH_.*|SHELLOPTS|BASHOPTS|GLOBIGNORE|PS4|PROMPT_COMMAND|LD_.*|DYLD_.*|GIT_.*|NODE_OPTIONS|NODE_PATH|PYTHON.*|PERL5.*|RUBY.*|LESS.*|PAGER|EDITOR|VISUAL|NPM_CONFIG_.*)$/i;

/** The verdict for one simple command on its own (redirections are judged by the caller). */
export function classifySimpleCommand(command: SimpleCommand, context: PathContext): PartVerdict {
  const sensitive = command.assigns.find((variable) => SENSITIVE_VARIABLE.test(variable));
  const verdict = classifyProgram(command, context);
  if (sensitive && verdict.decision === "allow") return confirm(`sets ${sensitive}, which changes what runs`);
  // The file tools refuse these paths; a read-only command must not hand them over unasked.
  const secret = command.args.find((word) => namesCredentials(word))
    ?? command.redirects.find((redirect) => redirect.op === "<" && redirect.target && namesCredentials(redirect.target))?.target;
  if (secret && verdict.decision === "allow") return confirm(`reads ${secret.value}, which holds credentials`);
  return verdict;
}

function classifyProgram(command: SimpleCommand, context: PathContext): PartVerdict {
  const name = command.name;
  if (name === "") {
    return command.args.length > 0 ? confirm("the command name is computed at run time") : allow("only sets variables or redirects");
  }
  const danger = DANGEROUS_PROGRAMS[name] ?? (name.startsWith("mkfs.") ? "formats a disk" : undefined);
  if (danger) return deny(`${name} ${danger}`);
  if (name === "rm") return rmVerdict(command, context);
  if (name === "find" && command.args.some((word) => word.literal && word.value === "-delete")) return deny("find -delete deletes files");
  const writes = fileWriterVerdict(command, context);
  if (writes) return writes;
  if (name === "git") return gitVerdict(command, context);
  // The project's tests and builds run its own code (a cloned repository's `"test": "curl … | sh"`):
  // unasked only inside the sandbox, which is what `writesInside` lets through. (`python -m
  // pytest` is one, so this comes before the interpreters.)
  const tests = command.localProgram ? undefined : testCommandVerdict(command, context);
  if (tests) return tests.allowed ? confirm(`${tests.reason}, which are the project's own code: asked outside the sandbox`, true) : confirm(tests.reason);
  if (INTERPRETERS.has(name)) return interpreterVerdict(command);
  const writer = WRITERS[name];
  if (writer) return writerVerdict(command, writer, context);
  if (command.localProgram) return confirm(`${command.text.split(/\s/, 1)[0]} is a program from a path, not the system ${name}`);
  const safe = READ_ONLY_PROGRAMS[name];
  if (!safe) return confirm(`${name} is not on the list of read-only commands`);
  const wordsOk = safe.anyArgs ? command.args.every((word) => !word.unsafe) : everyWordLiteral(command.args, safe.globs ?? false);
  if (!wordsOk || command.extraArgs) return confirm(`${name} with arguments known only at run time`);
  if (safe.check && !safe.check(command.args)) return confirm(safe.why ?? `${name} with these options can change files`);
  return allow(`${name} only reads`);
}
