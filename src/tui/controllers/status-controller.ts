// The footer and the spinner, from events: model and thinking level, context used and cost
// (from usage), retries ("retrying in 4s (429)"), notices, background tasks; the spinner runs
// from the prompt to the turn's end (waiting, streaming, a command running), except while a
// question waits for the person.
import type { Footer } from "../components/chrome/footer.js";
import type { Spinner } from "../components/chrome/spinner.js";
import type { EventSink, UiEvent } from "../ui-events.js";

const BACKGROUND_STARTED = /started task (\S+) in the background/;

export class StatusController implements EventSink {
  private readonly runningCommands = new Set<string>();
  private readonly background = new Set<string>();
  private readonly callNames = new Map<string, string>();

  constructor(
    private readonly footer: Footer,
    private readonly spinner: Spinner,
    /** The engine's context budget now (it follows the model); absent: no percentage. */
    private readonly budget?: () => number,
  ) {}

  private contextWindow(): { contextWindow?: number } {
    return this.budget ? { contextWindow: this.budget() } : {};
  }

  onEvent(event: UiEvent, replay: boolean): void {
    switch (event.type) {
      case "session.started":
      case "model.changed":
        this.footer.update({ model: event.model, ...this.contextWindow() });
        return;
      case "thinking.changed":
        this.footer.update({ thinking: event.level });
        return;
      case "usage": {
        const costUsd = (this.footer.info.costUsd ?? 0) + (event.costUsd ?? 0);
        // No price for this model: the sum is a lower bound at best, never "$0.0000".
        const costUnknown = this.footer.info.costUnknown || event.costUsd === undefined;
        // A subagent's request costs money but says nothing about this conversation's context.
        if (event.agentId) return this.footer.update({ costUsd, costUnknown });
        const contextTokens = event.inputTokens + (event.cacheReadTokens ?? 0) + (event.cacheWriteTokens ?? 0);
        this.footer.update({ contextTokens, costUsd, costUnknown });
        return;
      }
      case "context.cleared":
        // The person moved on: a notice about what came before goes with it.
        this.footer.update({ contextTokens: 0, ...(replay ? {} : { notice: undefined }) });
        return;
      case "context.compacted":
        this.footer.update({ contextTokens: event.tokensAfter });
        return;
      case "notice":
        // A replayed notice is about an earlier run (a resumed session): not news now.
        if (!replay) this.footer.update({ notice: event.message });
        return;
      case "tool.call":
        this.callNames.set(event.callId, event.name);
        return;
      case "tool.result": {
        // details.taskId is the engine's word for it; the text is the fallback for old sessions.
        const started = event.details?.taskId ?? BACKGROUND_STARTED.exec(event.content)?.[1];
        if (started && !event.isError && this.callNames.get(event.callId) === "run_command") this.background.add(started);
        if (this.callNames.get(event.callId) === "task_stop" && !event.isError) {
          for (const id of this.background) if (event.content.includes(id)) this.background.delete(id);
        }
        this.footer.update({ backgroundTasks: this.background.size });
        break;
      }
      default:
        break;
    }
    if (!replay) this.onLiveEvent(event);
  }

  private onLiveEvent(event: UiEvent): void {
    switch (event.type) {
      case "turn.started":
        // A new prompt: the notice from before it has been read (or is moot).
        this.footer.update({ notice: undefined });
        this.spinner.start("waiting for the model");
        return;
      case "step.started":
        this.spinner.start("waiting for the model");
        return;
      case "retry":
        this.spinner.start(`retrying in ${Math.ceil(event.delayMs / 1000)}s (${event.reason})`);
        return;
      case "assistant.delta":
      case "thinking.delta":
        // The stream is open until the step ends: a model that stalls mid-answer must not
        // look finished, so the spinner goes on, saying what arrives.
        if (this.runningCommands.size === 0) this.spinner.start(event.type === "assistant.delta" ? "the model is writing" : "the model is thinking");
        return;
      case "approval.request":
      case "question.asked":
        // The person is asked: nothing runs until they answer.
        if (this.runningCommands.size === 0) this.spinner.stop();
        return;
      case "approval.decision":
        if (event.decision === "allow" && this.callNames.get(event.callId) === "run_command") {
          this.runningCommands.add(event.callId);
          this.spinner.start("running the command (ctrl-c stops it)");
        }
        return;
      case "tool.result":
        this.runningCommands.delete(event.callId);
        if (this.runningCommands.size === 0) this.spinner.start("waiting for the model");
        return;
      case "turn.ended":
        this.runningCommands.clear();
        this.spinner.stop();
        return;
      default:
        return;
    }
  }
}
