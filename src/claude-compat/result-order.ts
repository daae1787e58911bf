// One `result` per user message, in the order the messages came. The Agent SDK (and any client
// that waits for a message's result before sending the next) pairs results with messages by
// order alone, so a message that never becomes a turn (nothing to send, a bad image) or is
// dropped from the queue (an interrupt) still gets its result, and that result waits behind
// the results of the turns the earlier messages started. Pure: the caller writes what comes out.
import type { SdkMessage } from "./sdk-messages.js";

interface Owed {
  /** The engine's id of the queued prompt; absent for a message answered at once. */
  promptId?: string;
  /** The result, once known; it goes out when every earlier message's has. */
  result?: SdkMessage;
}

export class ResultOrder {
  private readonly owed: Owed[] = [];

  constructor(private readonly write: (message: SdkMessage) => void) {}

  /** A user message the engine took: its turn's result comes later (or `dropped`). */
  accepted(promptId: string): void {
    this.owed.push({ promptId });
  }

  /** A user message answered without a turn: its result goes out after the earlier ones'. */
  refused(result: SdkMessage): void {
    this.owed.push({ result });
    this.flush();
  }

  /** A queued prompt the engine dropped (an interrupt, the session closing) never runs. */
  dropped(promptId: string, result: SdkMessage): void {
    const entry = this.owed.find((owed) => owed.promptId === promptId && !owed.result);
    if (!entry) return;
    entry.result = result;
    this.flush();
  }

  /** A turn's result: the turns run in the order their messages were taken. */
  turnEnded(result: SdkMessage): void {
    const entry = this.owed.find((owed) => owed.promptId !== undefined && !owed.result);
    // A turn no user message started has no place in the order: it goes out as it comes.
    if (!entry) return this.write(result);
    entry.result = result;
    this.flush();
  }

  /** At the end: whatever is known goes out (a turn that never ended has nothing to say). */
  close(): void {
    for (const owed of this.owed.splice(0)) if (owed.result) this.write(owed.result);
  }

  private flush(): void {
    while (this.owed[0]?.result) this.write(this.owed.shift()!.result!);
  }
}
