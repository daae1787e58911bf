// Large pastes show as a short placeholder in the editor ("[pasted 120 lines]") and expand to
// their full text on submit, so a big paste neither floods the input nor submits early. The
// placeholders live as long as the editor: a prompt recalled with up shows the placeholder
// again and still expands when sent.

/** Pastes above either limit are folded into a placeholder (pi-tui's editor uses the same). */
export const FOLD_LINES = 10;
export const FOLD_CHARS = 1000;

export class PastePlaceholders {
  private readonly pastes = new Map<string, string>();

  /** Returns the text to insert: the paste itself, or a placeholder that stands for it. */
  add(content: string): string {
    const text = content.replace(/\r\n?/g, "\n");
    // A copied block ends with a newline: that is the end of its last line, not one more.
    const lines = text.replace(/\n$/, "").split("\n").length;
    if (lines <= FOLD_LINES && text.length <= FOLD_CHARS) return text;
    const base = lines > FOLD_LINES ? `pasted ${lines} lines` : `pasted ${text.length} chars`;
    let marker = `[${base}]`;
    for (let n = 2; this.pastes.has(marker); n++) marker = `[${base} #${n}]`;
    this.pastes.set(marker, text);
    return marker;
  }

  /** The submitted text with every placeholder still in it replaced by its paste. */
  expand(text: string): string {
    let result = text;
    for (const [marker, content] of this.pastes) result = result.split(marker).join(content);
    return result;
  }
}
