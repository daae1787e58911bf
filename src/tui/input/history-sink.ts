// The prompts the TUI's up-arrow recalls across runs are saved as the engine published them:
// its events pass the redactor, so a key pasted into a prompt is saved as [redacted], as in the
// engine's own prompt history, never as typed. Slash commands never reach the engine and are
// saved by the coordinator as typed.
import type { EventSink, UiEvent } from "../ui-events.js";
import type { HistoryStore } from "./history-store.js";

export class PromptHistorySink implements EventSink {
  constructor(private readonly history: HistoryStore) {}

  onEvent(event: UiEvent, replay: boolean): void {
    // A resumed session's old turns are already in the history; a subagent's prompt is not the user's.
    if (replay || event.type !== "turn.started" || event.agentId) return;
    this.history.add(event.prompt);
  }
}
