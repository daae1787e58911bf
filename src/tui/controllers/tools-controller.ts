// Tool calls as frames: created on tool.call, fed live output, marked waiting for approval,
// denied or finished. A subagent's calls (events with agentId) are progress on its task's frame. ctrl-o folds and unfolds the newest frame. Replayed frames (a resumed
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
    if (event.agentId) return this.onChildEvent(event);
    switch (event.type) {
      case "tool.call": {
        const frame = new ToolFrame(this.theme, event.callId, event.name, event.arguments, { folded: replay });
        frame.startedAt = Date.parse(event.ts);
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
        // A person's answer shows in the frame's title, where the call's story is told in order.
        if (event.by === "user") frame.approval = event.decision === "deny" ? "by you" : event.always ? "always allowed" : "allowed once";
        if (event.decision === "deny") frame.deny(event.note ? `${event.reason}: ${event.note}` : event.reason);
        else {
          frame.status = "running";
          // The time it ran, not the time it waited for the answer.
          frame.startedAt = Date.parse(event.ts);
        }
        return;
      }
      case "tool.result": {
        const frame = this.frames.get(event.callId);
        if (!frame || frame.status === "denied") return;
        frame.finish(event.isError ? "error" : "ok", event.content, Date.parse(event.ts));
        if (event.details?.diff) frame.setDiff(event.details.diff);
        return;
      }
      default:
        return;
    }
  }

  /** A subagent's event: progress on its task's frame, never a frame of its own. */
  private onChildEvent(event: UiEvent): void {
    const frame = event.parentCallId ? this.frames.get(event.parentCallId) : undefined;
    if (!frame?.subagent) return;
    if (event.type === "tool.call") frame.subagent.called(event.agentId!, event.callId, event.name, event.arguments);
    else if (event.type === "tool.result") frame.subagent.finished(event.callId, event.isError ? "error" : "ok");
    else if (event.type === "approval.decision" && event.decision === "deny") frame.subagent.finished(event.callId, "denied");
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
