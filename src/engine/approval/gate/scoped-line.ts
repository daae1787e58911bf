// Reads a command line for an "always" scope: one simple command, optionally followed by
// plumbing that changes nothing it does (`2>&1`, `2>/dev/null`, `| tail -20`, `| grep FAIL`,
// `| cat`). Deliberately a tiny grammar of its own, not the shell parser: anything outside it
// (`;`, `&&`, `$`, globs, `~`, backslashes, other redirections) gets no scope, so it is asked
// every time. It never allows what the rules refuse: the whole line was judged before memory
// is consulted (gate.ts); this only decides which remembered answer the line may reuse.

/** Characters an unquoted word may hold: nothing the shell expands or treats as an operator. */
const PLAIN = /^[A-Za-z0-9_./:=@%+,-]$/;
/** A word that needs no quoting to be read back as itself. */
const PLAIN_WORD = /^[A-Za-z0-9_./:=@%+,-]+$/;
type Token = { word: string; quoted: boolean } | { op: "|" } | { redirect: string };

/** Splits into words and pipes; undefined for anything outside the small grammar. */
function tokenize(line: string): Token[] | undefined {
  const tokens: Token[] = [];
  let i = 0;
  while (i < line.length) {
    const ch = line[i]!;
    if (ch === " " || ch === "\t") {
      i += 1;
      continue;
    }
    if (ch === "|") {
      tokens.push({ op: "|" });
      i += 1;
      continue;
    }
    if (line.startsWith("2>&1", i) || line.startsWith("2>/dev/null", i)) {
      const redirect = line.startsWith("2>&1", i) ? "2>&1" : "2>/dev/null";
      const end = i + redirect.length;
      // `2>&1x` is another word, not the redirection.
      if (end < line.length && line[end] !== " " && line[end] !== "\t" && line[end] !== "|") return undefined;
      tokens.push({ redirect });
      i = end;
      continue;
    }
    let word = "";
    let quoted = false;
    while (i < line.length && line[i] !== " " && line[i] !== "\t" && line[i] !== "|") {
      const c = line[i]!;
      if (c === "'" || c === '"') {
        const close = line.indexOf(c, i + 1);
        if (close < 0) return undefined;
        const inner = line.slice(i + 1, close);
        // Inside double quotes bash still expands $, ` and \ (and ! in an interactive shell).
        if (c === '"' && /[$`\\!]/.test(inner)) return undefined;
        word += inner;
        quoted = true;
        i = close + 1;
        continue;
      }
      if (!PLAIN.test(c)) return undefined;
      word += c;
      i += 1;
    }
    tokens.push({ word, quoted });
  }
  return tokens;
}

/** `-n 20`, `-20`, `-n20`, `-c 100`: how many lines or bytes to keep, nothing else. */
function countOnly(args: string[]): boolean {
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (/^-\d+$/.test(arg) || /^-[nc]\+?\d+$/.test(arg)) continue;
    if ((arg === "-n" || arg === "-c") && /^\+?\d+$/.test(args[i + 1] ?? "")) {
      i += 1;
      continue;
    }
    return false;
  }
  return true;
}

/** Options that only change how grep matches or what it prints of its standard input. */
const GREP_FLAGS = /^-[ivEFwxcnoqsHh]+$/;
const GREP_WITH_COUNT = /^-[ABCm]$/;

/** A grep of its standard input: one pattern (or `-e` patterns), no file, no option that reads one. */
function grepsStdin(args: string[]): boolean {
  const patterns: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i]!;
    if (arg.startsWith("-") && patterns.length === 0) {
      if (GREP_FLAGS.test(arg) || /^-[ABCm]\d+$/.test(arg) || /^--color=(never|always|auto)$/.test(arg)) continue;
      if (GREP_WITH_COUNT.test(arg) && /^\d+$/.test(args[i + 1] ?? "")) {
        i += 1;
        continue;
      }
      if (arg === "-e" && args[i + 1] !== undefined) {
        patterns.push(args[i + 1]!);
        i += 1;
        continue;
      }
      return false;
    }
    patterns.push(arg);
  }
  // A second word after the pattern would be a file to read.
  return args.includes("-e") ? patterns.length === args.filter((arg) => arg === "-e").length : patterns.length === 1;
}

/** Whether a pipeline stage only reads its standard input and prints part of it. */
function harmlessReader(words: string[]): boolean {
  const [name, ...args] = words;
  if (name === "tail" || name === "head") return countOnly(args);
  if (name === "grep" || name === "egrep" || name === "fgrep") return grepsStdin(args);
  if (name === "cat") return args.length === 0;
  if (name === "wc") return args.every((arg) => /^-[lcwm]+$/.test(arg));
  return false;
}

/**
 * The words of the one command a line runs, when everything else on it is harmless plumbing;
 * undefined otherwise. `npm test 2>&1 | tail -20` → ["npm", "test"].
 */
export function scopedCommandWords(line: string): string[] | undefined {
  const tokens = tokenize(line.trim());
  if (!tokens || tokens.length === 0) return undefined;
  const stages: Token[][] = [[]];
  for (const token of tokens) {
    if ("op" in token) stages.push([]);
    else stages[stages.length - 1]!.push(token);
  }
  const [first, ...readers] = stages;
  const program = first![0];
  // The program must be a plain name: a quoted or assigned one (`FOO=1 npm`) is not this command.
  if (!program || !("word" in program) || program.quoted || !PLAIN_WORD.test(program.word) || program.word.includes("=") || program.word.includes("/")) return undefined;
  // Redirections are dropped from the command's words: only the harmless ones were read.
  const main = first!.flatMap((token) => ("word" in token ? [token.word] : []));
  for (const stage of readers) {
    const words = stage.flatMap((token) => ("word" in token ? [token.word] : []));
    if (words.length === 0 || words.length !== stage.length || !harmlessReader(words)) return undefined;
  }
  return main;
}

/** A word as a scope shows it: plain, or quoted so that it reads back as one word. */
export function quoteWord(word: string): string | undefined {
  if (PLAIN_WORD.test(word)) return word;
  if (!word.includes("'")) return `'${word}'`;
  if (!/[$`\\!"]/.test(word)) return `"${word}"`;
  return undefined;
}
