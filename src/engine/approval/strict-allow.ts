// "Allow" as a strict allowlist over the parsed syntax tree (ADR 0009). A command line runs
// unasked only if every node is in a small subset known to be harmless: simple commands,
// pipelines, `&&`/`||`, `;`, `( )`/`{ }`; words that are literal or plain `$VAR`/`${VAR}`;
// redirections that only read workspace files or write /dev/null; programs and options from
// the safe table; and every path operand, after `~`, braces and globs are expanded against
// the real tree, inside the workspace or a read root and outside the credential set. Any
// other node — functions, `trap`, `eval`, arithmetic, subscripts, `${x@P}`, `$(…)`, loops,
// background jobs, an option nobody listed — makes the answer "not understood", i.e. ask.
// This judges allow only; the deny rules (command-rules.ts) run independently of it.
import { loadShellGrammar, type ShNode } from "./mvdan-sh.js";
import type { PathOracle } from "./path-oracle.js";
import { plainWords } from "./plain-command.js";
import { SAFE_PROGRAMS, SANDBOX_WRITERS, specialForm, type ProgramSpec } from "./safe-programs.js";
import { analyseWord, type ShellWord } from "./shell-words.js";

export interface StrictOptions {
  oracle: PathOracle;
  /** Commands run in the sandbox: workspace-only writers and redirections are harmless. */
  sandbox: boolean;
  /** Variables that change what runs (PATH=, GIT_DIR=, LD_PRELOAD=…): never set unasked. */
  sensitiveVariable(name: string): boolean;
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

/** The options plus a note that a relaxation was used: what passed may write. */
type Judging = StrictOptions & { mayWrite(): void };

class NotUnderstood extends Error {}
const reject = (reason: string): never => {
  throw new NotUnderstood(reason);
};

const SAFE_OPS = new Set(["&&", "||", "|", "|&"]);
const HARMLESS_SINKS = new Set(["/dev/null", "/dev/stdout", "/dev/stderr"]);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;
const SPECIAL_PARAM = /^([0-9]|[@*#?$!-])$/;

let binaryOps: Map<number, string> | undefined;
function binaryOp(op: number): string | undefined {
  if (!binaryOps) {
    const { parse } = loadShellGrammar();
    const stmts = parse("a && b; a || b; a | b; a |& b").Stmts as ShNode[];
    binaryOps = new Map(stmts.map((stmt, i) => [Number(stmt.Cmd.Op), ["&&", "||", "|", "|&"][i]!]));
  }
  return binaryOps.get(op);
}

export function strictAllow(source: string, strict: StrictOptions): StrictResult {
  const words = plainWords(source);
  // A plain line is one call of literal words: judged as the tree's single CallExpr would be.
  return words ? judge(strict, (options) => checkWords(words, options)) : strictAllowByTree(source, strict);
}

/** The same judgement over the full parser's tree, whatever the line (the plain reading's reference). */
export function strictAllowByTree(source: string, strict: StrictOptions): StrictResult {
  const grammar = loadShellGrammar();
  let file: ShNode;
  try {
    file = grammar.parse(source);
  } catch (error) {
    return { ok: false, reason: `not parsed: ${(error as Error).message}` };
  }
  return judge(strict, (options) => {
    const stmts = (file.Stmts ?? []) as ShNode[];
    if (stmts.length === 0) reject("nothing to run");
    for (const stmt of stmts) checkStmt(stmt, options);
  });
}

function judge(strict: StrictOptions, check: (options: Judging) => void): StrictResult {
  let readOnly = true;
  const options: Judging = {
    ...strict,
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

function checkStmt(stmt: ShNode, options: Judging): void {
  const { syntax } = loadShellGrammar();
  if (stmt.Background || stmt.Coprocess) reject("a background job or coprocess");
  for (const redirect of (stmt.Redirs ?? []) as ShNode[]) checkRedirect(redirect, options);
  const cmd = stmt.Cmd;
  if (!cmd) return;
  const type = syntax.NodeType(cmd);
  if (type === "CallExpr") return checkCall(cmd, options);
  if (type === "BinaryCmd") {
    const op = binaryOp(Number(cmd.Op));
    if (!op || !SAFE_OPS.has(op)) reject(`the operator ${op ?? cmd.Op}`);
    checkStmt(cmd.X, options);
    checkStmt(cmd.Y, options);
    return;
  }
  if (type === "Subshell" || type === "Block") {
    for (const inner of (cmd.Stmts ?? []) as ShNode[]) checkStmt(inner, options);
    return;
  }
  reject(`${type} is outside the harmless subset`);
}

/** A word made only of literal text and plain `$VAR` / `${VAR}`; returns what bash would see. */
export function checkWord(word: ShNode): ShellWord {
  const { syntax } = loadShellGrammar();
  const plainParam = (part: ShNode) => {
    const name = String(part.Param?.Value ?? "");
    const transformed = part.Excl || part.Length || part.Width || part.Index || part.Slice || part.Repl || part.Names || part.Exp;
    if (transformed || !(IDENTIFIER.test(name) || SPECIAL_PARAM.test(name))) reject("a parameter expansion that transforms, indexes or indirects");
  };
  for (const part of (word.Parts ?? []) as ShNode[]) {
    const type = syntax.NodeType(part);
    if (type === "Lit" || type === "SglQuoted") continue;
    if (type === "ParamExp") {
      plainParam(part);
      continue;
    }
    if (type === "DblQuoted") {
      for (const inner of (part.Parts ?? []) as ShNode[]) {
        const innerType = syntax.NodeType(inner);
        if (innerType === "ParamExp") plainParam(inner);
        else if (innerType !== "Lit") reject(`${innerType} inside double quotes`);
      }
      continue;
    }
    reject(`${type} in a word`);
  }
  return analyseWord(syntax, word);
}

function checkRedirect(redirect: ShNode, options: Judging): void {
  const grammar = loadShellGrammar();
  const op = grammar.redirectOps.get(Number(redirect.Op)) ?? "?";
  if (redirect.N && !/^\d+$/.test(String(redirect.N.Value ?? ""))) reject("a redirection that assigns a descriptor variable");
  if (redirect.Hdoc) checkWord(redirect.Hdoc);
  const target = redirect.Word ? checkWord(redirect.Word) : undefined;
  if (op === "<<" || op === "<<-" || op === "<<<") return;
  if (!target || !target.literal || target.glob) reject("a redirection to a path known only at run time");
  const value = target!.value;
  if ((op === ">&" || op === "<&") && /^(\d+|-)$/.test(value)) return;
  if (op === "<") {
    const problem = options.oracle.readProblem(value);
    if (problem) reject(`reads ${problem}`);
    return;
  }
  if (HARMLESS_SINKS.has(value)) return;
  if (!options.sandbox) reject(`writes ${value}`);
  const problem = options.oracle.writeProblem(value);
  if (problem) reject(problem);
  options.mayWrite();
}

function checkCall(call: ShNode, options: Judging): void {
  for (const assign of (call.Assigns ?? []) as ShNode[]) {
    const name = String(assign.Name?.Value ?? "");
    if (assign.Index || assign.Array || assign.Naked || !IDENTIFIER.test(name)) reject("an array or subscripted assignment");
    if (options.sensitiveVariable(name)) reject(`sets ${name}, which changes what runs`);
    if (assign.Value) {
      const value = checkWord(assign.Value);
      if (value.glob && /[{]/.test(value.value)) reject("an assignment with a brace list");
    }
  }
  checkWords(((call.Args ?? []) as ShNode[]).map(checkWord), options);
}

/** A call's words (after its assignments): the program and what it is given. */
function checkWords(words: ShellWord[], options: Judging): void {
  if (words.length === 0) return;
  const [first, ...args] = words as [ShellWord, ...ShellWord[]];
  if (!first.literal || (first.glob && first.value !== "[") || first.value.includes("/")) reject("a command name that is not a plain program name");
  const name = first.value;
  if (name === "git") {
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
    // `git grep KEY` reads every tracked file, a committed .env included: like `grep -r KEY .`.
    if (args.find((word) => !word.value.startsWith("-"))?.value === "grep") {
      const inTree = options.oracle.treeProblem(".");
      if (inTree) reject(`git grep reads every tracked file: ${inTree}`);
    }
    return;
  }
  if (name === "find") return checkFind(args, options);
  const literalArgs = args.map((word) => word.value);
  const spec = SAFE_PROGRAMS[name] ?? specialForm(name, literalArgs) ?? (options.sandbox ? SANDBOX_WRITERS[name] : undefined);
  if (!spec) {
    if (options.vouched(name, args)) return;
    reject(`${name} is not on the list of harmless programs`);
  }
  const writer = Boolean(!SAFE_PROGRAMS[name] && SANDBOX_WRITERS[name]);
  if (writer) options.mayWrite();
  checkArguments(name, args, spec!, options, writer);
}

function optionAllowed(spec: ProgramSpec, option: string): boolean {
  if (option.startsWith("--")) return spec.long === "*" || spec.long.includes(option.slice(2));
  return spec.short === "*" || spec.short.includes(option);
}

function checkArguments(name: string, args: ShellWord[], spec: ProgramSpec, options: Judging, writes: boolean): void {
  const seen: string[] = [];
  const pathWords: ShellWord[] = [];
  const operands: ShellWord[] = [];
  let optionsDone = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal) {
      if (!spec.dynamic) reject(`${name} with words known only at run time`);
      continue;
    }
    if (word.unsafe) reject("an expansion that can run code");
    if (word.glob && spec.noGlobs) reject(`${name} with a glob`);
    if (!optionsDone && word.value === "--") {
      optionsDone = true;
      continue;
    }
    if (optionsDone || !word.value.startsWith("-") || word.value === "-") {
      operands.push(word);
      continue;
    }
    if (word.glob) reject(`${name} with a glob in an option`);
    if (word.value.startsWith("--")) {
      const [flag = "", ...rest] = word.value.slice(2).split("=");
      if (!optionAllowed(spec, `--${flag}`)) reject(`${name} --${flag} is not a known harmless option`);
      seen.push(`--${flag}`);
      let value: ShellWord | undefined = rest.length > 0 ? { ...word, value: rest.join("=") } : undefined;
      if (!value && spec.longValued?.includes(flag)) value = args[++i];
      if (value && spec.pathValued?.includes(flag)) pathWords.push(value);
      continue;
    }
    const letters = word.value.slice(1);
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j]!;
      if (!optionAllowed(spec, letter)) reject(`${name} -${letter} is not a known harmless option`);
      seen.push(`-${letter}`);
      if (spec.valued?.includes(letter)) {
        const attached = letters.slice(j + 1);
        const value = attached ? { ...word, value: attached } : args[++i];
        if (value && spec.pathValued?.includes(letter)) pathWords.push(value);
        break;
      }
    }
  }
  const literalWords = args.filter((word) => word.literal).map((word) => word.value);
  const why = spec.check?.(literalWords);
  if (why) reject(why);
  if (spec.maxOperands !== undefined && operands.length > spec.maxOperands) reject(`${name} with more operands than it only reads`);

  let paths = operands;
  if (spec.operands === "none") paths = [];
  if (spec.operands === "first-then-paths") {
    const given = spec.firstGivenBy?.some((flag) => seen.includes(flag.length === 1 ? `-${flag}` : `--${flag}`));
    if (!given) {
      if (operands[0]?.glob) reject(`${name} with a glob where its pattern goes`);
      paths = operands.slice(1);
    }
  }
  if (spec.operands === "none") {
    // Nothing is opened; an unquoted glob only turns into names, which are printed.
    return;
  }
  const recursive = spec.recursive?.(seen) ?? false;
  const all = [...pathWords, ...paths];
  const fallback = paths.length === 0 ? spec.defaultPath?.(seen) : undefined;
  for (const word of all) checkPath(name, word, options, writes, recursive);
  if (fallback) checkPath(name, { value: fallback, literal: true, glob: false, unsafe: false, procSubst: false }, options, writes, recursive);
}

function checkPath(name: string, word: ShellWord, options: Judging, writes: boolean, recursive: boolean | "visible"): void {
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

const FIND_FLAGS = new Set([
  "-print", "-print0", "-prune", "-quit", "-depth", "-empty", "-readable", "-writable", "-executable", "-nouser", "-nogroup",
  "-true", "-false", "-not", "!", "-a", "-and", "-o", "-or", "(", ")", ",", "-xdev", "-mount", "-follow", "-ls", "-daystart",
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
  while (i < args.length && /^-[HLP]$/.test(args[i]!.value)) i++;
  const starts: ShellWord[] = [];
  for (; i < args.length && !/^[-(!),]/.test(args[i]!.value); i++) starts.push(args[i]!);
  for (; i < args.length; i++) {
    const word = args[i]!;
    if (!word.literal || word.glob) reject("find with an expression word known only at run time or globbed by the shell");
    if (FIND_FLAGS.has(word.value)) continue;
    if (word.value === "-exec") {
      // `-exec cat {} +` reads every file found: judged as the inner program reading the
      // whole tree, links included, so `find . -name '.e*' -exec cat {} +` meets .env.
      let end = i + 1;
      while (end < args.length && args[end]!.value !== ";" && args[end]!.value !== "+") end++;
      const [program, ...rest] = args.slice(i + 1, end);
      const spec = program?.literal ? SAFE_PROGRAMS[program.value] : undefined;
      if (!spec || spec.operands === "none" || end >= args.length) reject("find -exec with a program outside the harmless list");
      checkArguments(program!.value, rest.filter((arg) => arg.value !== "{}"), { ...spec!, defaultPath: undefined }, options, false);
      execReads = true;
      i = end;
      continue;
    }
    const value = args[i + 1];
    if (!value || !value.literal || value.glob) reject(`find ${word.value} without a literal value`);
    if (FIND_PATH_VALUED.has(word.value)) checkPath("find", value!, options, false, false);
    else if (!FIND_VALUED.has(word.value)) reject(`find ${word.value} is not a known harmless primary`);
    i++;
  }
  const fallback: ShellWord = { value: ".", literal: true, glob: false, unsafe: false, procSubst: false };
  for (const start of starts.length > 0 ? starts : [fallback]) checkPath("find", start, options, false, execReads);
}
