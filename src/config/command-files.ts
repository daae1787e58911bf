// Which workspace files a trusted hook or MCP server command runs, as far as its words tell
// (docs/adr/0064). Trust digests these files and the sandbox keeps them read-only, because the
// host runs them unconfined: a script left out could be rewritten after trust (by a pull, or by
// a sandboxed command) and run with no new question. So every word that names a workspace path
// counts, once $PWD and the project-dir variables are expanded; an interpreter's first operand
// is resolved as the interpreter would (`node server` → server.js or server/index.js, `python
// -m mod` → mod.py); `make` counts the makefile it would read. What a script sources or imports
// cannot be followed in general, so the caller covers each named script's whole folder.
import { lstatSync } from "node:fs";
import path from "node:path";

/** A shell command's words, quotes removed; a quoted word with spaces (`sh -c "./x.sh a"`) also gives its parts. */
export function commandWords(command: string): string[] {
  return commandSegments(command).flat();
}

/** The words of each simple command (split at `;`, `&&`, `||`, `|`, `&`, new lines, and inside a quoted word with spaces). */
export function commandSegments(command: string): string[][] {
  const segments: string[][] = [[]];
  // A word is quoted and unquoted parts with no space between: `"$CLAUDE_PROJECT_DIR"/hooks/x.sh` is one.
  for (const match of command.matchAll(/([;&|\n]+)|((?:"[^"]*"|'[^']*'|[^\s;&|<>()`"'])+)/g)) {
    if (match[1] !== undefined) {
      segments.push([]);
      continue;
    }
    const word = match[2]!.replace(/"([^"]*)"|'([^']*)'/g, "$1$2");
    segments.at(-1)!.push(word);
    if (/\s/.test(word)) segments.push(...commandSegments(word));
  }
  return segments.filter((segment) => segment.length > 0);
}

/** Programs whose first operand is what runs: shells, interpreters, and wrappers that run a command. */
const RUNS_OPERAND = /^(sh|bash|zsh|dash|ksh|fish|source|\.|exec|env|nohup|nice|time|command|ruby|perl|php)$/;
const NODE_LIKE = /^(node|nodejs|bun|deno|tsx|ts-node)$/;
const PYTHON = /^python[0-9.]*$/;
const MAKE = /^g?make$/;
const NODE_SUFFIXES = ["", ".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", "/index.js", "/index.mjs", "/index.cjs", "/index.ts", "/package.json"];
const PYTHON_SUFFIXES = ["", ".py", "/__main__.py"];

export interface CommandFiles {
  /** Every workspace path a word names (absolute); a missing one too: a file planted there later changes the digest. */
  files: string[];
  /** Of those, the scripts that run (a command's program, an interpreter's script, the makefile): their folders are covered too. */
  scripts: string[];
}

/** The workspace files a command's simple commands name and run (`cwd` is where it runs). */
export function commandFiles(segments: readonly (readonly string[])[], cwd: string, workspace: string): CommandFiles {
  const files: string[] = [];
  const scripts: string[] = [];
  // `cd hooks && ./run.sh`: later commands run from there.
  let dir = cwd;
  for (const segment of segments) {
    const words = segment.map((word) => expand(word, dir, workspace));
    if ((words[0] === "cd" || words[0] === "pushd") && words[1] !== undefined && isPathLike(words[1])) {
      dir = path.resolve(dir, words[1]);
      continue;
    }
    for (const word of words) {
      const value = word.startsWith("-") ? (word.includes("=") ? word.slice(word.indexOf("=") + 1) : "") : word;
      if (isPathLike(value)) files.push(path.resolve(dir, value));
    }
    const first = words.findIndex((word) => !isAssignment(word));
    if (first >= 0 && isPathLike(words[first]!)) scripts.push(path.resolve(dir, words[first]!));
    words.forEach((word, at) => {
      const program = path.basename(word);
      const operand = firstOperand(words, at);
      if (RUNS_OPERAND.test(program) && operand !== undefined && isPathLike(operand)) scripts.push(path.resolve(dir, operand));
      else if (NODE_LIKE.test(program)) scripts.push(...candidates(operand, dir, NODE_SUFFIXES));
      else if (PYTHON.test(program)) scripts.push(...pythonFiles(words, at, dir));
      else if (MAKE.test(program)) scripts.push(...makefiles(words, at, dir));
    });
  }
  // A folder named as such (`eslint src`) is data, not something run; what runs in it was found above.
  const keep = (list: string[]) => [...new Set(list)].filter((file) => inside(workspace, file) && !isDirectory(file));
  return { files: keep([...files, ...scripts]), scripts: keep(scripts) };
}

function isAssignment(word: string): boolean {
  return /^[A-Za-z_][A-Za-z0-9_]*=/.test(word);
}

const PROJECT_DIR = /\$\{?(CLAUDE_PROJECT_DIR|MINI_AGENT_PROJECT_DIR)\}?/g;
const WORKING_DIR = /\$\{?PWD\}?|\$\(pwd\)|^~\+(?=\/|$)/g;

/** The variables that name the workspace or the command's folder; `~` is the home, never the workspace. */
function expand(word: string, cwd: string, workspace: string): string {
  return word.replace(PROJECT_DIR, workspace).replace(WORKING_DIR, cwd);
}

/** A word that can name a file: not empty, not a URL, nothing left for the shell to expand. */
function isPathLike(value: string): boolean {
  return value !== "" && !value.startsWith("~") && !/[$*?[`]/.test(value) && !/^[a-z][a-z0-9+.-]*:\/\//i.test(value);
}

/** The first word after `at` that is no option and no variable assignment (`env X=1 ./run`). */
function firstOperand(words: readonly string[], at: number): string | undefined {
  return words.slice(at + 1).find((word) => !word.startsWith("-") && !isAssignment(word));
}

/** The files an interpreter could load for `operand`, of those that exist. */
function candidates(operand: string | undefined, cwd: string, suffixes: readonly string[]): string[] {
  if (operand === undefined || !isPathLike(operand)) return [];
  return suffixes.map((suffix) => path.resolve(cwd, operand + suffix)).filter(exists);
}

/** `python x` runs x (or x/__main__.py); `python -m a.b` runs a/b.py or a/b/__main__.py. */
function pythonFiles(words: readonly string[], at: number, cwd: string): string[] {
  const module = words.indexOf("-m", at + 1);
  if (module > at) {
    const name = words[module + 1];
    return name ? candidates(name.replaceAll(".", "/"), cwd, [".py", "/__init__.py", "/__main__.py"]) : [];
  }
  return candidates(firstOperand(words, at), cwd, PYTHON_SUFFIXES);
}

/** The makefiles `make` reads: `-f` files (from the `-C` folder), else GNUmakefile, makefile, Makefile there. */
function makefiles(words: readonly string[], at: number, cwd: string): string[] {
  let dir = cwd;
  const named: string[] = [];
  for (let i = at + 1; i < words.length; i += 1) {
    const word = words[i]!;
    const value = (short: string, long: string[]): string | undefined => {
      if (word === short || long.includes(word)) return words[++i];
      if (word.startsWith(short) && !word.startsWith("--")) return word.slice(short.length);
      const eq = long.find((name) => word.startsWith(`${name}=`));
      return eq ? word.slice(eq.length + 1) : undefined;
    };
    const directory = value("-C", ["--directory"]);
    if (directory !== undefined) dir = path.resolve(dir, directory);
    const file = directory === undefined ? value("-f", ["--file", "--makefile"]) : undefined;
    if (file !== undefined) named.push(file);
  }
  const files = named.length > 0 ? named : ["GNUmakefile", "makefile", "Makefile"];
  return files.map((file) => path.resolve(dir, file));
}

function exists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function isDirectory(file: string): boolean {
  try {
    return lstatSync(file).isDirectory();
  } catch {
    return false;
  }
}

export function inside(root: string, file: string): boolean {
  const relative = path.relative(root, file);
  return relative !== "" && !relative.startsWith("..") && !path.isAbsolute(relative);
}
