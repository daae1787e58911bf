// What both grep backends share, so their output is identical by construction: the query,
// the include filter, how a hit is shown, and which hits are kept when there are too many.
import { compileGlob } from "./glob-matcher.js";
import { shownName } from "./shown-name.js";
import { headCut } from "../../secrets/word-cut.js";

export const MAX_HITS = 200;
/** Past this many hits a search stops; the hits shown are then the first of those seen. */
export const MAX_SCANNED_HITS = 100_000;
const MAX_HIT_CHARS = 300;
/**
 * The bytes of a matched line either backend keeps (rg: --max-columns with a preview): a hit
 * in a minified bundle or a dump costs this much, never the whole line.
 */
export const MAX_LINE_BYTES = 4096;

export interface GrepQuery {
  /** JavaScript-compiled pattern (already validated). */
  regex: RegExp;
  pattern: string;
  ignoreCase: boolean;
  /** Absolute, jail-resolved file or directory to search. */
  start: string;
  startIsFile: boolean;
  include?: string;
  includeIgnored: boolean;
  signal?: AbortSignal;
}

export interface GrepHit {
  /** Absolute path of the file. */
  file: string;
  line: number;
  text: string;
  /** The line was longer than MAX_LINE_BYTES: `text` is its start. */
  cut?: boolean;
}

export interface GrepNote {
  /** Absolute path of the file. */
  file: string;
  line: number;
  text: string;
}

export interface GrepOutcome {
  hits: GrepHit[];
  total: number;
  /** True when the search stopped at MAX_SCANNED_HITS. */
  stopped: boolean;
  /** What was not searched and why (a line too long to hold), for the model. */
  notes?: GrepNote[];
}

/**
 * The include filter. A glob without "/" matches the file name at any depth; one with "/"
 * matches the path relative to the search path (posix), as in .gitignore and ripgrep.
 * The glob matcher is loaded by runGrep (grep.ts) before a search with an include starts.
 */
export function includeMatcher(include: string | undefined): ((relative: string) => boolean) | undefined {
  if (!include) return undefined;
  const match = compileGlob(include, { dot: true });
  if (include.includes("/")) return (relative) => match(relative);
  return (relative) => match(relative.slice(relative.lastIndexOf("/") + 1));
}

/** Keeps the MAX_HITS smallest hits by (path, line) and counts all of them. */
export class HitCollector {
  private kept: GrepHit[] = [];
  total = 0;

  add(hit: GrepHit): void {
    this.total++;
    this.kept.push(hit);
    if (this.kept.length >= MAX_HITS * 4) this.trim();
  }

  get full(): boolean {
    return this.total >= MAX_SCANNED_HITS;
  }

  readonly notes: GrepNote[] = [];

  finish(): GrepOutcome {
    this.trim();
    return { hits: this.kept, total: this.total, stopped: this.full, ...(this.notes.length > 0 ? { notes: this.notes } : {}) };
  }

  private trim(): void {
    this.kept.sort(compareHits);
    this.kept.length = Math.min(this.kept.length, MAX_HITS);
  }
}

export function compareHits(a: GrepHit, b: GrepHit): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return a.line - b.line;
}

/** One hit as the model sees it: `path:line: text`, trailing CR dropped, long lines cut. */
export function formatHit(display: string, hit: GrepHit): string {
  let text = hit.text.endsWith("\r") && !hit.cut ? hit.text.slice(0, -1) : hit.text;
  // Cut at a word's edge: half a secret kept before the cut would escape the redactor.
  if (hit.cut) text = `${text.slice(0, headCut(text, MAX_HIT_CHARS, true))}… [line longer than ${MAX_LINE_BYTES} bytes, cut]`;
  else if (text.length > MAX_HIT_CHARS) {
    const kept = headCut(text, MAX_HIT_CHARS, true);
    text = `${text.slice(0, kept)}… [${text.length - kept} more characters]`;
  }
  return `${shownName(display)}:${hit.line}: ${text}`;
}
