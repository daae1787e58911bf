// Turns mvdan-sh word nodes into the text bash would see, when that text is knowable before
// run time. A word built from expansions is "dynamic"; one whose expansion can execute code
// while it expands (arithmetic, ${!ref}, ${a[i]}) is also "unsafe".
import type { ShNode, ShSyntax } from "./mvdan-sh.js";

export interface ShellWord {
  /** The text with quotes removed; expansions appear as "$…", so only trust it when literal. */
  value: string;
  /** No expansion of any kind: the value is exactly what the program receives. */
  literal: boolean;
  /** Unquoted glob or brace characters: the program may receive other words (file names). */
  glob: boolean;
  /** An expansion that can run code or index arrays while it expands. */
  unsafe: boolean;
  /** The whole word is a process substitution <(…) / >(…). */
  procSubst: boolean;
}

const SIMPLE_ESCAPES: Record<string, string> = {
  a: "\x07", b: "\b", e: "\x1b", E: "\x1b", f: "\f", n: "\n", r: "\r", t: "\t", v: "\v",
  "\\": "\\", "'": "'", '"': '"', "?": "?",
};

/** Decodes $'…' (ANSI-C quoting), e.g. $'\x72m' is "rm": a classic way to hide a name. */
export function decodeAnsiC(raw: string): string {
  return raw.replace(/\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs, (whole, esc: string) => {
    const head = esc[0]!;
    if (head === "x" || head === "u" || head === "U") return String.fromCodePoint(parseInt(esc.slice(1), 16));
    if (/[0-7]/.test(head)) return String.fromCharCode(parseInt(esc, 8) & 0xff);
    if (head === "c") return String.fromCharCode(esc.charCodeAt(1) & 0x1f);
    return SIMPLE_ESCAPES[head] ?? whole;
  });
}

/** Removes backslash quoting from an unquoted literal (a line continuation vanishes). */
function unescapeUnquoted(raw: string): string {
  return raw.replace(/\\(\n|.)/gs, (_m, ch: string) => (ch === "\n" ? "" : ch));
}

/** Inside double quotes a backslash only escapes $ ` " \ and newline. */
function unescapeDoubleQuoted(raw: string): string {
  return raw.replace(/\\([$`"\\\n])/g, (_m, ch: string) => (ch === "\n" ? "" : ch));
}

/** Unescaped glob or brace-expansion characters in an unquoted literal. */
function hasGlob(raw: string): boolean {
  const bare = raw.replace(/\\./gs, "");
  return /[*?[]/.test(bare) || /\{[^}]*(,|\.\.)[^}]*\}/.test(bare);
}

function paramIsUnsafe(node: ShNode): boolean {
  // ${!ref}, ${a[$i]} and ${x:off:len} evaluate text as an array index or arithmetic, and
  // bash runs $(…) found there: `x='a[$(rm -rf ~)]'; echo ${!x}` executes rm.
  return Boolean(node.Excl || node.Index || node.Slice);
}

export function analyseWord(syntax: ShSyntax, word: ShNode): ShellWord {
  const result: ShellWord = { value: "", literal: true, glob: false, unsafe: false, procSubst: false };
  const parts: ShNode[] = word.Parts ?? [];
  if (parts.length === 1 && syntax.NodeType(parts[0]!) === "ProcSubst") result.procSubst = true;

  const dynamic = (unsafe = false) => {
    result.literal = false;
    result.value += "$…";
    if (unsafe) result.unsafe = true;
  };

  for (const part of parts) {
    switch (syntax.NodeType(part)) {
      case "Lit":
        if (hasGlob(part.Value)) result.glob = true;
        result.value += unescapeUnquoted(part.Value);
        break;
      case "SglQuoted":
        result.value += part.Dollar ? decodeAnsiC(part.Value) : part.Value;
        break;
      case "DblQuoted":
        for (const inner of (part.Parts ?? []) as ShNode[]) {
          const type = syntax.NodeType(inner);
          if (type === "Lit") result.value += unescapeDoubleQuoted(inner.Value);
          else if (type === "ParamExp") dynamic(paramIsUnsafe(inner));
          else if (type === "CmdSubst") dynamic();
          else dynamic(true);
        }
        break;
      case "ParamExp":
        dynamic(paramIsUnsafe(part));
        break;
      case "CmdSubst":
      case "ProcSubst":
        // The commands inside are classified on their own; here only the text is unknown.
        dynamic();
        break;
      case "ExtGlob":
        result.glob = true;
        result.value += part.Op?.toString?.() ?? "";
        break;
      default:
        // ArithmExp and anything newer than this code: assume it can run code.
        dynamic(true);
    }
  }
  return result;
}
