// No line may be wider on screen than the terminal: one that is wraps there, behind pi-tui's
// back, every row under it is one off, and stale rows stay (a spinner line in the middle of the
// conversation). pi-tui measures a multi-code-point emoji as two columns; some terminals draw it
// wider (graphemes.ts). A line too wide that way first loses its padding (pi-tui's Markdown pads
// lines to the width; the padding was never needed, each row is cleared before it is drawn);
// if it is still too wide it is wrapped here, at a space where one is near, into rows that fit
// even the widest drawing. Nothing is cut off, and no other line moves.
import { TUI } from "@mariozechner/pi-tui";
import { graphemes, worstWidth } from "./graphemes.js";

/** Spaces at the end of a line, before any closing style codes. */
const PADDING = / +((?:\x1b\[[0-9;]*m)*)$/;
/** An escape sequence pi-tui or a theme puts in a line: a style (CSI), a link (OSC), the cursor mark (APC). */
const ESCAPE = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|_[^\x07\x1b]*(?:\x07|\x1b\\))/g;
const STYLE = /^\x1b\[[0-9;]*m$/;
const RESET = /^\x1b\[0?m$/;

/** One line as the rows that draw it within `width` on any terminal (itself, nearly always). */
export function fitLine(line: string, width: number): string[] {
  if (worstWidth(line) <= width) return [line];
  const unpadded = line.replace(PADDING, "$1");
  if (worstWidth(unpadded) <= width) return [unpadded];
  return wrapRows(unpadded, Math.max(2, width));
}

interface Piece {
  text: string;
  /** Columns at the widest (0 for an escape sequence). */
  width: number;
  escape: boolean;
}

function pieces(line: string): Piece[] {
  const out: Piece[] = [];
  let at = 0;
  for (const match of line.matchAll(ESCAPE)) {
    for (const text of graphemes(line.slice(at, match.index))) out.push({ text, width: worstWidth(text), escape: false });
    out.push({ text: match[0], width: 0, escape: true });
    at = match.index + match[0].length;
  }
  for (const text of graphemes(line.slice(at))) out.push({ text, width: worstWidth(text), escape: false });
  return out;
}

/** Rows of at most `width` columns; a row goes on in the styles the row before it ended in. */
function wrapRows(line: string, width: number): string[] {
  const rows: string[] = [];
  let row: Piece[] = [];
  let used = 0;
  /** Styles in force so far: a new row starts with them (pi-tui resets styles at each line end). */
  let styles: string[] = [];
  let rowStyles: string[] = [];
  const flush = (taken: Piece[]) => rows.push(rowStyles.join("") + taken.map((piece) => piece.text).join(""));
  const all = pieces(line);
  // A row that goes on keeps the line's indent (a message's margin, a list's).
  const first = all.findIndex((piece) => !piece.escape && piece.text !== " ");
  const spaces = all.slice(0, Math.max(0, first)).filter((piece) => !piece.escape).length;
  const indent: Piece[] = spaces > 0 && spaces <= width / 2 ? [{ text: " ".repeat(spaces), width: spaces, escape: false }] : [];
  for (const piece of all) {
    if (piece.escape) {
      row.push(piece);
      if (RESET.test(piece.text)) styles = [];
      else if (STYLE.test(piece.text)) styles = [...styles, piece.text];
      continue;
    }
    if (used + piece.width > width && used > 0) {
      // Break after the last space when the words after it are plain text; otherwise here.
      const space = row.findLastIndex((p) => p.text === " ");
      const carry = space > 0 ? row.slice(space + 1) : [];
      if (carry.some((p) => p.escape) || space <= 0) {
        flush(row);
        row = [...indent];
      } else {
        flush(row.slice(0, space));
        row = [...indent, ...carry];
      }
      rowStyles = styles;
      used = row.reduce((sum, p) => sum + p.width, 0);
    }
    row.push(piece);
    used += piece.width;
  }
  if (row.length > 0) flush(row);
  return rows;
}

/** pi-tui's TUI with every line it is about to draw fitted (fitLine). */
export class FitTUI extends TUI {
  override render(width: number): string[] {
    return super.render(width).flatMap((line) => fitLine(line, width));
  }
}
