// Parses a command line with a real bash parser and flattens it into the simple commands
// that may run: every command in lists, pipelines, subshells, loops, functions and $(…)
// substitutions, with names normalised and wrappers (env, command, timeout, xargs, bash -c,
// eval, find -exec, …) seen through. What cannot be analysed is reported, never guessed.
import { loadShellGrammar, type ShNode, type ShellGrammar } from "./mvdan-sh.js";
import { analyseWord, type ShellWord } from "./shell-words.js";
import { unwrapCommand } from "./command-unwrap.js";

export interface ShellRedirect {
  op: string;
  target?: ShellWord;
}

export interface SimpleCommand {
  /** Normalised program name (/bin/rm, \rm, command rm → "rm"); "" when not knowable. */
  name: string;
  /** The name was a path outside the system directories (./ls): it is not the real ls. */
  localProgram: boolean;
  args: ShellWord[];
  /** Variables assigned for this command (FOO=1 cmd, env FOO=1 cmd). */
  assigns: string[];
  redirects: ShellRedirect[];
  /** Its standard input comes from a pipe (what curl … | sh relies on). */
  pipedInput: boolean;
  /** It receives more arguments at run time (xargs). */
  extraArgs: boolean;
  /** The wrappers seen through, outermost first, e.g. ["env", "bash -c"]. */
  via: string[];
  /** The source text, for the approval preview. */
  text: string;
}

export interface Opaque {
  text: string;
  reason: string;
}

export interface ParsedCommandLine {
  commands: SimpleCommand[];
  /** Constructs we cannot see through; any one of them means "confirm at best". */
  opaque: Opaque[];
}

/** How deep bash -c "bash -c '…'" and eval nesting is followed before giving up. */
const MAX_DEPTH = 4;

const KNOWN_COMPOUND = new Set([
  "CallExpr", "BinaryCmd", "Block", "Subshell", "IfClause", "WhileClause", "ForClause", "CaseClause", "TimeClause",
]);

function sourceText(source: string, node: ShNode): string {
  try {
    return source.slice(node.Pos().Offset(), node.End().Offset()).trim();
  } catch {
    return "";
  }
}

export function parseCommandLine(source: string, depth = 0, via: string[] = []): ParsedCommandLine {
  const result: ParsedCommandLine = { commands: [], opaque: [] };
  if (depth > MAX_DEPTH) {
    result.opaque.push({ text: source, reason: "nested shells too deep to follow" });
    return result;
  }
  const grammar = loadShellGrammar();
  let file: ShNode;
  try {
    file = grammar.parse(source);
  } catch (error) {
    result.opaque.push({ text: source, reason: `the shell parser cannot read it: ${(error as Error).message}` });
    return result;
  }
  collect(grammar, source, file, depth, via, result);
  return result;
}

function collect(grammar: ShellGrammar, source: string, file: ShNode, depth: number, via: string[], out: ParsedCommandLine) {
  const { syntax } = grammar;
  // GopherJS hands out a fresh wrapper per visit, so statements are keyed by their span.
  const key = (stmt: ShNode) => `${stmt.Pos().Offset()}:${stmt.End().Offset()}`;
  const pipedKeys = new Set<string>();
  const piped = { has: (stmt: ShNode) => pipedKeys.has(key(stmt)) };
  const statements: ShNode[] = [];
  // Walk reaches every statement: inside loops, functions, substitutions and heredocs.
  syntax.Walk(file, (node) => {
    if (!node) return true;
    const type = syntax.NodeType(node);
    if (type === "Stmt") statements.push(node);
    if (type === "BinaryCmd" && grammar.pipeOps.has(Number(node.Op))) {
      syntax.Walk(node.Y, (inner) => {
        if (inner && syntax.NodeType(inner) === "Stmt") pipedKeys.add(key(inner));
        return true;
      });
    }
    return true;
  });

  for (const stmt of statements) {
    const cmd = stmt.Cmd;
    const text = sourceText(source, stmt);
    const redirects: ShellRedirect[] = ((stmt.Redirs ?? []) as ShNode[]).map((redirect) => ({
      op: grammar.redirectOps.get(Number(redirect.Op)) ?? "?",
      ...(redirect.Word ? { target: analyseWord(syntax, redirect.Word) } : {}),
    }));
    const type = cmd ? syntax.NodeType(cmd) : "";
    if (type !== "CallExpr") {
      if (type === "FuncDecl") out.opaque.push({ text, reason: "defines a shell function, which can shadow any command name" });
      else if (cmd && !KNOWN_COMPOUND.has(type)) out.opaque.push({ text, reason: `${type} is not analysed` });
      // Redirections on a compound (or on a bare `> file`) still write files.
      if (redirects.length > 0) out.commands.push(bare(text, redirects, piped.has(stmt), via));
      continue;
    }
    const words: ShellWord[] = ((cmd.Args ?? []) as ShNode[]).map((word) => analyseWord(syntax, word));
    const assigns: string[] = ((cmd.Assigns ?? []) as ShNode[]).map((assign) => String(assign.Name?.Value ?? ""));
    const unwrapped = unwrapCommand(words, text);
    for (const opaque of unwrapped.opaque) out.opaque.push(opaque);
    if (unwrapped.nested) {
      // bash -c "…", eval "…", watch "…": the string is parsed as a script of its own.
      const inner = parseCommandLine(unwrapped.nested.source, depth + 1, [...via, ...unwrapped.via]);
      // `curl … | bash -c "sh"`: whatever runs inside reads the same pipe.
      if (piped.has(stmt)) for (const command of inner.commands) command.pipedInput = true;
      out.commands.push(...inner.commands);
      out.opaque.push(...inner.opaque);
    }
    for (const found of unwrapped.commands) {
      out.commands.push({
        ...found,
        assigns: [...assigns, ...found.assigns],
        redirects: found.primary ? redirects : [],
        pipedInput: piped.has(stmt) && found.primary,
        via: [...via, ...found.via],
        text,
      });
    }
    if (unwrapped.commands.length === 0 && (redirects.length > 0 || assigns.length > 0)) {
      out.commands.push({ ...bare(text, redirects, piped.has(stmt), via), assigns });
    }
  }
}

function bare(text: string, redirects: ShellRedirect[], pipedInput: boolean, via: string[]): SimpleCommand {
  return { name: "", localProgram: false, args: [], assigns: [], redirects, pipedInput, extraArgs: false, via, text };
}
