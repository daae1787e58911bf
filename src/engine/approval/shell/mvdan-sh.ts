// Lazy access to mvdan-sh (the mvdan/sh bash parser compiled to JavaScript; see
// docs/adr/0004-shell-parser.md). It is loaded on the first classification, not at start-up,
// and synchronously, so classifyCommand stays a plain function. Where the composition root
// names a cache folder, it is compiled through a V8 code cache kept there (ADR 0022).
import { createRequire } from "node:module";
import path from "node:path";
import { requireWithCodeCache, type CodeCacheReport } from "./code-cache.js";

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
/** Parse trees kept for the command lines judged last. */
const RECENT_TREES = 16;
let cacheDir: string | undefined;
let cacheReport: CodeCacheReport | undefined;

/** The folder for the parser's code cache (the agent home's cache/); undefined: no cache. */
export function setShellParserCacheDir(dir: string | undefined): void {
  cacheDir = dir;
}

/** How the parser was loaded in this process: undefined until it is, or when no cache was used. */
export function shellParserCacheReport(): CodeCacheReport | undefined {
  return cacheReport;
}

/** Commands whose parse compiles most of the parser and walker, so the cache holds them too. */
const WARM_UP = [
  `for f in *.txt; do grep -n "a$1" "$f" | sed 's/x/y/' > out 2>&1 || echo "\${f%.txt} $(date +%s)"; done`,
  `if [ -f a ] && (( n > 2 )); then cat <<EOF\n$HOME\nEOF\nfi; case $x in a|b) ls ;; esac; f() { :; }; export A=1 B=(1 2)`,
];

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

function requireParser(): { syntax: ShSyntax; persist?: () => void } {
  const require = createRequire(import.meta.url);
  // The standalone binary bundles mvdan-sh (its require has no resolve) and caches its own code.
  if (cacheDir !== undefined && typeof require.resolve === "function") {
    const loaded = requireWithCodeCache(require.resolve("mvdan-sh"), path.join(cacheDir, "mvdan-sh.v8-cache"));
    cacheReport = loaded.report;
    return { syntax: (loaded.exports as { syntax: ShSyntax }).syntax, persist: loaded.persist };
  }
  return { syntax: (require("mvdan-sh") as { syntax: ShSyntax }).syntax };
}

export function loadShellGrammar(): ShellGrammar {
  if (grammar) return grammar;
  const { syntax, persist } = requireParser();
  const parser = syntax.NewParser(syntax.Variant(syntax.LangBash));
  // One command is judged two or three times (the checkpoint hook, the rules, the allowlist),
  // and each GopherJS parse costs ~1.5 ms; the trees are only ever read, so recent ones are kept.
  const recent = new Map<string, ShNode>();
  const parse = (source: string): ShNode => {
    const kept = recent.get(source);
    if (kept) return kept;
    let tree: ShNode;
    try {
      tree = parser.Parse(source, "");
    } catch (error) {
      // GopherJS throws Go error values; their message is behind Error().
      const text = typeof (error as ShNode)?.Error === "function" ? (error as ShNode).Error() : String(error);
      throw new Error(text);
    }
    if (recent.size >= RECENT_TREES) recent.delete(recent.keys().next().value!);
    recent.set(source, tree);
    return tree;
  };
  grammar = { syntax, parse, ...learnOperators(syntax, parse) };
  if (persist && cacheReport?.state !== "hit") {
    // Only once per parser version: compile what a judgement uses, then keep the bytecode.
    try {
      for (const source of WARM_UP) syntax.Walk(parse(source), (node) => (node ? syntax.NodeType(node) !== "" : true));
    } catch {
      // A warm-up that fails only leaves the cache smaller.
    }
    persist();
  }
  return grammar;
}
