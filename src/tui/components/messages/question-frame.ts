// A question from the model (the `ask` tool): pick one option with up/down and enter, or, when
// several may be picked, toggle them with space and confirm with enter; or type an answer of
// one's own (with options too: once something is typed, enter sends the typed text, not the
// highlighted option). esc dismisses it (the model then decides and says what it assumed).
import { Input, matchesKey, type Component, type Focusable } from "@mariozechner/pi-tui";
import type { QuestionReply } from "../../../engine/index.js";
import type { Theme } from "../../theme/theme.js";
import { exactForConsent } from "./sanitize.js";
import { truncateToWidth, wrapTextWithAnsi } from "../../text-width.js";

export interface QuestionView {
  id: string;
  question: string;
  options?: { label: string; detail?: string | undefined }[] | undefined;
  multiple: boolean;
}

export class QuestionFrame implements Component, Focusable {
  focused = false;
  private cursor = 0;
  private readonly picked = new Set<number>();
  /** What the person types: the answer when there are no options, else one of their own. */
  private readonly input = new Input();
  private answered: string | undefined;

  constructor(
    private readonly theme: Theme,
    readonly view: QuestionView,
    private readonly onAnswer: (reply: QuestionReply) => void,
  ) {
    this.input.focused = true;
    this.input.onSubmit = (text) => {
      if (text.trim()) this.answer({ text: text.trim() }, text.trim());
    };
  }

  private get options(): NonNullable<QuestionView["options"]> {
    return this.view.options ?? [];
  }

  private get typed(): string {
    return this.input.getValue().trim();
  }

  get pending(): boolean {
    return this.answered === undefined;
  }

  settle(label: string): void {
    this.answered ??= label;
  }

  private answer(reply: QuestionReply, label: string): void {
    if (this.answered !== undefined) return;
    this.answered = label;
    this.onAnswer(reply);
  }

  handleInput(data: string): void {
    if (this.answered !== undefined) return;
    if (matchesKey(data, "escape")) return this.answer({ dismissed: true }, "dismissed");
    const options = this.options;
    // Typed text wins over the highlighted option: enter sends what was typed.
    if (options.length === 0 || (matchesKey(data, "enter") && this.typed)) return this.input.handleInput(data);
    if (matchesKey(data, "up")) this.cursor = (this.cursor + options.length - 1) % options.length;
    else if (matchesKey(data, "down")) this.cursor = (this.cursor + 1) % options.length;
    else if (this.view.multiple && data === " " && !this.input.getValue()) {
      if (this.picked.has(this.cursor)) this.picked.delete(this.cursor);
      else this.picked.add(this.cursor);
    } else if (matchesKey(data, "enter")) {
      const chosen = this.view.multiple ? [...this.picked].sort((a, b) => a - b) : [this.cursor];
      if (chosen.length === 0) return;
      const labels = chosen.map((i) => options[i]!.label);
      this.answer({ choices: labels }, labels.join(", "));
    } else this.input.handleInput(data);
  }

  invalidate(): void {}

  render(width: number): string[] {
    const t = this.theme;
    const lines = [""];
    for (const line of wrapTextWithAnsi(exactForConsent(this.view.question), Math.max(1, width - 3))) {
      lines.push(` ${t.fg("approval", lines.length === 1 ? "?" : " ")} ${t.bold(line)}`);
    }
    if (this.answered !== undefined) {
      lines.push(truncateToWidth(`   ${t.fg("muted", `→ ${exactForConsent(this.answered)}`)}`, width));
      return lines;
    }
    if (this.options.length === 0) {
      for (const line of this.input.render(Math.max(1, width - 3))) lines.push(`   ${line}`);
      lines.push(truncateToWidth(`   ${t.fg("dim", "enter answers · esc dismisses (the model decides)")}`, width));
      return lines;
    }
    this.options.forEach((option, i) => {
      const box = this.view.multiple ? (this.picked.has(i) ? "[x] " : "[ ] ") : "";
      const pointer = i === this.cursor ? t.fg("accent", "→ ") : "  ";
      const detail = option.detail ? t.fg("muted", ` — ${exactForConsent(option.detail)}`) : "";
      lines.push(truncateToWidth(`  ${pointer}${box}${exactForConsent(option.label)}${detail}`, width));
    });
    lines.push(truncateToWidth(`   ${t.fg("muted", "or type your own answer:")}`, width));
    for (const line of this.input.render(Math.max(1, width - 3))) lines.push(`   ${line}`);
    const pick = this.view.multiple ? "space picks · enter confirms" : "enter picks";
    const keys = this.typed ? "enter sends what you typed · esc dismisses" : `${pick} · esc dismisses (the model decides)`;
    lines.push(truncateToWidth(`   ${t.fg("dim", keys)}`, width));
    return lines;
  }
}
