// Sees through the ways one command runs another, so `env rm`, `/bin/rm`, `timeout 5 rm`,
// `xargs rm`, `find -exec rm`, `bash -c "rm …"` and `eval "rm …"` are all judged as rm.
// A wrapper whose options we misread can only produce an unknown name, which asks.
import type { Opaque, SimpleCommand } from "./shell-parse.js";
import type { ShellWord } from "./shell-words.js";

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
const SYSTEM_DIRS = new Set(["/bin", "/usr/bin", "/usr/local/bin", "/sbin", "/usr/sbin", "/usr/local/sbin", "/opt/homebrew/bin"]);

interface WrapperSpec {
  /** Options that take the next word as their value. */
  valueFlags: string[];
  /** Positional words between the options and the command (timeout's duration). */
  skip?: number;
  /** Positional words before the options (setarch's architecture). */
  lead?: number;
  /** Options whose value is a shell script (flock -c, script -c, npx -c, sg -c). */
  scriptFlags?: string[];
}

const WRAPPERS: Record<string, WrapperSpec> = {
  command: { valueFlags: [] },
  builtin: { valueFlags: [] },
  exec: { valueFlags: ["-a"] },
  nice: { valueFlags: ["-n", "--adjustment"] },
  nohup: { valueFlags: [] },
  time: { valueFlags: ["-f", "--format", "-o", "--output"] },
  timeout: { valueFlags: ["-s", "--signal", "-k", "--kill-after"], skip: 1 },
  stdbuf: { valueFlags: ["-i", "-o", "-e", "--input", "--output", "--error"] },
  ionice: { valueFlags: ["-c", "-n", "-p", "-P", "-u", "--class", "--classdata"] },
  setsid: { valueFlags: [] },
  busybox: { valueFlags: [] },
  env: { valueFlags: ["-u", "--unset", "-C", "--chdir", "-S", "--split-string"] },
  // chronic only hides output; watch without -x runs its words through `sh -c` (below).
  chronic: { valueFlags: [] },
  watch: { valueFlags: ["-n", "--interval", "-q", "--equexit"] },
  xargs: {
    valueFlags: ["-a", "--arg-file", "-d", "--delimiter", "-E", "-I", "-L", "-n", "--max-args", "-P", "--max-procs", "-s", "--max-chars", "--process-slot-var"],
  },
  // Process-attribute wrappers: locks, CPU affinity, personality, limits, scheduling,
  // privileges, namespaces, terminals. Each runs the rest of its words as a command.
  flock: { valueFlags: ["-w", "--wait", "--timeout", "-E", "--conflict-exit-code"], skip: 1, scriptFlags: ["-c", "--command"] },
  taskset: { valueFlags: [], skip: 1 },
  setarch: { valueFlags: ["--uname-2.6"], lead: 1 },
  linux32: { valueFlags: [] }, linux64: { valueFlags: [] }, uname26: { valueFlags: [] },
  prlimit: { valueFlags: ["-p", "--pid", "-o", "--output"] },
  chrt: { valueFlags: ["-T", "--sched-runtime", "-P", "--sched-period", "-D", "--sched-deadline"], skip: 1 },
  setpriv: {
    valueFlags: ["--reuid", "--regid", "--ruid", "--euid", "--rgid", "--egid", "--groups", "--inh-caps", "--ambient-caps", "--bounding-set", "--securebits", "--selinux-label", "--apparmor-profile", "--pdeathsig", "--landlock-access", "--landlock-rule"],
  },
  unshare: { valueFlags: ["-S", "--setuid", "-G", "--setgid", "-R", "--root", "-w", "--wd", "--propagation", "--setgroups", "--map-user", "--map-group", "--map-users", "--map-groups"] },
  nsenter: { valueFlags: ["-t", "--target", "-S", "--setuid", "-G", "--setgid", "-w", "--wd", "-r", "--root"] },
  chroot: { valueFlags: ["--userspec", "--groups"], skip: 1 },
  numactl: { valueFlags: ["-i", "--interleave", "-N", "--cpunodebind", "-C", "--physcpubind", "-m", "--membind", "-p", "--preferred"] },
  faketime: { valueFlags: ["-m", "-f"], skip: 1 },
  script: {
    valueFlags: ["-E", "--echo", "-I", "--log-in", "-O", "--log-out", "-B", "--log-io", "-T", "--log-timing", "-m", "--logging-format", "-o", "--output-limit"],
    scriptFlags: ["-c", "--command"],
    // BSD script: `script [-q] file command …`.
    skip: 1,
  },
  sg: { valueFlags: [], skip: 1, scriptFlags: ["-c"] },
  firejail: { valueFlags: [] }, "systemd-run": { valueFlags: ["-p", "--property", "-u", "--unit", "-E", "--setenv", "--uid", "--gid", "--nice", "-d", "--working-directory", "--description", "--slice", "-M", "--machine", "-H", "--host"] },
  strace: { valueFlags: ["-o", "-e", "-p", "-s", "-a", "-b", "-E", "-I", "-O", "-S", "-u", "-X", "-P"] },
  ltrace: { valueFlags: ["-o", "-e", "-p", "-s", "-a", "-A", "-D", "-E", "-l", "-L", "-n", "-u", "-w", "-x"] },
  valgrind: { valueFlags: [] }, catchsegv: { valueFlags: [] }, "dbus-run-session": { valueFlags: [] },
  torsocks: { valueFlags: [] }, proxychains: { valueFlags: ["-f"] }, proxychains4: { valueFlags: ["-f"] },
  caffeinate: { valueFlags: ["-t", "-w"] }, "sandbox-exec": { valueFlags: ["-f", "-p", "-n", "-D"] },
  "xvfb-run": { valueFlags: ["-n", "--server-num", "-s", "--server-args", "-e", "--error-file", "-f", "--auth-file", "-p", "--xauth-protocol", "-w", "--wait"] },
  // The remote command is judged as if it ran here: `ssh host 'rm -rf ~'` deletes a home too.
  ssh: {
    valueFlags: ["-p", "-i", "-l", "-o", "-F", "-J", "-L", "-R", "-D", "-b", "-c", "-E", "-e", "-I", "-m", "-O", "-Q", "-S", "-W", "-w", "-B"],
    skip: 1,
  },
  // Package runners fall back to any program on PATH: `npx rm -rf ~` is rm.
  npx: { valueFlags: ["-p", "--package"], scriptFlags: ["-c", "--call"] }, bunx: { valueFlags: ["-p", "--package"] },
  pnpx: { valueFlags: [] }, entr: { valueFlags: [] },
  parallel: { valueFlags: ["-j", "--jobs", "-S", "--sshlogin", "-a", "--arg-file", "-d", "--delimiter", "-I", "-n", "--max-args", "--joblog", "--results"] },
};

/** Wrappers that add words of their own at run time, like xargs. */
const ADDS_ARGUMENTS = new Set(["xargs", "parallel", "entr"]);

export const SHELLS = new Set(["bash", "sh", "dash", "zsh", "ksh", "mksh", "ash", "fish", "rbash", "rzsh", "rksh", "csh", "tcsh", "yash", "posh"]);
const FIND_EXEC = new Set(["-exec", "-execdir", "-ok", "-okdir"]);

function normaliseName(word: ShellWord): { name: string; localProgram: boolean } {
  const value = word.value;
  const slash = value.lastIndexOf("/");
  if (slash < 0) return { name: value, localProgram: false };
  const dir = value.slice(0, slash) || "/";
  return { name: value.slice(slash + 1), localProgram: !SYSTEM_DIRS.has(dir.replace(/\/+$/, "") || "/") };
}

/** Index of the first word after the wrapper's options (and its skipped positionals). */
function skipOptions(words: ShellWord[], start: number, spec: WrapperSpec, onOption?: (flag: string, value?: ShellWord) => void): number {
  let i = start;
  while (i < words.length) {
    const word = words[i]!;
    if (!word.literal || !word.value.startsWith("-") || word.value === "-") break;
    if (word.value === "--") return i + 1 + (spec.skip ?? 0);
    if (!word.value.startsWith("--") && word.value.length > 2) {
      // A short-option cluster: `-iS'rm -rf /'` is -i then -S with the rest as its value,
      // and `-n5` is -n 5. Reading the whole word as one flag would miss the -S.
      const letters = word.value.slice(1);
      const at = [...letters].findIndex((ch) => spec.valueFlags.includes(`-${ch}`));
      for (const ch of at < 0 ? letters : letters.slice(0, at)) onOption?.(`-${ch}`);
      if (at < 0) {
        i += 1;
        continue;
      }
      const attached = letters.slice(at + 1);
      onOption?.(`-${letters[at]}`, attached ? { ...word, value: attached } : words[i + 1]);
      i += attached ? 1 : 2;
      continue;
    }
    const [flag = ""] = word.value.split("=", 1);
    const takesNext = spec.valueFlags.includes(word.value);
    onOption?.(flag, takesNext ? words[i + 1] : word.value.includes("=") ? { ...word, value: word.value.slice(flag.length + 1) } : undefined);
    i += takesNext ? 2 : 1;
  }
  return i + (spec.skip ?? 0);
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
      let next = skipOptions(words, i + 1 + (spec.lead ?? 0), spec, (flag, value) => {
        if (spec.scriptFlags?.includes(flag)) script = value;
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
    if (!localProgram && SHELLS.has(name) && unwrapShell(args, text, out)) return out;
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
      out.via = [...out.via, "eval"];
      return out;
    }
    const command: FoundCommand = { name, localProgram, args, assigns, extraArgs, via: out.via, primary: true };
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

/** bash -c "script": returns true when the script string was taken as a nested command line. */
function unwrapShell(args: ShellWord[], text: string, out: Unwrapped): boolean {
  let hasC = false;
  let i = 0;
  for (; i < args.length; i++) {
    const value = args[i]!.literal ? args[i]!.value : "";
    if (value === "--" || value === "-") { i++; break; }
    if (/^[-+]o$|^[-+]O$/.test(value)) { i++; continue; }
    if (/^[-+][A-Za-z]+$/.test(value)) { if (value.startsWith("-") && value.includes("c")) hasC = true; continue; }
    if (value.startsWith("--")) continue;
    break;
  }
  if (!hasC) return false;
  const script = args[i];
  out.via = [...out.via, "bash -c"];
  if (!script?.literal) {
    out.opaque.push({ text, reason: "the script given to the shell's -c is computed at run time" });
    return true;
  }
  out.nested = { source: script.value };
  return true;
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
