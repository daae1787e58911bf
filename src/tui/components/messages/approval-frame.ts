// An approval request: what would happen (a diff, or the parsed command), why it asks, and
// the keys: y once, a always (saying what "always" covers), n deny with a note, esc deny.
// Answered by a key, a frame whose call has a tool frame above folds away: the tool frame's
// title says how it was answered, before it says how the call ended. Every character of what
// is asked about is shown, control characters as visible symbols (exactForConsent).
import { Input, matchesKey, type Component, type Focusable } from "@mariozechner/pi-tui";
import type { ApprovalReply } from "../../../engine/index.js";
import type { Theme } from "../../theme/theme.js";
import { exactForConsent } from "./sanitize.js";
import { diffCounts, diffLineToken, keyArgument, looksLikeDiff } from "./tool-summary.js";
import { truncateToWidth, wrapTextWithAnsi } from "../../text-width.js";

export interface ApprovalView {
  id: string;
  callId: string;
  name: string;
  argumentsJson: string;
  reason: string;
  preview?: string | undefined;
  critical?: boolean | undefined;
  /** What "always" would cover ("run_command: npm test"); absent: "always" is not offered. */
  scope?: string | undefined;
  /** The call has a tool frame that shows the answer: this frame takes no room once answered. */
  foldWhenAnswered?: boolean | undefined;
}

/** The most of a preview a frame shows, however tall the window. */
const PREVIEW_LINES = 30;
/** The least it shows, however short the window. */
const MIN_PREVIEW_LINES = 3;

export class ApprovalFrame implements Component, Focusable {
  focused = false;
  private noteInput: Input | undefined;
  private answered: string | undefined;
  private answeredByKey = false;

  constructor(
    private readonly theme: Theme,
    readonly view: ApprovalView,
    private readonly onAnswer: (reply: ApprovalReply) => void,
    /**
     * The lines the whole frame may take while it waits: all of it stays on screen, so its
     * answer (which folds it) changes no line that has scrolled out of view (live-area.ts).
     */
    private readonly room: () => number = () => Number.POSITIVE_INFINITY,
  ) {}

  private get alwaysOffered(): boolean {
    return !this.view.critical && this.view.scope !== undefined;
  }

  get pending(): boolean {
    return this.answered === undefined;
  }

  /** Settles the frame without a key (the engine answered, e.g. the turn was aborted). */
  settle(label: string): void {
    this.answered ??= label;
    this.noteInput = undefined;
  }

  private answer(reply: ApprovalReply, label: string): void {
    if (this.answered !== undefined) return;
    this.answered = label;
    this.answeredByKey = true;
    this.noteInput = undefined;
    this.onAnswer(reply);
  }

  handleInput(data: string): void {
    if (this.answered !== undefined) return;
    if (this.noteInput) {
      if (matchesKey(data, "escape")) return this.answer({ decision: "deny" }, "denied");
      this.noteInput.handleInput(data);
      return;
    }
    if (data === "y" || data === "Y") return this.answer({ decision: "allow_once" }, "allowed once");
    if ((data === "a" || data === "A") && this.alwaysOffered) return this.answer({ decision: "allow_always" }, "always allowed");
    if (data === "n" || data === "N") {
      const input = new Input();
      input.focused = true;
      input.onSubmit = (note) => {
        const trimmed = note.trim();
        this.answer(trimmed ? { decision: "deny", note: trimmed } : { decision: "deny" }, trimmed ? `denied: ${trimmed}` : "denied");
      };
      this.noteInput = input;
      return;
    }
    if (matchesKey(data, "escape")) this.answer({ decision: "deny" }, "denied");
  }

  invalidate(): void {}

  /** At most `limit` lines, the last saying how many more there are. */
  private previewLines(width: number, limit: number): string[] {
    const preview = exactForConsent(this.view.preview ?? "");
    if (!preview.trim()) return [];
    const diff = looksLikeDiff(preview);
    const all = preview.split("\n");
    const shown = all.length > limit ? Math.max(1, limit - 1) : all.length;
    const lines = all.slice(0, shown).map((line) => truncateToWidth(`   ${this.theme.fg(diff ? diffLineToken(line) : "toolArg", line)}`, width));
    if (all.length > shown) lines.push(this.theme.fg("muted", `   … ${all.length - shown} more lines`));
    return lines;
  }

  render(width: number): string[] {
    const t = this.theme;
    const argument = exactForConsent(keyArgument(this.view.argumentsJson));
    const title = ` ${t.fg("approval", "?")} ${t.bold(t.fg("toolName", this.view.name))}${argument ? ` ${t.fg("toolArg", argument)}` : ""}`;
    // How big the change is, before its first 30 lines: "+120 −4" says what the preview cannot.
    const counts = this.answered === undefined ? diffCounts(exactForConsent(this.view.preview ?? "")) : undefined;
    // Answered: one line says what happened (or none: the tool frame above says it).
    if (this.answered !== undefined) {
      if (this.answeredByKey && this.view.foldWhenAnswered) return [];
      return ["", truncateToWidth(`${title} ${t.fg("muted", `→ ${this.answered}`)}`, width)];
    }
    const sized = counts ? `${title}  ${countsText(t, counts)}` : title;
    const head = ["", truncateToWidth(sized, width)];
    const tail = this.tailLines(width);
    // The preview takes what the window leaves after the title, the reason and the keys.
    const limit = Math.min(PREVIEW_LINES, Math.max(MIN_PREVIEW_LINES, this.room() - head.length - tail.length));
    return [...head, ...this.previewLines(width, limit), ...tail];
  }

  /** Under the preview: why it asks, then the keys (or the note being typed). */
  private tailLines(width: number): string[] {
    const t = this.theme;
    const lines: string[] = [];
    // A command's preview already gives each part's reason: the same words once is enough.
    const reason = exactForConsent(this.view.reason);
    const said = exactForConsent(this.view.preview ?? "").includes(reason);
    for (const line of said ? [] : wrapTextWithAnsi(reason, Math.max(1, width - 3))) {
      lines.push(`   ${t.fg("approval", line)}`);
    }
    if (this.noteInput) {
      lines.push(truncateToWidth(`   ${t.fg("muted", "note for the model (enter to deny, esc to deny without one):")}`, width));
      for (const line of this.noteInput.render(Math.max(1, width - 3))) lines.push(`   ${line}`);
      return lines;
    }
    const always = this.view.critical
      ? t.fg("warning", "critical file: “always” does not apply")
      : this.view.scope !== undefined
        ? `${t.bold("a")} always (${exactForConsent(this.view.scope)})`
        : t.fg("muted", "“always” is not offered for this call");
    const keys = `   ${t.bold("y")} allow once · ${always} · ${t.bold("n")} deny with a note · ${t.bold("esc")} deny`;
    for (const line of wrapTextWithAnsi(keys, Math.max(1, width))) lines.push(truncateToWidth(line, width));
    return lines;
  }
}

/** "+3 −1" in the diff's colours. */
function countsText(t: Theme, counts: string): string {
  const [added, removed] = counts.split(" ");
  return `${t.fg("diffAdded", added!)} ${t.fg("diffRemoved", removed!)}`;
}
