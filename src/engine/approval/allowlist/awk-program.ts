// An awk program the allowlist can vouch for (ADR 0060): the one-liners models run to pick
// fields and sum columns (`{print $1}`, `NR==5`, `/re/ {n++} END {print n}`). awk is a
// language: `system()`, `print > file`, `print | "cmd"`, `getline < file`, `ENVIRON`, ARGV
// rewritten to read other files, gawk's `@load` and `/inet/` files. So the program is scanned
// as awk lexes it (strings, regular expressions, code) and vouched for only when its code has
// none of those: no `>` or a single `|` at all (a comparison `$3 > 5` asks too; awk's
// redirection and its comparison share the sign), no `@`, none of the names below. Where the
// scan could be unsure whether `/` starts a regular expression, it reads code, which can only
// find more to refuse.

/** Names that run, write, read beyond the operands, or reveal the environment. */
const REFUSED_NAMES = new Set(["system", "getline", "close", "fflush", "ENVIRON", "PROCINFO", "ARGV", "ARGC", "SYMTAB", "FUNCTAB"]);
/** After these (or at the start) a `/` begins a regular expression; anywhere else it is read as division. */
const REGEX_MAY_FOLLOW = new Set(["", "(", ",", "{", "}", ";", "!", "~", "&", "|", "=", ":", "?", "\n"]);

/** Why the program is not one the allowlist vouches for, or undefined when it only reads and prints. */
export function awkProgramProblem(program: string): string | undefined {
  let before = "";
  for (let i = 0; i < program.length; ) {
    const char = program[i]!;
    if (char === '"' || (char === "/" && REGEX_MAY_FOLLOW.has(before))) {
      const end = closing(program, i);
      if (end === undefined) return `an awk program with an unterminated ${char === '"' ? "string" : "regular expression"}`;
      i = end + 1;
      before = "x";
      continue;
    }
    if (char === "#") {
      while (i < program.length && program[i] !== "\n") i++;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(program.slice(i))?.[0];
    if (word) {
      if (REFUSED_NAMES.has(word)) return `an awk program that uses ${word}`;
      i += word.length;
      before = "x";
      continue;
    }
    if (char === ">") return "an awk program with > (a redirection or a comparison: awk's are one sign)";
    if (char === "|") {
      if (program[i + 1] !== "|") return "an awk program that pipes";
      i += 2;
      before = "|";
      continue;
    }
    if (char === "@") return "an awk program with @ (gawk's @load, @include)";
    if (!/\s/.test(char) || char === "\n") before = char;
    i++;
  }
  return undefined;
}

/** The index of the quote or slash that closes the literal opened at `start`; backslash escapes one character. */
function closing(text: string, start: number): number | undefined {
  const mark = text[start]!;
  for (let i = start + 1; i < text.length; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === mark) return i;
    else if (text[i] === "\n") return undefined;
  }
  return undefined;
}
