// grep through ripgrep. rg is told to apply exactly the walker's rules (see ignore-rules.ts)
// and to search binary files as text; we then drop what rg cannot be told: binary files by
// our definition, secret files the jail denies, and the include filter (rg only narrows
// its walk with it, and not at all for globs with a "/").
import * as childProcess from "node:child_process";
import { lstatSync } from "node:fs";
import path from "node:path";
import { isBinaryFileSync } from "../fs/file-text.js";
import { distrustForHostPrograms, hostProgram } from "../../host/host-programs.js";
import { HitCollector, includeMatcher, MAX_LINE_BYTES, type GrepHit, type GrepOutcome, type GrepQuery } from "./grep-hits.js";
import { RecordReader } from "./rg-records.js";
import { isInside } from "../jail/jail-symlinks.js";
import type { Jail } from "../jail/jail.js";
import { nestedAgentignores } from "./nested-agentignore.js";
import { ALWAYS_SKIPPED } from "./walker.js";
import { MAX_RULES_BYTES as MAX_IGNORE_FILE_BYTES } from "./ignore-rules.js";

/**
 * rg, from a PATH folder no command can write (host/host-programs.ts: it runs on the host,
 * unconfined), or undefined and grep uses its own walker. Looked up once per process.
 */
export function findRipgrep(root?: string): string | undefined {
  if (root) distrustForHostPrograms([root]);
  return hostProgram("rg").path;
}

/** rg rejected the pattern (its regex dialect differs from JavaScript's): use the fallback. */
export class RipgrepPatternError extends Error {}

/**
 * rg hit a limit: it reads every .gitignore itself, and a repository can make one a FIFO (rg
 * waits forever) or a link to /dev/zero (rg's memory grows by a gigabyte a second). The
 * fallback reads ignore files bounded, so it answers instead.
 */
export class RipgrepLimitError extends Error {}

/** PCRE2 gave up on a line at its match limit: the pattern backtracks too much to finish. */
export class RipgrepRunawayError extends Error {}

/** What rg puts after the first --max-columns bytes of a longer line (--max-columns-preview). */
const LONG_LINE_MARK = " [... omitted end of long line]";

/** Longer than any search this tool should run; a stall past it is a planted ignore file. */
export const RIPGREP_TIMEOUT_MS = 30_000;
/** rg's heap (RLIMIT_DATA, in KiB): far above a search's needs, far below a runaway's. */
const RIPGREP_DATA_LIMIT_KIB = 1024 * 1024;

/** rg's argv, under a shell that caps its heap first where there is one (Linux and macOS, best effort). */
function limitedArgv(rg: string, args: string[]): [string, string[]] {
  if (process.platform === "win32") return [rg, args];
  return ["/bin/sh", ["-c", `ulimit -d ${RIPGREP_DATA_LIMIT_KIB} 2>/dev/null; exec "$0" "$@"`, rg, ...args]];
}

function ripgrepArgs(query: GrepQuery, jail: Jail, pcre2: boolean): string[] {
  // --null ends each path with NUL, the one byte no name holds: a record is read as the path up to
  // NUL, then `line:text` up to the newline (no line holds one), so a name with a newline in it
  // stays one name. A long line comes back as its first MAX_LINE_BYTES and a marker.
  const args = ["--no-config", "--color=never", "--no-heading", "--with-filename", "--line-number", "--null"];
  args.push(`--max-columns=${MAX_LINE_BYTES}`, "--max-columns-preview");
  // Hidden files count; .ignore/.rgignore and global git excludes do not (the fallback
  // reads neither); binaries are searched as text and filtered afterwards.
  // .gitignore files count outside a git repository too (ignore-rules.ts).
  args.push("--hidden", "--no-ignore-dot", "--no-ignore-global", "--no-require-git", "--text");
  // PCRE2 says "match limit exceeded" as a message: kept, to be told from no match.
  if (!pcre2) args.push("--no-messages");
  for (const name of ALWAYS_SKIPPED) args.push("--glob", `!${name}`);
  if (query.includeIgnored) args.push("--no-ignore");
  else {
    const agentignore = path.join(jail.root, ".agentignore");
    // Only a small regular file: rg would follow a link to /dev/zero or wait on a FIFO.
    if (isSmallRegularFile(agentignore) && isInside(jail.root, query.start)) args.push("--ignore-file", agentignore);
  }
  if (query.ignoreCase) args.push("--ignore-case");
  if (pcre2) args.push("--pcre2");
  // A name-only include narrows rg's walk as a file type, which (unlike --glob) never
  // overrides ignore rules. Globs with a "/" are only applied afterwards.
  if (query.include && !query.include.includes("/")) args.push(`--type-add=include:${query.include}`, "--type=include");
  args.push("--regexp", query.pattern);
  if (query.start !== jail.root) args.push("--", path.relative(jail.root, query.start) || ".");
  return args;
}

/**
 * `pcre2`: rg's PCRE2 engine, for what its default engine refuses (lookaround, backreferences).
 * PCRE2 stops a runaway match at its match limit, where JavaScript's engine backtracks without
 * end on the main thread, deaf to signals: `(?=x?)(a+)+$` on a long line of `a`s never returned.
 */
export async function grepRipgrep(query: GrepQuery, jail: Jail, rg: string, timeoutMs = RIPGREP_TIMEOUT_MS, pcre2 = false): Promise<GrepOutcome> {
  const hits = new HitCollector();
  const include = includeMatcher(query.include);
  // Whether each file with hits is left out: denied, outside the include filter, or binary
  // by our definition (checked once, on its first hit).
  const skipped = new Map<string, boolean>();
  const [command, argv] = limitedArgv(rg, ripgrepArgs(query, jail, pcre2));
  const child = childProcess.spawn(command, argv, { cwd: jail.root, signal: query.signal, stdio: ["ignore", "pipe", "pipe"] });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, timeoutMs);
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));

  // A .agentignore below the root is ours to apply: a file under one waits for that verdict,
  // its hits held meanwhile (HitCollector sorts, so the order they arrive in does not matter).
  const nested = query.includeIgnored || query.startIsFile ? undefined : nestedAgentignores(jail.root, query.start);
  const held = new Map<string, GrepHit[]>();
  const verdicts: Promise<void>[] = [];
  const keep = (hit: GrepHit) => {
    if (!hits.full) hits.add(hit);
    if (hits.full) child.kill();
  };

  const onRecord = (rawPath: string, rest: string) => {
    const colon = rest.indexOf(":");
    if (colon < 0) return;
    const file = path.resolve(jail.root, rawPath);
    const text = rest.slice(colon + 1);
    // Only a line longer than the limit comes back longer than it: with the marker.
    const cut = text.endsWith(LONG_LINE_MARK) && Buffer.byteLength(text) > MAX_LINE_BYTES;
    const hit: GrepHit = { file, line: Number(rest.slice(0, colon)), text: cut ? text.slice(0, -LONG_LINE_MARK.length) : text, ...(cut ? { cut } : {}) };
    let skip = skipped.get(file);
    if (skip === undefined) {
      // rg applies types only while walking, and knows nothing of denied names.
      skip = jail.deniedReason(file) !== undefined || jail.linkedSecretReason(file) !== undefined || (include !== undefined && !include(relativeTo(query, file))) || isBinary(file);
      skipped.set(file, skip);
      if (!skip && nested?.concerns(file)) {
        held.set(file, []);
        verdicts.push(
          nested.ignored(file).then((ignored) => {
            skipped.set(file, ignored);
            if (!ignored) for (const waiting of held.get(file)!) keep(waiting);
            held.delete(file);
          }),
        );
      }
    }
    const waiting = held.get(file);
    if (waiting) waiting.push(hit);
    else if (!skip) keep(hit);
  };

  const reader = new RecordReader(onRecord);
  child.stdout.on("data", (chunk: Buffer) => reader.push(chunk));

  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (exitCode, exitSignal) => resolve([exitCode, exitSignal]));
  }).finally(() => clearTimeout(timer));
  reader.end();
  await Promise.all(verdicts);
  query.signal?.throwIfAborted();
  if (timedOut) throw new RipgrepLimitError(`rg did not finish within ${timeoutMs} ms`);
  // Out of memory: rg aborts (SIGABRT) or reports the failed allocation.
  if ((signal !== null && !hits.full) || /memory allocation|out of memory/i.test(stderr)) throw new RipgrepLimitError(`rg stopped: ${signal ?? stderr.trim()}`);
  // A build without PCRE2, or a pattern neither engine compiles, is the fallback's to judge.
  if (code === 2 && /regex parse error|error parsing regex|PCRE2 is not available|PCRE2: error compiling/i.test(stderr)) throw new RipgrepPatternError(stderr.trim());
  if (code === 2 && /match limit exceeded|depth limit exceeded|heap limit exceeded/i.test(stderr)) throw new RipgrepRunawayError(stderr.trim());
  // Under PCRE2 the messages are not silenced: a file rg could not read is skipped, as elsewhere.
  if (code === 2 && hits.total === 0 && stderr.trim() && !pcre2) throw new Error(`rg failed: ${stderr.trim()}`);
  return hits.finish();
}

function isSmallRegularFile(file: string): boolean {
  try {
    const stats = lstatSync(file);
    return stats.isFile() && stats.size <= MAX_IGNORE_FILE_BYTES;
  } catch {
    return false;
  }
}

function isBinary(file: string): boolean {
  try {
    return isBinaryFileSync(file);
  } catch {
    return true; // vanished since rg read it: nothing to show
  }
}

function relativeTo(query: GrepQuery, file: string): string {
  const base = query.startIsFile ? path.dirname(query.start) : query.start;
  return path.relative(base, file).split(path.sep).join("/");
}
