// Parses a command line with a real bash parser and flattens it into the simple commands
// that may run: every command in lists, pipelines, subshells, loops, functions and $(…)
// substitutions, with names normalised and wrappers (env, command, timeout, xargs, bash -c,
// eval, find -exec, …) seen through. What cannot be analysed is reported, never guessed.
import { loadShellGrammar, type ShNode, type ShellGrammar } from "./mvdan-sh.js";
import { analyseWord, type ShellWord } from "./shell-words.js";
import { plainWords } from "./plain-command.js";
import { positionals } from "./command-paths.js";
import { unwrapCommand, type FoundCommand } from "./command-unwrap.js";
import { readShellLaunch, SHELLS } from "./shell-launch.js";
import { sourceSpans, wellFormed, type SourceSpans } from "./source-offsets.js";

export interface ShellRedirect {
  op: string;
  target?: ShellWord;
  /** A heredoc's body exactly as written, and whether bash expands anything in it. */
  heredoc?: { raw: string; expands: boolean };
}

export interface SimpleCommand {
  /** Normalised program name (/bin/rm, \rm, command rm → "rm"); "" when not knowable. */
  name: string;
  /** The name was a path outside the system directories (./ls): it is not the real ls. */
  localProgram: boolean;
  /** The program word as written (./deploy.sh, /usr/bin/curl), for user rules that name a path. */
  spelled?: string;
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
  /** A guess at where a wrapper's command starts (wrapper options misread): it can only deny. */
  speculative?: boolean;
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

/** Names a shell or `source` reads as its standard input. */
export const STDIN_PATHS = /^(-|\/dev\/stdin|\/dev\/fd\/0|\/proc\/self\/fd\/0)$/;

/** How deep bash -c "bash -c '…'" and eval nesting is followed before giving up. */
const MAX_DEPTH = 4;

const KNOWN_COMPOUND = new Set([
  "CallExpr", "BinaryCmd", "Block", "Subshell", "IfClause", "WhileClause", "ForClause", "CaseClause", "TimeClause",
]);

function sourceText(spans: SourceSpans, node: ShNode): string {
  try {
    return spans.text(node).trim();
  } catch {
    return "";
  }
}

export function parseCommandLine(source: string, depth = 0, via: string[] = []): ParsedCommandLine {
  const words = depth > MAX_DEPTH ? undefined : plainWords(source);
  if (!words) return parseCommandLineFully(source, depth, via);
  // A plain line is one simple command: what the full parser's walk would find, without it.
  const result: ParsedCommandLine = { commands: [], opaque: [] };
  addCall({ words, assigns: [], redirects: [], piped: false, text: source.trim() }, depth, via, result);
  return result;
}

/** The same reading through the full parser, whatever the line (the plain reading's reference). */
export function parseCommandLineFully(given: string, depth = 0, via: string[] = []): ParsedCommandLine {
  const source = wellFormed(given);
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
  collect(grammar, sourceSpans(source), file, depth, via, result);
  return result;
}

function collect(grammar: ShellGrammar, spans: SourceSpans, file: ShNode, depth: number, via: string[], out: ParsedCommandLine) {
  const { syntax } = grammar;
  // GopherJS hands out a fresh wrapper per visit, so statements are keyed by their span
  // (byte offsets, only compared with each other).
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
    const text = sourceText(spans, stmt);
    const redirects: ShellRedirect[] = ((stmt.Redirs ?? []) as ShNode[]).map((redirect) => ({
      op: grammar.redirectOps.get(Number(redirect.Op)) ?? "?",
      ...(redirect.Word ? { target: analyseWord(syntax, redirect.Word) } : {}),
      ...(redirect.Hdoc ? { heredoc: heredocBody(syntax, spans, redirect) } : {}),
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
    addCall({ words, assigns, redirects, piped: piped.has(stmt), text }, depth, via, out);
  }
}

/** One simple command (a CallExpr) as found in the source. */
interface Call {
  words: ShellWord[];
  assigns: string[];
  redirects: ShellRedirect[];
  piped: boolean;
  text: string;
}

/** The commands one call runs: itself, what its wrappers run, and scripts handed to a shell. */
function addCall({ words, assigns, redirects, piped, text }: Call, depth: number, via: string[], out: ParsedCommandLine): void {
  const unwrapped = unwrapCommand(words, text);
  for (const opaque of unwrapped.opaque) out.opaque.push(opaque);
  if (unwrapped.nested) {
    // bash -c "…", eval "…", watch "…": the string is parsed as a script of its own.
    const inner = parseCommandLine(unwrapped.nested.source, depth + 1, [...via, ...unwrapped.via]);
    // `curl … | bash -c "sh"`: whatever runs inside reads the same pipe.
    if (piped) for (const command of inner.commands) command.pipedInput = true;
    out.commands.push(...inner.commands);
    out.opaque.push(...inner.opaque);
  }
  for (const found of unwrapped.commands) {
    // `sh <<< 'rm -rf /'` and `bash <<EOF … EOF`: the text on the shell's stdin is a script.
    for (const script of found.primary ? stdinScripts(found, redirects) : []) {
      // An expanded script is still parsed as written: what is visible can be denied.
      if (script.expands) out.opaque.push({ text, reason: `the script fed to ${found.name} is expanded at run time` });
      const inner = parseCommandLine(script.source, depth + 1, [...via, ...found.via, `${found.name} <<<`]);
      out.commands.push(...inner.commands);
      out.opaque.push(...inner.opaque);
    }
    out.commands.push({
      ...found,
      assigns: [...assigns, ...found.assigns],
      redirects: found.primary ? redirects : [],
      pipedInput: piped && found.primary,
      via: [...via, ...found.via],
      text,
    });
  }
  if (unwrapped.commands.length === 0 && (redirects.length > 0 || assigns.length > 0)) {
    out.commands.push({ ...bare(text, redirects, piped, via), assigns });
  }
}

function heredocBody(syntax: ShellGrammar["syntax"], spans: SourceSpans, redirect: ShNode): ShellRedirect["heredoc"] {
  // A quoted delimiter (<<'EOF') keeps the body verbatim; otherwise $, ` and \ are expanded.
  const quoted = ((redirect.Word?.Parts ?? []) as ShNode[]).some((part) => syntax.NodeType(part) !== "Lit")
    || /\\/.test(sourceText(spans, redirect.Word));
  let raw = "";
  try {
    raw = spans.text(redirect.Hdoc);
  } catch {
    return { raw: "", expands: true };
  }
  // The body's span ends with the closing delimiter line, which is not part of the script.
  const delimiter = analyseWord(syntax, redirect.Word).value;
  const lines = raw.replace(/\n$/, "").split("\n");
  if (lines.length > 0 && lines[lines.length - 1]!.replace(/^\t+/, "") === delimiter) lines.pop();
  raw = lines.join("\n");
  return { raw, expands: !quoted && /[$`\\]/.test(raw) };
}

/** Scripts a shell reads from a here-string or heredoc, and whether bash expands them first. */
function stdinScripts(found: FoundCommand, redirects: ShellRedirect[]): { source: string; expands: boolean }[] {
  const sources = found.name === "source" || found.name === ".";
  if (found.localProgram || !(SHELLS.has(found.name) || sources)) return [];
  const launch = sources ? undefined : readShellLaunch(found.name, found.args);
  const scripts = launch ? launch.operands : positionals(found.args);
  const dashS = launch?.stdin ?? false;
  const stdin = (value: string | undefined) => value !== undefined && STDIN_PATHS.test(value);
  if (!(dashS || (!sources && scripts.length === 0) || stdin(scripts[0]?.value))) return [];
  return redirects.flatMap((redirect) => {
    if (redirect.op === "<<<" && redirect.target) return [{ source: redirect.target.value, expands: !redirect.target.literal }];
    if ((redirect.op === "<<" || redirect.op === "<<-") && redirect.heredoc) return [{ source: redirect.heredoc.raw, expands: redirect.heredoc.expands }];
    return [];
  });
}

function bare(text: string, redirects: ShellRedirect[], pipedInput: boolean, via: string[]): SimpleCommand {
  return { name: "", localProgram: false, args: [], assigns: [], redirects, pipedInput, extraArgs: false, via, text };
}
