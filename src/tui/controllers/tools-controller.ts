// Tool calls as frames: created on tool.call, fed live output, marked waiting for approval,
// denied or finished. ctrl-o folds and unfolds the newest frame. Replayed frames (a resumed
// session) start folded, so earlier work reads as a summary.
import { ToolFrame } from "../components/messages/tool-frame.js";
import { extractDiff } from "../components/messages/tool-summary.js";
import type { Theme } from "../theme/theme.js";
import type { Transcript } from "../transcript.js";
import type { EventSink, UiEvent } from "../ui-events.js";

export class ToolsController implements EventSink {
  private readonly frames = new Map<string, ToolFrame>();
  private latest: ToolFrame | undefined;

  constructor(
    private readonly theme: Theme,
    private readonly transcript: Transcript,
  ) {}

  onEvent(event: UiEvent, replay: boolean): void {
    switch (event.type) {
      case "tool.call": {
        const frame = new ToolFrame(this.theme, event.callId, event.name, event.arguments, { folded: replay });
        this.frames.set(event.callId, frame);
        this.latest = frame;
        this.transcript.append(frame);
        return;
      }
      case "tool.output":
        this.frames.get(event.callId)?.appendOutput(event.chunk);
        return;
      case "approval.request": {
        const frame = this.frames.get(event.callId);
        if (!frame) return;
        // The approval frame shows the preview; the tool frame waits, folded to its title.
        frame.status = "pending";
        const diff = event.preview ? extractDiff(event.preview) : undefined;
        if (diff) frame.setDiff(diff);
        return;
      }
      case "approval.decision": {
        const frame = this.frames.get(event.callId);
        if (!frame) return;
        if (event.decision === "deny") frame.deny(event.reason);
        else frame.status = "running";
        return;
      }
      case "tool.result": {
        const frame = this.frames.get(event.callId);
        if (!frame || frame.status === "denied") return;
        frame.finish(event.isError ? "error" : "ok", event.content);
        if (event.details?.diff) frame.setDiff(event.details.diff);
        return;
      }
      default:
        return;
    }
  }

  /** ctrl-o: folds or unfolds the newest frame; false when there is none. */
  toggleLatest(): boolean {
    if (!this.latest) return false;
    this.latest.folded = !this.latest.folded;
    return true;
  }

  /** Is a command (run_command in the foreground) running now? */
  commandRunning(): boolean {
    for (const frame of this.frames.values()) {
      if (frame.name === "run_command" && frame.status === "running") return true;
    }
    return false;
  }
}
