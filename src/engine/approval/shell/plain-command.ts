// The plain subset of shell syntax: one line of words separated by spaces or tabs, each word
// made of characters that no shell treats specially anywhere in a word (letters, digits and
// _ . / : @ % + , = -) and of quoted strings that expand nothing ('…' without a quote inside,
// "…" without $, `, \ or !). Such a line is exactly one simple command whose words are its
// words with the quotes removed: literal, unglobbed, unexpanded — `ls -la src`, `npm test`,
// `grep -rn "two words" src`, `git commit -m 'fix: x'` — so it can be judged without
// starting the full parser (mvdan-sh's load and Go runtime start cost ~40 ms, ADR 0025).
// Everything else goes to the full parser: `$`, backquotes, `\`, globs, braces, `~`, `#`,
// `!`, operators, redirections, newlines, non-ASCII text, an assignment or a reserved or
// declaration word where the command name goes. A test holds this reading to mvdan-sh's own
// parse of generated lines.
import type { ShellWord } from "./shell-words.js";

const WORD = String.raw`(?:[A-Za-z0-9_./:@%+,=-]|'[ -&(-~]*'|"[ #%-[\]-_a-~]*")+`;
const PLAIN_LINE = new RegExp(String.raw`^[ \t]*${WORD}(?:[ \t]+${WORD})*[ \t]*$`);
const WORDS = new RegExp(WORD, "g");
const QUOTED = /'([^']*)'|"([^"]*)"/g;

/**
 * Unquoted in command position these are syntax (if, for, time, …) or parsed as declarations
 * (export, declare, let, …) whose words are not plain arguments.
 */
const NOT_A_PLAIN_NAME = new Set([
  "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "select",
  "function", "time", "coproc", "declare", "local", "export", "readonly", "typeset", "nameref", "let",
]);

/** The words of a plain command line, or undefined when the line needs the full parser. */
export function plainWords(source: string): ShellWord[] | undefined {
  if (!PLAIN_LINE.test(source)) return undefined;
  const raw = source.match(WORDS)!;
  const name = raw[0]!;
  // `A=1 cmd` sets a variable; `=x` and `a=b` as a name are assignments or errors to bash.
  if (name.includes("=") || NOT_A_PLAIN_NAME.has(name)) return undefined;
  return raw.map((word) => ({
    value: word.replace(QUOTED, (_match, single: string | undefined, double: string | undefined) => single ?? double ?? ""),
    literal: true,
    glob: false,
    unsafe: false,
    procSubst: false,
  }));
}
