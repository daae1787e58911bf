// Cutting and wrapping lines to the window with the measure the renderer uses (worstWidth:
// 👍🏽 as four columns, as tmux draws it), not pi-tui's (two). pi-tui's truncateToWidth alone
// left a cut line with such an emoji two columns too wide, so FitTUI wrapped it and the "..."
// landed on a row of its own. Components cut and wrap through here, never through pi-tui's
// own functions (a test holds them to it).
import { truncateToWidth as piTruncate, wrapTextWithAnsi as piWrap } from "@mariozechner/pi-tui";
import { fitLine } from "./fit-width.js";
import { worstWidth } from "./graphemes.js";

/** `text` (style codes allowed) cut to at most `width` columns at the widest, ending in `ellipsis` when cut. */
export function truncateToWidth(text: string, width: number, ellipsis = "..."): string {
  let cut = piTruncate(text, width, ellipsis);
  // pi-tui counts a joined emoji as two columns: cut shorter by what that misses, until it fits.
  for (let target = width; worstWidth(cut) > width && target > 1; ) {
    target = Math.max(1, target - (worstWidth(cut) - width));
    cut = piTruncate(text, target, ellipsis);
  }
  return cut;
}

/** `text` wrapped into rows of at most `width` columns at the widest; nothing is cut off. */
export function wrapTextWithAnsi(text: string, width: number): string[] {
  return piWrap(text, width).flatMap((line) => fitLine(line, width));
}
