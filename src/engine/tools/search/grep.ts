// grep: regular-expression search over the workspace, ripgrep when it is installed and our
// own walker otherwise. Both backends produce the same lines in the same order (sorted by
// path, then line), so a session reads the same whichever machine it runs on.
import { stat } from "node:fs/promises";
import { grepFallback } from "./grep-fallback.js";
import { shownName } from "./shown-name.js";
import { formatHit, MAX_HITS, MAX_SCANNED_HITS, type GrepOutcome, type GrepQuery } from "./grep-hits.js";
import { findRipgrep, grepRipgrep, RipgrepLimitError, RipgrepPatternError, RipgrepRunawayError } from "./grep-rg.js";
import type { Jail } from "../jail/jail.js";
import { notRegularError } from "../fs/regular-file.js";
import { agentIgnoredAnswer, agentIgnores } from "./ignore-rules.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";

export interface GrepToolOptions {
  jail: Jail;
  /** Path to rg; undefined looks it up on PATH; null forces the built-in search (tests, bench). */
  ripgrep?: string | null;
  /** How long rg may take before the built-in search answers instead (tests shorten it). */
  ripgrepTimeoutMs?: number;
}

function compile(pattern: string, ignoreCase: boolean): RegExp {
  try {
    return new RegExp(pattern, ignoreCase ? "i" : "");
  } catch (error) {
    throw new ToolError(`invalid regular expression: ${(error as Error).message}`);
  }
}

/** Runs one search with the chosen backend; exported for the bench and the parity tests. */
export async function runGrep(query: GrepQuery, jail: Jail, ripgrep: string | undefined, ripgrepTimeoutMs?: number): Promise<GrepOutcome> {
  if (ripgrep === undefined) return grepFallback(query, jail);
  try {
    return await grepRipgrep(query, jail, ripgrep, ripgrepTimeoutMs);
  } catch (error) {
    // Lookaround and backreferences: rg's PCRE2 engine first, whose match limit ends a runaway
    // pattern; the fallback only where rg has no PCRE2. A planted ignore file stops rg, not the
    // fallback, which reads ignore files bounded: it answers either way.
    if (error instanceof RipgrepPatternError) return grepWithPcre2(query, jail, ripgrep, ripgrepTimeoutMs);
    if (error instanceof RipgrepLimitError) return grepFallback(query, jail);
    throw error;
  }
}

async function grepWithPcre2(query: GrepQuery, jail: Jail, ripgrep: string, ripgrepTimeoutMs?: number): Promise<GrepOutcome> {
  try {
    return await grepRipgrep(query, jail, ripgrep, ripgrepTimeoutMs, true);
  } catch (error) {
    if (error instanceof RipgrepRunawayError) {
      throw new ToolError("the pattern backtracks too much to finish (the regex engine's match limit): simplify nested repetition such as (a+)+ or lookaround around it");
    }
    if (error instanceof RipgrepPatternError || error instanceof RipgrepLimitError) return grepFallback(query, jail);
    throw error;
  }
}

export function createGrepTool({ jail, ripgrep, ripgrepTimeoutMs }: GrepToolOptions) {
  const rg = ripgrep === null ? undefined : (ripgrep ?? findRipgrep(jail.root));
  return defineTool({
    name: "grep",
    description:
      `Search file contents by regex; returns sorted \`path:line: text\` lines, at most ${MAX_HITS}, and the ` +
      "total. Skips binary and ignored files (.gitignore, .agentignore) unless include_ignored; .git and " +
      "node_modules only when named in path.",
    kind: "read",
    input: builtinInput("grep"),
    // The folder it reads every file of: the user's read rules are matched against it.
    subject: (input) => ({ paths: [input.path ?? "."] }),
    async execute(input, context) {
      const start = jail.resolveRead(input.path ?? ".");
      const info = await stat(start).catch(() => undefined);
      if (!info) throw new ToolError(`${jail.display(start)} does not exist`);
      // rg would open a FIFO named as the path and wait for a writer forever.
      if (!info.isFile() && !info.isDirectory()) throw notRegularError(jail.display(start), info);
      // Judged from the workspace root: rg tests no path given by name, and .agentignore must hold.
      if (!(input.include_ignored ?? false) && (await agentIgnores(jail.root, start, info.isDirectory()))) {
        return { content: agentIgnoredAnswer(shownName(jail.display(start))) };
      }
      const query: GrepQuery = {
        regex: compile(input.pattern, input.ignore_case ?? false),
        pattern: input.pattern,
        ignoreCase: input.ignore_case ?? false,
        start,
        startIsFile: info.isFile(),
        include: input.include,
        includeIgnored: input.include_ignored ?? false,
        signal: context.signal,
      };
      const outcome = await runGrep(query, jail, rg, ripgrepTimeoutMs);
      return { content: formatOutcome(outcome, input.pattern, jail) };
    },
  });
}

export function formatOutcome(outcome: GrepOutcome, pattern: string, jail: Jail): string {
  const notes = (outcome.notes ?? []).slice(0, 10).map((note) => `[${shownName(jail.display(note.file))}:${note.line}: ${note.text}]`);
  if (outcome.total === 0) return [`No matches for ${JSON.stringify(pattern)}.`, ...notes].join("\n");
  const lines = outcome.hits.map((hit) => formatHit(jail.display(hit.file), hit));
  if (notes.length > 0) lines.push("", ...notes);
  if (outcome.stopped) {
    lines.push(`\n[search stopped after ${MAX_SCANNED_HITS} matches; showing ${outcome.hits.length} of them — narrow the pattern, path or include]`);
  } else if (outcome.total > outcome.hits.length) {
    lines.push(`\n[${outcome.hits.length} of ${outcome.total} matches shown — narrow the pattern, path or include]`);
  }
  return lines.join("\n");
}
