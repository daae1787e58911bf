// Sees through the ways one command runs another, so `env rm`, `/bin/rm`, `timeout 5 rm`,
// `fakeroot rm`, `xargs rm`, `find -exec rm`, `bash --norc -c "rm …"` and `eval "rm …"` are
// all judged as rm. The wrappers and their options are in wrappers.ts, how a shell reads its
// options in shell-launch.ts. A wrapper whose options we misread can only produce an unknown
// name, which asks.
import type { Opaque, SimpleCommand } from "./shell-parse.js";
import { readShellLaunch, SHELLS } from "./shell-launch.js";
import type { ShellWord } from "./shell-words.js";
import { ADDS_ARGUMENTS, skipWrapperOptions, WRAPPERS } from "./wrappers.js";

export type FoundCommand = Omit<SimpleCommand, "redirects" | "pipedInput" | "text"> & {
  /** The command the statement's redirections and stdin belong to. */
  primary: boolean;
};

export interface Unwrapped {
  commands: FoundCommand[];
  opaque: Opaque[];
  /** A script in a string (bash -c, eval, env -S) to parse as a command line of its own. */
  nested?: { source: string };
  via: string[];
}

/** Where the real tools live; ./ls or ~/bin/ls is some other program that happens to be called ls. */
export const SYSTEM_DIRS = new Set(["/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/usr/local/sbin", "/opt/homebrew/bin"]);

const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

function normaliseName(word: ShellWord): { name: string; localProgram: boolean } {
  const value = word.value;
  const slash = value.lastIndexOf("/");
  if (slash < 0) return { name: value, localProgram: false };
  const dir = value.slice(0, slash) || "/";
  return { name: value.slice(slash + 1), localProgram: !SYSTEM_DIRS.has(dir.replace(/\/+$/, "") || "/") };
}

/**
 * Expands a command name written as a brace list, `{rm,-rf,/}` or `/bin/{rm,x}`, into the
 * words bash makes of it; undefined when there is none or it nests (then the name is unknown).
 */
function expandBraces(word: ShellWord): ShellWord[] | undefined {
  const match = /^([^{}]*)\{([^{}]*,[^{}]*)\}([^{}]*)$/.exec(word.value);
  if (!match || !word.glob || /[*?[]/.test(word.value)) return undefined;
  return match[2]!.split(",").map((item) => ({ ...word, value: `${match[1]}${item}${match[3]}`, glob: false }));
}

export function unwrapCommand(given: ShellWord[], text: string): Unwrapped {
  let words = given;
  const out: Unwrapped = { commands: [], opaque: [], via: [] };
  const assigns: string[] = [];
  let extraArgs = false;
  let i = 0;

  for (let guard = 0; guard < 16 && i < words.length; guard++) {
    const first = words[i]!;
    if (!first.literal) {
      out.opaque.push({ text, reason: "the command name is computed at run time" });
      out.commands.push({ name: "", localProgram: false, args: words.slice(i), assigns, extraArgs, via: out.via, primary: true });
      return out;
    }
    if (first.glob) {
      const expanded = expandBraces(first);
      if (expanded) {
        words = [...words.slice(0, i), ...expanded, ...words.slice(i + 1)];
        continue;
      }
      // `/bin/r? -rf /`: the program is whatever file the glob matches at run time. (A lone
      // `[` is the test command, not a pattern.)
      if (/[*?]|\[.*\]/.test(first.value)) out.opaque.push({ text, reason: "the command name is a glob pattern" });
    }
    const { name, localProgram } = normaliseName(first);
    const known = localProgram ? undefined : WRAPPERS[name];
    // A script flag takes the next word too (`flock x -c 'cmd'`, `script -qc 'cmd'`).
    const spec = known && { ...known, valueFlags: [...known.valueFlags, ...(known.scriptFlags ?? [])] };
    const isLookup = name === "command" && /^-[vV]/.test(words[i + 1]?.value ?? "");
    if (spec && !isLookup) {
      let chdir = false;
      let watchExec = false;
      let script: ShellWord | undefined;
      let next = skipWrapperOptions(words, i + 1 + (spec.lead ?? 0), spec, (flag, value) => {
        if (spec.scriptFlags?.includes(flag)) script = value;
        if (spec.programFlags?.includes(flag)) {
          out.opaque.push({ text, reason: `${name} ${flag} runs or loads ${value?.literal ? value.value : "a program known only at run time"}` });
        }
        if (name === "env" && (flag === "-S" || flag === "--split-string")) {
          if (value?.literal) out.nested = { source: value.value };
          out.opaque.push({ text, reason: "env -S splits a string into a command" });
        }
        // env -C runs the command elsewhere, so its relative paths no longer mean the workspace.
        if (name === "env" && (flag === "-C" || flag === "--chdir")) chdir = true;
        if (name === "watch" && (flag === "-x" || flag === "--exec")) watchExec = true;
      });
      if (((name === "watch" && !watchExec) || name === "ssh") && next < words.length) {
        // watch joins its words with spaces and hands them to `sh -c`; ssh to the remote shell.
        const rest = words.slice(next);
        out.via = [...out.via, name];
        if (rest.every((word) => word.literal)) out.nested = { source: rest.map((word) => word.value).join(" ") };
        else out.opaque.push({ text, reason: `the command given to ${name} is computed at run time` });
        return out;
      }
      if (name === "env") {
        while (next < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[next]!.value)) {
          assigns.push(words[next]!.value.split("=", 1)[0]!);
          next++;
        }
      }
      // flock FILE -c "…": the script flag may come after the positional.
      if (!script && spec.scriptFlags?.includes(words[next]?.value ?? "")) script = words[next + 1] ?? { value: "", literal: false, glob: false, unsafe: false, procSubst: false };
      if (script) {
        out.via = [...out.via, `${name} -c`];
        if (script.literal) out.nested = { source: script.value };
        else out.opaque.push({ text, reason: `the script given to ${name} is computed at run time` });
        return out;
      }
      if (name === "sg" && next < words.length) {
        // `sg group cmd` without -c hands its command to /bin/sh -c too (shadow-utils sg(1)).
        const rest = words.slice(next);
        out.via = [...out.via, "sg -c"];
        if (rest.every((word) => word.literal)) out.nested = { source: rest.map((word) => word.value).join(" ") };
        else out.opaque.push({ text, reason: "the command given to sg is computed at run time" });
        return out;
      }
      // Defence in depth: a wrapper option we misread shifts where its command starts, so
      // every later word is also tried as the command. Those guesses can only deny.
      for (let j = i + 1; j < Math.min(next, words.length); j++) {
        const candidate = words[j]!;
        if (!candidate.literal || candidate.value.startsWith("-") || /^[A-Za-z_]\w*=/.test(candidate.value)) continue;
        const guess = unwrapCommand(words.slice(j), text);
        for (const found of guess.commands) out.commands.push({ ...found, primary: false, speculative: true, via: [...out.via, name, ...found.via] });
      }
      if (ADDS_ARGUMENTS.has(name)) extraArgs = true;
      out.via = [...out.via, chdir ? "env -C" : name];
      if (next >= words.length) {
        // `env` alone prints the environment, `xargs` alone runs echo, `exec` alone only redirects.
        const fallback = name === "xargs" ? "echo" : name === "env" ? "env" : "";
        if (fallback) out.commands.push({ name: fallback, localProgram: false, args: [], assigns, extraArgs, via: out.via, primary: true });
        return out;
      }
      i = next;
      continue;
    }

    const args = words.slice(i + 1);
    if (!localProgram && SHELLS.has(name) && unwrapShell(name, args, text, out)) return out;
    // trap 'cmd' EXIT, mapfile -C cmd, alias x='cmd': a string that bash runs later.
    const deferred = !localProgram ? deferredScript(name, args) : undefined;
    if (deferred !== undefined) {
      out.opaque.push({ text, reason: `${name} stores a command that bash runs later` });
      if (deferred) out.nested = { source: deferred };
      out.via = [...out.via, name];
      return out;
    }
    if (!localProgram && name === "eval") {
      out.opaque.push({ text, reason: "eval runs a string as a command and is never allowed without asking" });
      if (args.every((word) => word.literal)) out.nested = { source: args.map((word) => word.value).join(" ") };
      else out.opaque.push({ text, reason: "the string eval runs is computed at run time" });
      out.via = [...out.via, "eval"];
      return out;
    }
    const command: FoundCommand = { name, localProgram, spelled: first.value, args, assigns, extraArgs, via: out.via, primary: true };
    if (!localProgram && name === "find") command.args = extractFindExec(args, text, out);
    out.commands.unshift(command);
    return out;
  }
  if (i < words.length) out.opaque.push({ text, reason: "too many nested wrappers" });
  return out;
}

/** The script text trap, mapfile -C, bind -x, complete -C and alias hold; "" when not literal. */
function deferredScript(name: string, args: ShellWord[]): string | undefined {
  const literal = (word: ShellWord | undefined) => (word?.literal ? word.value : "");
  if (name === "trap") {
    const first = args.findIndex((word) => !/^-[lp]$/.test(word.value) && word.value !== "--");
    return first < 0 ? undefined : args[first]!.value === "-" ? undefined : literal(args[first]);
  }
  if (name === "mapfile" || name === "readarray" || name === "complete" || name === "compgen") {
    const at = args.findIndex((word) => /^-[A-Za-z]*C/.test(word.value));
    if (at < 0) return undefined;
    const attached = args[at]!.value.replace(/^-[A-Za-z]*?C/, "");
    return attached || literal(args[at + 1]);
  }
  if (name === "bind" && args.some((word) => /^-[A-Za-z]*x/.test(word.value))) return args.map(literal).join(" ").replace(/^[^:]*:\s*/, "").replace(/^['"]|['"]$/g, "");
  if (name === "alias" && args.length > 0) return args.map((word) => literal(word).replace(/^[^=]*=/, "")).join("\n");
  return undefined;
}

/**
 * bash -c "script" (fish -C/-c too): the strings are parsed as a command line of their own;
 * returns true when a -c string was found. A startup file (`--rcfile X`) runs X: it asks.
 */
function unwrapShell(name: string, args: ShellWord[], text: string, out: Unwrapped): boolean {
  const launch = readShellLaunch(name, args);
  for (const { option, file } of launch.startupFiles) {
    out.opaque.push({ text, reason: `${name} ${option} runs ${file.literal ? file.value : "a file known only at run time"} as a startup script` });
  }
  if (launch.scripts.length === 0) return false;
  const literal = launch.scripts.filter((script) => script.literal);
  if (literal.length < launch.scripts.length) out.opaque.push({ text, reason: "the script given to the shell's -c is computed at run time" });
  if (literal.length > 0) out.nested = { source: literal.map((script) => script.value).join("\n") };
  if (launch.command) out.via = [...out.via, `${name} -c`];
  return launch.command;
}

/** Pulls `-exec cmd … ;` out of find's arguments; the inner command is judged on its own. */
function extractFindExec(args: ShellWord[], text: string, out: Unwrapped): ShellWord[] {
  const kept: ShellWord[] = [];
  // `{}` is each file found under the start points. Below the current directory (`find .`,
  // `find src`) it is a path there; from `/`, `~` or `..` it is anywhere, known at run time.
  const starts = args.slice(0, Math.max(0, args.findIndex((word) => /^[-(!]/.test(word.value)))).filter((word) => word.value !== "");
  const startsHere = starts.every((word) => word.literal && !word.glob && !/^[/~]|(^|\/)\.\.(\/|$)/.test(word.value));
  for (let i = 0; i < args.length; i++) {
    const word = args[i]!;
    if (!(word.literal && FIND_EXEC.has(word.value))) {
      kept.push(word);
      continue;
    }
    kept.push(word);
    let end = i + 1;
    while (end < args.length && !(args[end]!.literal && (args[end]!.value === ";" || args[end]!.value === "+"))) end++;
    const inner = unwrapCommand(args.slice(i + 1, end), text);
    // -execdir runs in each file's own directory, so its relative paths mean something else.
    const runTime = !startsHere || word.value.endsWith("dir");
    for (const found of inner.commands) {
      out.commands.push({ ...found, extraArgs: found.extraArgs || runTime, via: ["find -exec", ...found.via], primary: false });
    }
    out.opaque.push(...inner.opaque);
    if (inner.nested) out.nested = inner.nested;
    i = end;
  }
  return kept;
}
