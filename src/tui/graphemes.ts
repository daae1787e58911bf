// Text as a person sees it: graphemes (👨‍👩‍👧‍👦 is one, of seven code points), never cut apart, and
// the columns they take on screen. pi-tui gives a multi-code-point emoji two columns, as
// terminals that join it do; others draw its parts apart (tmux 3.3: 👍🏽 in four columns;
// xterm: 👨‍👩‍👧‍👦 in four, or eight). worstWidth counts a line the widest way, so a line laid out
// to it fits every one of them (fit-width.ts).
import { visibleWidth } from "@mariozechner/pi-tui";

/** A flag is two regional indicators: every terminal draws the pair in two columns at most. */
const REGIONAL_INDICATOR = /^[\u{1F1E6}-\u{1F1FF}]$/u;
/**
 * What joins two visible code points into one cluster: a zero-width joiner, a skin tone. Only
 * a line holding one can be wider drawn apart (a flag's two halves take two columns anyway,
 * and a variation selector or a combining mark takes none), so every other line is measured
 * as pi-tui measures it, without splitting it into clusters.
 */
const JOINS = /[\u200D\u{1F3FB}-\u{1F3FF}]/u;

const widths = new Map<string, number>();
const CACHED_LINES = 2048;

/** Made on first use: most lines are ASCII and never need it. */
let segmenter: Intl.Segmenter | undefined;

export function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** At most `max` graphemes, the last replaced by "…" when cut. */
export function clipGraphemes(text: string, max: number): string {
  const parts = graphemes(text);
  return parts.length > max ? `${parts.slice(0, max - 1).join("")}…` : text;
}

/** The columns a line (escape codes allowed) takes on a terminal that draws clusters apart. */
export function worstWidth(line: string): number {
  if (!JOINS.test(line)) return visibleWidth(line);
  const known = widths.get(line);
  if (known !== undefined) return known;
  let extra = 0;
  for (const cluster of graphemes(line)) {
    if (cluster.length < 3) continue; // one code point (a surrogate pair at most): nothing apart
    let apart = 0;
    for (const point of cluster) apart += REGIONAL_INDICATOR.test(point) ? 1 : visibleWidth(point);
    extra += Math.max(0, apart - visibleWidth(cluster));
  }
  const width = visibleWidth(line) + extra;
  // Streaming redraws the same lines many times a second: their widths are kept, a bounded few.
  if (widths.size >= CACHED_LINES) widths.clear();
  widths.set(line, width);
  return width;
}
