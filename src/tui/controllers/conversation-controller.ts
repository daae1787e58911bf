// Draws the conversation from events: prompts, streamed answers, thinking, errors, stops.
// Queued prompts wait in their own area above the input until the engine takes them.
import type { Container } from "@mariozechner/pi-tui";
import { describeMemoryChange } from "../../engine/index.js";
import { formatTokens } from "../components/chrome/footer.js";
import { AssistantMessage } from "../components/messages/assistant-message.js";
import { NoteLine } from "../components/messages/note-line.js";
import { ThinkingBlock } from "../components/messages/thinking-block.js";
import { UserMessage } from "../components/messages/user-message.js";
import type { Theme } from "../theme/theme.js";
import type { Transcript } from "../transcript.js";
import type { EventSink, UiEvent } from "../ui-events.js";

/** "context compacted (manual): 1 message summarised, 5.1k → 2.0k tokens". */
export function describeCompaction(event: Extract<UiEvent, { type: "context.compacted" }>): string {
  const messages = `${event.replaced} message${event.replaced === 1 ? "" : "s"}`;
  const cut = event.elided?.length ?? 0;
  const results = `${cut} tool result${cut === 1 ? "" : "s"} shortened to fit`;
  const how =
    event.mode === "elided"
      ? results
      : `${messages} ${event.mode === "summary" ? "summarised" : "dropped (the summary failed)"}${cut > 0 ? `, ${results}` : ""}`;
  const figures = `${formatTokens(event.tokensBefore)} → ${formatTokens(event.tokensAfter)} tokens`;
  // A summary longer than what it replaced frees nothing: say so rather than print a "saving".
  // The engine no longer applies one, but an older session file may hold such an event.
  const tokens = event.tokensAfter >= event.tokensBefore ? `no smaller (${figures})` : figures;
  return `context compacted (${event.trigger}): ${how}, ${tokens}`;
}

export class ConversationController implements EventSink {
  private assistant: AssistantMessage | undefined;
  private thinking: ThinkingBlock | undefined;
  private readonly thinkingBlocks: ThinkingBlock[] = [];
  private readonly queued = new Map<string, UserMessage>();

  constructor(
    private readonly theme: Theme,
    private readonly transcript: Transcript,
    /** Where queued prompts wait (between the conversation and the input). */
    private readonly pending: Container,
  ) {}

  onEvent(event: UiEvent, replay: boolean): void {
    switch (event.type) {
      case "turn.started":
        this.takeQueued(event.prompt);
        this.transcript.append(new UserMessage(this.theme, event.prompt));
        return;
      case "prompt.queued":
        if (replay) return;
        this.queued.set(event.id, new UserMessage(this.theme, event.prompt, { queued: true }));
        this.pending.addChild(this.queued.get(event.id)!);
        return;
      case "prompt.dequeued":
      case "prompt.dropped":
        this.dropQueued(event.id);
        return;
      case "assistant.delta":
        if (!this.assistant || this.transcript.last !== this.assistant) {
          this.assistant = new AssistantMessage(this.theme);
          this.transcript.append(this.assistant);
        }
        this.assistant.append(event.text);
        return;
      case "thinking.delta":
        if (!this.thinking || this.transcript.last !== this.thinking) {
          this.thinking = new ThinkingBlock(this.theme);
          this.thinkingBlocks.push(this.thinking);
          this.transcript.append(this.thinking);
        }
        this.thinking.append(event.text);
        return;
      case "error":
        this.transcript.append(new NoteLine(this.theme, `error (${event.kind}): ${event.message}`, "error"));
        return;
      case "context.cleared":
        this.transcript.append(new NoteLine(this.theme, "── context cleared: the model starts fresh from here ──"));
        return;
      case "context.compacted":
        this.transcript.append(new NoteLine(this.theme, `── ${describeCompaction(event)} ──`, "dim"));
        return;
      case "memory.changed":
        // Every later session's prompt holds the notes: a change must not pass unseen.
        this.transcript.append(new NoteLine(this.theme, describeMemoryChange(event), "warning"));
        return;
      case "model.changed":
        this.transcript.append(new NoteLine(this.theme, `model: ${event.model}`));
        return;
      case "thinking.changed":
        this.transcript.append(new NoteLine(this.theme, `thinking: ${event.level}`));
        return;
      case "turn.ended":
        this.assistant = undefined;
        this.thinking = undefined;
        if (event.stopReason === "aborted") this.transcript.append(new NoteLine(this.theme, "stopped", "warning"));
        if (event.stopReason === "max_rounds") this.transcript.append(new NoteLine(this.theme, `stopped after ${event.rounds} rounds (max rounds)`, "warning"));
        if (event.stopReason === "interrupted") this.transcript.append(new NoteLine(this.theme, "interrupted (the run was killed mid-turn)", "warning"));
        return;
      default:
        return;
    }
  }

  /** ctrl-r: expands (or collapses again) every thinking block. */
  toggleThinking(): boolean {
    const expand = !this.thinkingBlocks.some((block) => block.expanded);
    for (const block of this.thinkingBlocks) block.expanded = expand;
    return this.thinkingBlocks.length > 0;
  }

  /** A line the app holds until the turn ends (a slash command, or a prompt typed behind one). */
  showHeld(text: string): () => void {
    const view = new UserMessage(this.theme, text, { queued: true });
    this.pending.addChild(view);
    return () => this.pending.removeChild(view);
  }

  /**
   * A command's y/n question: answered, its line shows the answer; withdrawn (the app quits
   * before an answer), the line goes, as a question nobody can answer any more.
   */
  ask(question: string): { answer(reply: string): void; withdraw(): void } {
    const line = new NoteLine(this.theme, question, "muted", true);
    this.transcript.append(line);
    return { answer: (reply) => line.setText(`${question} ${reply}`), withdraw: () => this.transcript.removeChild(line) };
  }

  /** A line from the app itself (a command's answer). */
  note(text: string, kind: "info" | "error" = "info"): void {
    this.transcript.append(new NoteLine(this.theme, text, kind === "error" ? "error" : "muted"));
  }

  private takeQueued(prompt: string): void {
    for (const [id, message] of this.queued) {
      if (message.text === prompt) return this.dropQueued(id);
    }
  }

  private dropQueued(id: string): void {
    const message = this.queued.get(id);
    if (!message) return;
    this.queued.delete(id);
    this.pending.removeChild(message);
  }
}
