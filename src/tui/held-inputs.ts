// A slash command typed while a turn runs waits, as a prompt does, and runs when the engine
// is idle again, as if typed at that moment (/clear after the turn, not refused during it).
// The engine queues prompts but knows nothing of commands, so the app holds them here; a
// prompt typed after a held command is held behind it, so inputs run in the order typed.

export interface HeldInputsParts {
  /** Resolves when no turn runs and the engine's queue is empty. */
  idle(): Promise<unknown>;
  /** Shows a held line in the queued area; the function takes it away. */
  show(text: string): () => void;
  /** Runs a line as if typed now (a command awaited to its end; a prompt submitted). */
  run(text: string): Promise<void>;
}

export class HeldInputs {
  private readonly items: { text: string; hide: () => void }[] = [];
  private draining = false;

  constructor(private readonly parts: HeldInputsParts) {}

  get holding(): boolean {
    return this.items.length > 0;
  }

  hold(text: string): void {
    this.items.push({ text, hide: this.parts.show(text) });
    if (!this.draining) void this.drain();
  }

  /** Esc: the held lines go with the turn; their texts, to say so. */
  drop(): string[] {
    const texts = this.items.map((item) => item.text);
    for (const item of this.items.splice(0)) item.hide();
    return texts;
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      for (;;) {
        await this.parts.idle();
        const item = this.items.shift();
        if (!item) return; // dropped meanwhile
        item.hide();
        // A prompt starts a turn: the next line waits for idle again.
        await this.parts.run(item.text);
      }
    } finally {
      this.draining = false;
    }
  }
}
