// pi-tui's Editor with this app's paste handling: a bracketed paste is taken whole (it never
// submits, whatever newlines it holds) and a large one becomes a placeholder that expands on
// submit. The menu follows the text: once what it completes is gone (ctrl-u, ctrl-w,
// backspace), it closes at once, and enter on an empty input picks nothing from a menu still
// open. Everything else (keys, wrapping, history, autocomplete) is pi-tui's.
import { Editor, matchesKey, type EditorTheme, type TUI } from "@mariozechner/pi-tui";
import { completionContext } from "./completion-provider.js";
import { PastePlaceholders } from "./paste-placeholders.js";

const PASTE_START = "\x1b[200~";
const PASTE_END = "\x1b[201~";

export class PromptEditor extends Editor {
  private readonly placeholders = new PastePlaceholders();
  private pasting: string | undefined;
  /** Receives the submitted text with placeholders expanded, and as typed (for the history). */
  onSubmitExpanded?: (text: string, typed: string) => void;

  constructor(tui: TUI, theme: EditorTheme) {
    super(tui, theme, { paddingX: 1, autocompleteMaxVisible: 8 });
    this.onSubmit = (text) => this.onSubmitExpanded?.(this.placeholders.expand(text), text);
  }

  override handleInput(data: string): void {
    if (this.pasting === undefined && !data.startsWith(PASTE_START)) {
      // Nothing to send, and a menu left open must not turn enter into "/clear".
      if (matchesKey(data, "enter") && this.getText().trim() === "") return this.closeMenu();
      super.handleInput(data);
      return this.closeStaleMenu();
    }
    // A paste may arrive in several reads; collect until its end marker.
    this.pasting = (this.pasting ?? "") + (this.pasting === undefined ? data.slice(PASTE_START.length) : data);
    const end = this.pasting.indexOf(PASTE_END);
    if (end < 0) return;
    const content = this.pasting.slice(0, end);
    const rest = this.pasting.slice(end + PASTE_END.length);
    this.pasting = undefined;
    this.insertTextAtCursor(this.placeholders.add(content));
    if (rest) this.handleInput(rest);
  }

  /**
   * pi-tui updates a menu after an edit by asking again, asynchronously: until that answer, the
   * old menu stays, and enter would apply its pick to whatever text is left. A menu whose word
   * is gone closes now.
   */
  private closeStaleMenu(): void {
    if (!this.isShowingAutocomplete()) return;
    const { line, col } = this.getCursor();
    if (completionContext(this.getLines(), line, col) === undefined) this.closeMenu();
  }

  /** pi-tui keeps cancelAutocomplete private; setText would also reset the cursor and undo. test/tui/editor.test.ts watches it. */
  private closeMenu(): void {
    (this as unknown as { cancelAutocomplete(): void }).cancelAutocomplete();
  }

  /** Clears the input (its placeholders stay: a recalled prompt may hold them). */
  clear(): void {
    this.setText("");
  }
}
