// The allowlist's judgement of one command's words (ADR 0009): the program must be in the safe
// table (safe-programs.ts, git-allow.ts) or vouched for, every option must be one the table
// lists once the program's own parsing has resolved it (option-reader.ts), and every path it
// is given — operands, file-valued options, the directory it searches by default — must
// resolve inside the workspace or a read root and outside the credential set. `env NAME=v cmd`
// is judged as its command with those assignments; find's expression has its own grammar.
import { changeDirectory } from "./change-directory.js";
import { assignmentProblem } from "./env-prefix.js";
import { gitOptionProblem } from "./git-allow.js";
import { gitContentReach } from "./git-content.js";
import { readWords } from "./option-reader.js";
import { SAFE_PROGRAMS, SANDBOX_WRITERS, specialForm, type ProgramSpec } from "./safe-programs.js";
import type { ShellWord } from "../shell/shell-words.js";
import { HARMLESS_SINKS, literalWord, reject, type Judging } from "./strict-judging.js";

const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

/** A call's words (after its assignments): the program and what it is given. */
export function checkCommandWords(words: ShellWord[], options: Judging): void {
  if (words.length === 0) return;
  const [first, ...args] = words as [ShellWord, ...ShellWord[]];
  if (!first.literal || (first.glob && first.value !== "[") || first.value.includes("/")) reject("a command name that is not a plain program name");
  const name = first.value;
  if (name === "cd") return changeDirectory(args, options);
  if (name === "git") return checkGit(args, options);
  if (name === "find") return checkFind(args, options);
  if (name === "env" && args.length > 0) return checkEnv(args, options);
  const spec = SAFE_PROGRAMS[name] ?? specialForm(name, args.map((word) => word.value)) ?? (options.sandbox ? SANDBOX_WRITERS[name] : undefined);
  if (!spec) {
    if (options.moved) reject(`${name} after cd: it reads its own configuration from where it starts`);
    if (options.vouched(name, args)) return;
    reject(`${name} is not on the list of harmless programs`);
  }
  const writer = Boolean(!SAFE_PROGRAMS[name] && SANDBOX_WRITERS[name]);
  if (writer) options.mayWrite();
  checkArguments(name, args, spec!, options, writer);
}

/** `env LC_ALL=C sort x`: the assignments must be harmless ones; env's own options ask. */
function checkEnv(args: ShellWord[], options: Judging): void {
  let i = 0;
  for (; i < args.length && ASSIGNMENT.test(args[i]!.value); i++) {
    const word = args[i]!;
    if (!word.literal || word.glob) reject("env with an assignment known only at run time");
    const equals = word.value.indexOf("=");
    const problem = assignmentProblem(word.value.slice(0, equals), word.value.slice(equals + 1));
    if (problem) reject(`env ${problem}`);
  }
  if (i === 0) reject("env with options");
  // `env A=1` alone prints the environment with A added.
  if (i < args.length) checkCommandWords(args.slice(i), options);
}

function checkGit(args: ShellWord[], options: Judging): void {
  // Printed before git looks for a repository or reads any config (ADR 0060).
  if (args.length === 1 && args[0]!.literal && args[0]!.value === "--version") return;
  if (options.moved) reject("git after cd: git finds its repository and config from where it starts");
  if (!options.oracle.ownRepository()) reject("git outside the workspace's own repository");
  if (!args.every((word) => word.literal && !word.glob)) reject("git with words known only at run time");
  for (const word of args) {
    // Pathspecs that leave the tree (`git diff /etc/x y` is a --no-index diff of them).
    if (/^[/~]|(^|\/)\.\.(\/|$)/.test(word.value)) {
      const expanded = options.oracle.expand(word.value, false) ?? reject(`git ${word.value} is not knowable`);
      const problem = expanded.map((value) => options.oracle.readProblem(value)).find(Boolean);
      if (problem) reject(`git reads ${problem}`);
    }
  }
  if (!options.gitAllowed(args)) reject("git with options outside the read-only set");
  const problem = gitOptionProblem(args);
  if (problem) reject(`git ${problem}`);
  // `git grep KEY` reads every tracked file, a committed .env included: like `grep -r KEY .`.
  if (args.find((word) => !word.value.startsWith("-"))?.value === "grep") {
    const inTree = options.oracle.treeProblem(".");
    if (inTree) reject(`git grep reads every tracked file: ${inTree}`);
  }
  // `git diff`, `git log -p`, `git show`: contents of files no word names, a credential file's too.
  const reach = gitContentReach(args);
  if (reach !== "none") {
    const found = options.oracle.gitCredentials(reach);
    if (found) reject(`git prints file contents and ${found} (git_diff leaves those out)`);
  }
}

/** Checks a program's words; returns the words it read as paths (operands and file-valued options). */
export function checkArguments(name: string, args: ShellWord[], spec: ProgramSpec, options: Judging, writes: boolean): ShellWord[] {
  if (spec.noGlobs && args.some((word) => word.glob)) reject(`${name} with a glob`);
  const read = readWords(spec, args);
  if ("problem" in read) return reject(`${name}: ${read.problem}`);
  const { operands, options: used } = read;
  const seen = used.map((option) => option.name);
  const pathWords = used.filter((option) => spec.pathValued?.includes(option.name.replace(/^-+/, ""))).flatMap((option) => option.values);
  const why = spec.check?.(
    args.filter((word) => word.literal).map((word) => word.value),
    operands.map((word) => word.value),
    operands,
  );
  if (why) reject(why);
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) reject(`${name} with more operands than it only reads`);
  // Nothing is opened; an unquoted glob only turns into names, which are printed.
  if (spec.operands === "none") return [];

  let paths = operands;
  if (spec.operands === "first-then-paths") {
    const given = spec.firstGivenBy?.some((flag) => seen.includes(flag.length === 1 ? `-${flag}` : `--${flag}`));
    if (!given) {
      if (operands[0]?.glob) reject(`${name} with a glob where its pattern goes`);
      paths = operands.slice(1);
    }
  }
  const recursive = spec.recursive?.(seen) ?? false;
  const fallback = paths.length === 0 ? spec.defaultPath?.(seen) : undefined;
  for (const word of [...pathWords, ...paths]) checkPath(name, word, options, writes, recursive);
  if (fallback) checkPath(name, literalWord(fallback), options, writes, recursive);
  return [...pathWords, ...paths];
}

export function checkPath(name: string, word: ShellWord, options: Judging, writes: boolean, recursive: boolean | "visible"): void {
  if (!word.literal) reject(`${name} with a path known only at run time`);
  const expanded = options.oracle.expand(word.value, word.glob);
  if (!expanded) reject(`${name} ${word.value}: the expansion cannot be known before it runs`);
  for (const value of expanded!) {
    // A file named `-rf` or `--pre=sh` turns into an option once a glob expands.
    if (word.glob && value.startsWith("-")) reject(`${name} ${word.value} expands to an option-like name (${value})`);
    if (value === "-" || HARMLESS_SINKS.has(value)) continue;
    const problem = writes ? options.oracle.writeProblem(value) : options.oracle.readProblem(value);
    if (problem) reject(`${name}: ${problem}`);
    if (recursive) {
      const inTree = options.oracle.treeProblem(value, recursive === "visible");
      if (inTree) reject(`${name} reads recursively: ${inTree}`);
    }
  }
}

// find's expression. -follow and a leading -L follow every link met in the walk, out of the
// tree; -H (links named as start points) stays, since start points are resolved anyway.
const FIND_FLAGS = new Set([
  "-print", "-print0", "-prune", "-quit", "-depth", "-empty", "-readable", "-writable", "-executable", "-nouser", "-nogroup",
  "-true", "-false", "-not", "!", "-a", "-and", "-o", "-or", "(", ")", ",", "-xdev", "-mount", "-ls", "-daystart",
  "-noleaf", "-ignore_readdir_race",
]);
const FIND_VALUED = new Set([
  "-name", "-iname", "-path", "-ipath", "-wholename", "-iwholename", "-regex", "-iregex", "-regextype", "-type", "-xtype",
  "-maxdepth", "-mindepth", "-mtime", "-mmin", "-atime", "-amin", "-ctime", "-cmin", "-size", "-perm", "-user", "-group",
  "-uid", "-gid", "-links", "-inum", "-printf", "-used", "-lname", "-ilname", "-fstype",
]);
/** Their value is a file find stats. */
const FIND_PATH_VALUED = new Set(["-newer", "-anewer", "-cnewer", "-samefile"]);

/** find: start points are paths; the expression may only use tests and printing (no -exec, -delete, -fprint). */
function checkFind(args: ShellWord[], options: Judging): void {
  let execReads = false;
  let i = 0;
  while (i < args.length && /^-[HP]$/.test(args[i]!.value)) i++;
  const starts: ShellWord[] = [];
  for (; i < args.length && !/^[-(!),]/.test(args[i]!.value); i++) starts.push(args[i]!);
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal || word.glob) reject("find with an expression word known only at run time or globbed by the shell");
    if (FIND_FLAGS.has(word.value)) continue;
    if (word.value === "-exec") {
      checkFindExec(args.slice(i + 1), starts[0]?.value ?? ".", options);
      execReads = true;
      while (args[i]!.value !== ";" && args[i]!.value !== "+") i++;
      continue;
    }
    const value = args[i + 1];
    if (!value || !value.literal || value.glob) reject(`find ${word.value} without a literal value`);
    if (FIND_PATH_VALUED.has(word.value)) checkPath("find", value!, options, false, false);
    else if (!FIND_VALUED.has(word.value)) reject(`find ${word.value} is not a known harmless primary`);
    i++;
  }
  for (const start of starts.length > 0 ? starts : [literalWord(".")]) checkPath("find", start, options, false, execReads);
}

/**
 * `-exec cat {} +` reads every file found: judged as the inner program reading the whole tree,
 * links included (the caller walks the start points), so `find . -name '.e*' -exec cat {} +`
 * meets .env. Each `{}` stays where it stands and must land where the program reads a path:
 * `find . -maxdepth 0 -exec grep {} ../x \;` runs `grep . ../x`, the found name as the pattern
 * and ../x as the file. With `+` it stands for any number of names, so a program whose extra
 * operand is an output (`uniq a b` writes b) asks.
 */
function checkFindExec(words: ShellWord[], start: string, options: Judging): void {
  const end = words.findIndex((arg) => arg.value === ";" || arg.value === "+");
  const [program, ...rest] = words.slice(0, end);
  const spec = program?.literal ? SAFE_PROGRAMS[program.value] : undefined;
  if (!spec || spec.operands === "none" || end < 0) return reject("find -exec with a program outside the harmless list");
  // find replaces `{}` inside a word too (`x{}`, `../{}`): a name only the walk knows.
  if (rest.some((arg) => arg.value !== "{}" && arg.value.includes("{}"))) reject("find -exec with {} inside a word");
  const many = words[end]!.value === "+";
  if (many && spec.maxOperands !== undefined) reject(`find -exec ${program!.value} {} +: more operands than it only reads`);
  const found = rest.filter((arg) => arg.value === "{}");
  // Each stands for a name under the first start point (all of them are walked by the caller).
  const placeholders = found.map(() => literalWord(start));
  const inner = rest.map((arg) => (arg.value === "{}" ? placeholders[found.indexOf(arg)]! : arg));
  const paths = checkArguments(program!.value, inner, { ...spec, defaultPath: undefined }, options, false);
  if (placeholders.some((placeholder) => !paths.includes(placeholder))) reject(`find -exec ${program!.value} with {} where it takes no file (a pattern, a program or an option)`);
}
