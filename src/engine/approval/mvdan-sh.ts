// Lazy access to mvdan-sh (the mvdan/sh bash parser compiled to JavaScript; see
// docs/adr/0004-shell-parser.md). It is loaded on the first classification, not at start-up,
// and synchronously, so classifyCommand stays a plain function.
import { createRequire } from "node:module";

/** mvdan-sh's nodes are GopherJS objects; we read the few fields we need by name. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type ShNode = any;

export interface ShSyntax {
  NewParser(...options: unknown[]): { Parse(source: string, name: string): ShNode };
  NodeType(node: ShNode): string;
  Walk(node: ShNode, visit: (node: ShNode | null) => boolean): void;
  Variant(lang: unknown): unknown;
  LangBash: unknown;
}

export interface ShellGrammar {
  syntax: ShSyntax;
  parse(source: string): ShNode;
  /** Operator numbers differ between parser versions, so they are learnt by parsing probes. */
  pipeOps: Set<number>;
  redirectOps: Map<number, string>;
}

let grammar: ShellGrammar | undefined;

const REDIRECT_PROBE: [string, string][] = [
  [">", ">f"], [">>", ">>f"], ["<", "<f"], ["<>", "<>f"], ["<&", "<&0"], [">&", ">&2"], [">|", ">|f"],
  ["<<<", "<<<f"], ["&>", "&>f"], ["&>>", "&>>f"], ["<<", "<<E"], ["<<-", "<<-E"],
];

function learnOperators(syntax: ShSyntax, parse: (source: string) => ShNode) {
  const redirectOps = new Map<number, string>();
  const probe = parse(`: ${REDIRECT_PROBE.map(([, text]) => text).join(" ")}\nE\nE\n`);
  const redirs: ShNode[] = probe.Stmts[0].Redirs;
  // Heredoc operators are listed last in the probe; the parser keeps source order.
  redirs.forEach((redirect, index) => redirectOps.set(Number(redirect.Op), REDIRECT_PROBE[index]![0]));
  const pipes = parse("a | b; a |& b").Stmts as ShNode[];
  const pipeOps = new Set(pipes.map((stmt) => Number(stmt.Cmd.Op)));
  if (redirectOps.size !== REDIRECT_PROBE.length || pipeOps.size !== 2 || syntax.NodeType(pipes[0].Cmd) !== "BinaryCmd") {
    throw new Error("mvdan-sh: unexpected operator layout");
  }
  return { redirectOps, pipeOps };
}

export function loadShellGrammar(): ShellGrammar {
  if (grammar) return grammar;
  const require = createRequire(import.meta.url);
  const syntax = (require("mvdan-sh") as { syntax: ShSyntax }).syntax;
  const parser = syntax.NewParser(syntax.Variant(syntax.LangBash));
  const parse = (source: string): ShNode => {
    try {
      return parser.Parse(source, "");
    } catch (error) {
      // GopherJS throws Go error values; their message is behind Error().
      const text = typeof (error as ShNode)?.Error === "function" ? (error as ShNode).Error() : String(error);
      throw new Error(text);
    }
  };
  grammar = { syntax, parse, ...learnOperators(syntax, parse) };
  return grammar;
}
