// Approval requests and the model's questions (the `ask` tool) become frames the person
// answers with keys. One is asked at a time; the frame takes the focus while it waits and
// gives it back when answered (by a key, or by the engine: an abort denies every approval).
import type { ApprovalReply, QuestionReply } from "../../engine/index.js";
import { ApprovalFrame } from "../components/messages/approval-frame.js";
import { QuestionFrame } from "../components/messages/question-frame.js";
import type { Theme } from "../theme/theme.js";
import type { Transcript } from "../transcript.js";
import type { EventSink, UiEvent } from "../ui-events.js";

export interface ApprovalHost {
  answer(id: string, reply: ApprovalReply): void;
  answerQuestion?(id: string, reply: QuestionReply): void;
  /** Gives the frame the keyboard (null: back to the input). */
  focus(frame: AskFrame | null): void;
  /** Lines a waiting frame may take and stay wholly on screen (live-area.ts); absent: no limit. */
  room?(): number;
}

export type AskFrame = ApprovalFrame | QuestionFrame;

export class ApprovalController implements EventSink {
  private readonly waiting: AskFrame[] = [];
  private readonly byCall = new Map<string, ApprovalFrame>();
  private readonly byQuestion = new Map<string, QuestionFrame>();
  private readonly argumentsByCall = new Map<string, string>();
  private active: AskFrame | undefined;

  constructor(
    private readonly theme: Theme,
    private readonly transcript: Transcript,
    private readonly host: ApprovalHost,
  ) {}

  get current(): AskFrame | undefined {
    return this.active;
  }

  onEvent(event: UiEvent, replay: boolean): void {
    if (event.type === "tool.call") this.argumentsByCall.set(event.callId, event.arguments);
    // A replayed request was answered (or abandoned) in an earlier run: nothing to ask now.
    if (replay) return;
    if (event.type === "approval.request") {
      // Requests from before approval ids (old session files) are answered by call id.
      const id = event.id ?? event.callId;
      const frame = new ApprovalFrame(
        this.theme,
        {
          id,
          callId: event.callId,
          name: event.name,
          argumentsJson: this.argumentsByCall.get(event.callId) ?? "{}",
          reason: event.reason,
          preview: event.preview,
          critical: event.critical,
          scope: event.scope,
          // This conversation's own calls have a tool frame; a subagent's are lines in its task's.
          foldWhenAnswered: !event.agentId,
        },
        (reply) => {
          this.host.answer(id, reply);
          this.advance(frame);
        },
        () => this.host.room?.() ?? Number.POSITIVE_INFINITY,
      );
      this.byCall.set(event.callId, frame);
      this.waiting.push(frame);
      if (!this.active) this.showNext();
      return;
    }
    if (event.type === "question.asked") {
      const frame = new QuestionFrame(this.theme, event, (reply) => {
        this.host.answerQuestion?.(event.id, reply);
        this.advance(frame);
      });
      this.byQuestion.set(event.id, frame);
      this.waiting.push(frame);
      if (!this.active) this.showNext();
      return;
    }
    if (event.type === "question.answered") {
      const frame = this.byQuestion.get(event.id);
      if (frame?.pending) {
        frame.settle(event.dismissed ? "dismissed" : (event.choices?.join(", ") ?? event.text ?? "answered"));
        this.advance(frame);
      }
      return;
    }
    if (event.type === "approval.decision" || event.type === "tool.result") {
      const frame = this.byCall.get(event.callId);
      if (frame?.pending) {
        frame.settle(event.type === "approval.decision" ? (event.decision === "allow" ? "allowed" : "denied") : "answered");
        this.advance(frame);
      }
    }
    if (event.type === "turn.ended") {
      for (const frame of [...this.waiting, ...(this.active ? [this.active] : [])]) frame.settle("denied (turn ended)");
      this.waiting.length = 0;
      if (this.active) {
        this.active = undefined;
        this.host.focus(null);
      }
    }
  }

  /** The app quits (or leaves the session): a frame still waiting says it was not answered. */
  abandon(): void {
    this.waiting.length = 0;
    this.active?.settle("not answered");
    this.active = undefined;
  }

  private showNext(): void {
    const next = this.waiting.shift();
    this.active = next;
    if (next) this.transcript.append(next);
    this.host.focus(next ?? null);
  }

  private advance(frame: AskFrame): void {
    const queuedAt = this.waiting.indexOf(frame);
    if (queuedAt >= 0) this.waiting.splice(queuedAt, 1);
    if (this.active === frame) this.showNext();
  }
}
