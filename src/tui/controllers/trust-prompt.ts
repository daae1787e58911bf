// Asks whether to trust the project (the engine's askTrust, called while the session opens,
// before any project setting is used). The question lists each setting that moves data or
// widens power and what it would do; y trusts (the engine records it), n or esc opens the
// session without them. A "no" holds for
// the rest of this run, so switching sessions does not ask again.
import { matchesKey, type Container, type TUI } from "@mariozechner/pi-tui";
import { NoteLine } from "../components/messages/note-line.js";
import type { Theme } from "../theme/theme.js";

export class TrustPrompt {
  private declined = false;
  private pending: ((yes: boolean) => void) | undefined;

  constructor(
    private readonly tui: TUI,
    /** Where the question and its answer stay (above the conversation). */
    private readonly host: Container,
    private readonly theme: Theme,
    private readonly render: () => void,
  ) {}

  ask(question: string): Promise<boolean> {
    if (this.declined) return Promise.resolve(false);
    this.host.addChild(new NoteLine(this.theme, `${question} (y/n)`, "approval", true));
    this.render();
    return new Promise((resolve) => {
      const remove = this.tui.addInputListener((data) => {
        // ctrl-c still quits (the app's own listener); every other key is for this question.
        if (matchesKey(data, "ctrl+c")) return undefined;
        const yes = data === "y" || data === "Y";
        if (!yes && data !== "n" && data !== "N" && !matchesKey(data, "escape")) return { consume: true };
        remove();
        this.settle(yes);
        return { consume: true };
      });
      this.pending = (answer) => {
        remove();
        resolve(answer);
      };
    });
  }

  /** Quitting while asked: the answer is no, so the opening session can shut down. */
  cancel(): void {
    this.pending?.(false);
    this.pending = undefined;
  }

  private settle(yes: boolean): void {
    if (!yes) this.declined = true;
    const answer = yes ? "trusted: the project's settings apply" : "not trusted: this session ignores those settings of the project";
    this.host.addChild(new NoteLine(this.theme, answer, yes ? "muted" : "warning"));
    this.render();
    const pending = this.pending;
    this.pending = undefined;
    pending?.(yes);
  }
}
