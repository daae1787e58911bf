// "Allow" as a strict allowlist over the parsed syntax tree (ADR 0009). A command line runs
// unasked only if every node is in a small subset known to be harmless: simple commands,
// pipelines, `&&`/`||`, `;`, `( )`/`{ }`; words that are literal or plain `$VAR`/`${VAR}`;
// redirections that only read workspace files or write /dev/null; assignments of harmless
// variables only (`LC_ALL=C`, env-prefix.ts); programs and options from the safe table, read
// as the program reads them (strict-programs.ts); and every path operand, after `~`, braces and globs are expanded against
// the real tree, inside the workspace or a read root and outside the credential set. Any
// other node — functions, `trap`, `eval`, arithmetic, subscripts, `${x@P}`, `$(…)`, loops,
// background jobs, an option nobody listed — makes the answer "not understood", i.e. ask.
// This judges allow only; the deny rules (command-rules.ts) run independently of it.
import { judgeAfterCd } from "./change-directory.js";
import { assignmentProblem } from "./env-prefix.js";
import { loadShellGrammar, type ShNode } from "../shell/mvdan-sh.js";
import { plainWords } from "../shell/plain-command.js";
import { analyseWord, type ShellWord } from "../shell/shell-words.js";
import { checkCommandWords } from "./strict-programs.js";
import { HARMLESS_SINKS, judge, reject, type Judging, type StrictOptions, type StrictResult } from "./strict-judging.js";

export type { StrictOptions, StrictResult } from "./strict-judging.js";

const SAFE_OPS = new Set(["&&", "||", "|", "|&"]);
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
  return words ? judge(strict, (options) => checkCommandWords(words, options)) : strictAllowByTree(source, strict);
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
    if (op === "&&") return checkAndChain(andChain(stmt), options);
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

/** `a && b && c` (parsed left-nested) as its commands in order. */
function andChain(stmt: ShNode): ShNode[] {
  const cmd = stmt.Cmd;
  const plain = !stmt.Redirs?.length && !stmt.Background && !stmt.Coprocess;
  if (!plain || !cmd || loadShellGrammar().syntax.NodeType(cmd) !== "BinaryCmd" || binaryOp(Number(cmd.Op)) !== "&&") return [stmt];
  return [...andChain(cmd.X), ...andChain(cmd.Y)];
}

/** After `cd dir &&`, the rest of the chain runs only where the cd succeeded. */
function checkAndChain(items: ShNode[], options: Judging): void {
  for (const [i, item] of items.entries()) {
    if (isPlainCd(item) && i < items.length - 1) return judgeAfterCd(options, () => checkStmt(item, options), () => checkAndChain(items.slice(i + 1), options));
    checkStmt(item, options);
  }
}

/** `cd dir` on its own: no redirection, assignment or background; its words are checked as usual. */
function isPlainCd(stmt: ShNode): boolean {
  const { syntax } = loadShellGrammar();
  const first = (stmt.Cmd?.Args as ShNode[] | undefined)?.[0]?.Parts as ShNode[] | undefined;
  if (!stmt.Cmd || syntax.NodeType(stmt.Cmd) !== "CallExpr" || stmt.Redirs?.length || stmt.Cmd.Assigns?.length || stmt.Background) return false;
  return first?.length === 1 && syntax.NodeType(first[0]) === "Lit" && first[0].Value === "cd";
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
    const value = assign.Value ? checkWord(assign.Value) : { value: "", literal: true, glob: false };
    // Only harmless names and plain values (env-prefix.ts); a bare `X=1;` counts too, since an
    // exported X hands the new value to every later command.
    const problem = assignmentProblem(name, value.literal && !value.glob ? value.value : undefined);
    if (problem) reject(problem);
  }
  checkCommandWords(((call.Args ?? []) as ShNode[]).map(checkWord), options);
}
