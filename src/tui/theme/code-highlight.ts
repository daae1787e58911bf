// Colours for fenced code blocks: keywords, strings, comments and numbers of the languages a
// coding agent shows most (TypeScript/JavaScript, Python, shell, Go, Rust, C-family, Java,
// Ruby, JSON/YAML/TOML). A small line scanner of our own, not a grammar library: pi-tui's
// Markdown asks for one block at a time (`highlightCode`), nothing here loads at start-up but
// these few lines, and the keyword tables are built on the first block. A block comment or a
// string left open carries to the next line. Unknown languages keep the plain code colour.
import type { Token } from "./tokens.js";

type Paint = (token: Token, text: string) => string;

interface Language {
  keywords: ReadonlySet<string>;
  /** Line comment starts ("//", "#", "--"). */
  line: readonly string[];
  /** Block comment [open, close], when the language has one. */
  block?: readonly [string, string];
  /** Quote characters that open a string (backtick strings may span lines). */
  quotes: string;
}

const C_LIKE = "break case catch class const continue default do else enum extends false finally for if import in instanceof new null return static super switch this throw true try typeof void while";
const FAMILIES: Record<string, { names: string[]; words: string; line: string[]; block?: [string, string]; quotes: string }> = {
  ts: {
    names: ["ts", "tsx", "typescript", "js", "jsx", "javascript", "mjs", "cjs"],
    words: `${C_LIKE} as async await declare delete export from function get implements interface keyof let of private protected public readonly set type undefined var yield`,
    line: ["//"],
    block: ["/*", "*/"],
    quotes: `"'\``,
  },
  py: {
    names: ["py", "python", "python3"],
    words: "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield self",
    line: ["#"],
    quotes: `"'`,
  },
  sh: {
    names: ["sh", "bash", "shell", "zsh", "console", "shellscript"],
    words: "case do done elif else esac export fi for function if in local readonly return select then until while echo cd exit set unset source",
    line: ["#"],
    quotes: `"'`,
  },
  go: {
    names: ["go", "golang"],
    words: "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var nil true false error string int bool",
    line: ["//"],
    block: ["/*", "*/"],
    quotes: `"'\``,
  },
  rust: {
    names: ["rs", "rust"],
    words: "as async await break const continue crate dyn else enum extern false fn for if impl in let loop match mod move mut pub ref return self Self static struct super trait true type unsafe use where while Some None Ok Err",
    line: ["//"],
    block: ["/*", "*/"],
    quotes: `"`,
  },
  c: {
    names: ["c", "h", "cpp", "c++", "cc", "hpp", "java", "cs", "csharp", "kotlin", "kt", "swift"],
    words: `${C_LIKE} auto bool char double extern float fun goto inline int long namespace package private protected public short signed sizeof struct template typedef union unsigned using val var virtual volatile`,
    line: ["//"],
    block: ["/*", "*/"],
    quotes: `"'`,
  },
  rb: { names: ["rb", "ruby"], words: "begin class def do else elsif end ensure false if module nil not or rescue return self then true unless until while yield require", line: ["#"], quotes: `"'` },
  data: { names: ["json", "jsonc", "yaml", "yml", "toml", "ini"], words: "true false null yes no", line: ["#", "//"], quotes: `"'` },
};

let languages: Map<string, Language> | undefined;

function languageFor(lang: string | undefined): Language | undefined {
  if (!lang) return undefined;
  if (!languages) {
    languages = new Map();
    for (const family of Object.values(FAMILIES)) {
      const language: Language = { keywords: new Set(family.words.split(" ")), line: family.line, quotes: family.quotes, ...(family.block ? { block: family.block } : {}) };
      for (const name of family.names) languages.set(name, language);
    }
  }
  return languages.get(lang.trim().toLowerCase().split(/[\s{]/)[0] ?? "");
}

const WORD = /[A-Za-z_$][\w$]*/y;
const NUMBER = /(?:0[xX][\da-fA-F_]+|\d[\d_]*(?:\.\d[\d_]*)?(?:[eE][+-]?\d+)?)\b/y;

/** The block's lines, coloured; `paint` applies a theme token (identity without colour). */
export function highlightCode(code: string, lang: string | undefined, paint: Paint): string[] {
  const language = languageFor(lang);
  const lines = code.split("\n");
  if (!language) return lines.map((line) => paint("mdCode", line));
  // What a line starts inside of: a block comment, or a string that may span lines.
  let open: { kind: "comment"; close: string } | { kind: "string"; quote: string } | undefined;
  return lines.map((line) => {
    let out = "";
    let plain = "";
    const flush = () => {
      if (plain) out += paint("mdCode", plain);
      plain = "";
    };
    let i = 0;
    if (open) {
      const close = open.kind === "comment" ? open.close : open.quote;
      const end = findClose(line, 0, close);
      const token: Token = open.kind === "comment" ? "codeComment" : "codeString";
      if (end < 0) return paint(token, line);
      out += paint(token, line.slice(0, end + close.length));
      i = end + close.length;
      open = undefined;
    }
    while (i < line.length) {
      const rest = line.slice(i);
      const lineComment = language.line.find((start) => rest.startsWith(start));
      if (lineComment) {
        flush();
        out += paint("codeComment", rest);
        break;
      }
      if (language.block && rest.startsWith(language.block[0])) {
        flush();
        const end = findClose(line, i + language.block[0].length, language.block[1]);
        if (end < 0) {
          out += paint("codeComment", rest);
          open = { kind: "comment", close: language.block[1] };
          break;
        }
        out += paint("codeComment", line.slice(i, end + language.block[1].length));
        i = end + language.block[1].length;
        continue;
      }
      const ch = line[i]!;
      if (language.quotes.includes(ch)) {
        flush();
        const end = findClose(line, i + 1, ch);
        if (end < 0) {
          out += paint("codeString", rest);
          // Only template and raw strings span lines; an unclosed quote ends with its line.
          if (ch === "`") open = { kind: "string", quote: ch };
          break;
        }
        out += paint("codeString", line.slice(i, end + 1));
        i = end + 1;
        continue;
      }
      WORD.lastIndex = i;
      const word = WORD.exec(line);
      if (word) {
        if (language.keywords.has(word[0])) {
          flush();
          out += paint("codeKeyword", word[0]);
        } else plain += word[0];
        i += word[0].length;
        continue;
      }
      NUMBER.lastIndex = i;
      const number = /\d/.test(ch) ? NUMBER.exec(line) : null;
      if (number) {
        flush();
        out += paint("codeNumber", number[0]);
        i += number[0].length;
        continue;
      }
      plain += ch;
      i += 1;
    }
    flush();
    return out;
  });
}

/** Index of `close` at or after `from`, skipping backslash escapes; -1 when not on this line. */
function findClose(line: string, from: number, close: string): number {
  for (let i = from; i < line.length; i += 1) {
    if (line[i] === "\\" && close.length === 1) {
      i += 1;
      continue;
    }
    if (line.startsWith(close, i)) return i;
  }
  return -1;
}
