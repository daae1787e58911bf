// Where a command's path arguments point, judged from the text alone: inside the workspace,
// outside it, a harmless device, or unknown (computed at run time, or after a cd).
import os from "node:os";
import path from "node:path";
import { matchesGlob } from "../../tools/search/glob-matcher.js";
import { DENIED_HOME_PATHS, isDeniedName } from "../../tools/jail/jail-denied.js";
import { expandBraces } from "./brace-expand.js";
import type { ShellWord } from "./shell-words.js";

export type PathScope = "inside" | "outside" | "device" | "unknown";

export interface PathContext {
  /** Absolute workspace root (POSIX form). */
  root: string;
  /** The line changes directory (cd, pushd), so relative paths no longer mean root-relative. */
  cwdUncertain: boolean;
  /** Whether a workspace-relative path exists (git checkout NAME discards a file, not a branch). */
  exists?(relative: string): boolean;
  /** An absolute POSIX path with its symlinks resolved (the disk, not the text, decides). */
  realPath?(absolute: string): string;
  /** How many hard links the file has (0 when it does not exist). */
  linkCount?(absolute: string): number;
}

/** Writing to these changes nothing on disk. */
const HARMLESS_DEVICES = /^\/dev\/(null|stdout|stderr|tty|fd\/\d+)$/;

export function pathScope(word: ShellWord, context: PathContext): PathScope {
  if (!word.literal) return "unknown";
  // `touch {/etc/x,y}`: bash makes two words of it, and the worst one counts.
  if (word.glob && /[{]/.test(word.value)) {
    const words = expandBraces(word.value);
    if (!words) return "unknown";
    if (words.length > 1 || words[0] !== word.value) return worstScope(words.map((value) => pathScope({ ...word, value, glob: /[*?[]/.test(value) }, context)));
  }
  const lexical = lexicalScope(word, context);
  // A symlink planted by an earlier command: `x -> ~/.bashrc` makes `echo >> x` a write outside.
  if (lexical === "inside" && context.realPath) {
    const real = context.realPath(path.posix.resolve(context.root, word.value));
    const relative = path.posix.relative(context.root, real);
    if (relative.startsWith("..") || path.posix.isAbsolute(relative)) return "outside";
  }
  return lexical;
}

function lexicalScope(word: ShellWord, context: PathContext): PathScope {
  const value = word.value;
  if (HARMLESS_DEVICES.test(value)) return "device";
  // ~ and ~user are home directories, which are never the workspace's to change.
  if (value === "~" || value.startsWith("~")) return "outside";
  if (!path.posix.isAbsolute(value) && context.cwdUncertain) return "unknown";
  const absolute = path.posix.resolve(context.root, value);
  const relative = path.posix.relative(context.root, absolute);
  if (relative === "" ) return "inside";
  if (relative.startsWith("..") || path.posix.isAbsolute(relative)) return "outside";
  return "inside";
}

/** The workspace root itself, or a parent of it: deleting it loses the whole project. */
export function isRootOrAbove(word: ShellWord, context: PathContext): boolean {
  if (!word.literal) return false;
  const value = word.value.replace(/\/+\*?$/, "") || "/";
  if (value === "~" || value === "/" || value === "." || value === "..") return true;
  const absolute = path.posix.resolve(context.root, value);
  return context.root === absolute || context.root.startsWith(`${absolute}/`) || absolute === "/";
}

/** The worst scope among several paths: outside beats unknown beats inside. */
export function worstScope(scopes: PathScope[]): PathScope {
  if (scopes.includes("outside")) return "outside";
  if (scopes.includes("unknown")) return "unknown";
  if (scopes.includes("inside")) return "inside";
  return "device";
}

/** Positional words (not options) of a command, honouring `--`. */
export function positionals(args: ShellWord[]): ShellWord[] {
  const out: ShellWord[] = [];
  let optionsDone = false;
  for (const word of args) {
    if (!optionsDone && word.literal && word.value === "--") {
      optionsDone = true;
      continue;
    }
    if (!optionsDone && word.literal && word.value.startsWith("-") && word.value !== "-") continue;
    out.push(word);
  }
  return out;
}

/** Literal option words before `--`, for flag checks. */
export function options(args: ShellWord[]): string[] {
  const out: string[] = [];
  for (const word of args) {
    if (word.literal && word.value === "--") break;
    if (word.literal && word.value.startsWith("-") && word.value !== "-") out.push(word.value);
  }
  return out;
}

/**
 * True when a short-option cluster (-rf, -Rfv) or a long option names any of the flags.
 * GNU tools accept any unambiguous prefix of a long option (`rm --rec`), so prefixes count.
 */
export function hasFlag(opts: string[], shorts: string, longs: string[]): boolean {
  return opts.some((opt) => {
    if (!opt.startsWith("--")) return [...opt.slice(1)].some((ch) => shorts.includes(ch));
    const name = opt.split("=", 1)[0]!;
    return name.length > 2 && longs.some((long) => long.startsWith(name));
  });
}

/** Names a glob is tried against: `cat .e*` reads `.env` as surely as `cat .env`. (Only dot
 * files: a bare `*` could match an `id_rsa`, but refusing `cat *` would be all noise.) */
const SECRET_FILE_SAMPLES = [".env", ".env.local", ".env.production", ".netrc", ".git-credentials"];
/** /proc's process directories hold every process's environment (ours has the API key). */
const PROC_PROCESS = /^\/proc\/*$|^\/proc\/+(self|thread-self|\d+|[^/]*[*?[][^/]*)(\/|$)/;

function segmentMatches(segment: string, name: string, glob: boolean): boolean {
  return glob ? matchesGlob(name, segment, { nocase: true }) : segment.toLowerCase() === name.toLowerCase();
}

/** The part of a path below a home directory (~, ~user, /root, /home/user, ours), if any. */
function belowHome(value: string): string[] | undefined {
  const home = os.homedir().split(path.sep).join("/");
  const match = /^~[^/]*(?:\/+(.*))?$/.exec(value) ?? /^\/+(?:root|home\/+[^/]+)(?:\/+(.*))?$/.exec(value)
    ?? (value === home || value.startsWith(`${home}/`) ? [value, value.slice(home.length + 1)] : null);
  return match ? (match[1] ?? "").split("/").filter(Boolean) : undefined;
}

/**
 * True when a literal argument names what the file tools refuse to read (jail-denied.ts): a
 * home credential store, a `.env`/private-key file anywhere, or a process's /proc entry.
 * `--file=.env` counts by its value.
 */
export function namesCredentials(word: ShellWord): boolean {
  if (!word.literal) return false;
  const value = /^--?[\w-]+=/.test(word.value) ? word.value.slice(word.value.indexOf("=") + 1) : word.value;
  if (PROC_PROCESS.test(path.posix.normalize(value))) return true;
  // `git show HEAD:.env` names the file after a colon.
  const segments = value.split(/[/:]/).filter(Boolean);
  if (segments.some((segment) => (word.glob ? SECRET_FILE_SAMPLES.some((name) => segmentMatches(segment, name, true)) : isDeniedName(segment)))) {
    return true;
  }
  const rest = belowHome(value);
  if (!rest) return false;
  return DENIED_HOME_PATHS.some((denied) => {
    const parts = denied.split("/");
    return parts.length <= rest.length && parts.every((part, i) => segmentMatches(rest[i]!, part, word.glob));
  });
}
