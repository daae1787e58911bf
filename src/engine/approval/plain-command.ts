// The plain subset of shell syntax: one line of words made only of characters that no shell
// treats specially anywhere in a word (letters, digits and _ . / : @ % + , = -), separated by
// spaces or tabs. Such a line is exactly one simple command whose words are the text between
// the blanks, literal, unglobbed, unexpanded — `ls -la src`, `npm test`, `git status`,
// `echo hello` — so it can be judged without starting the full parser (mvdan-sh's load and
// Go runtime start cost ~40 ms, ADR 0025). Everything else goes to the full parser: quotes,
// `$`, globs, `~`, `#`, operators, non-ASCII text, an assignment or a reserved or declaration
// word where the command name goes. A test holds this reading to mvdan-sh's own parse of
// generated lines.
import type { ShellWord } from "./shell-words.js";

const PLAIN_LINE = /^[ \t]*[A-Za-z0-9_./:@%+,=-]+(?:[ \t]+[A-Za-z0-9_./:@%+,=-]+)*[ \t]*$/;

/**
 * In command position these are syntax (if, for, time, …) or parsed as declarations
 * (export, declare, let, …) whose words are not plain arguments.
 */
const NOT_A_PLAIN_NAME = new Set([
  "if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in", "select",
  "function", "time", "coproc", "declare", "local", "export", "readonly", "typeset", "nameref", "let",
]);

/** The words of a plain command line, or undefined when the line needs the full parser. */
export function plainWords(source: string): ShellWord[] | undefined {
  if (!PLAIN_LINE.test(source)) return undefined;
  const words = source.trim().split(/[ \t]+/);
  const name = words[0]!;
  // `A=1 cmd` sets a variable; `=x` and `a=b` as a name are assignments or errors to bash.
  if (name.includes("=") || NOT_A_PLAIN_NAME.has(name)) return undefined;
  return words.map((value) => ({ value, literal: true, glob: false, unsafe: false, procSubst: false }));
}
