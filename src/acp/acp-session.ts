// One ACP session over one EngineSession: the engine's events go out as `session/update`s in
// order, approval requests become permission requests, a prompt is a turn and its response
// carries why the turn stopped. Only EngineSession's methods are used (subscribe, submit,
// idle, abortTurn, answerApproval, history, shutdown).
import type { PromptResponse, SessionUpdate, StopReason } from "@agentclientprotocol/sdk";
import { PromptRefused, type AgentEvent } from "../engine/index.js";
import type { EngineSession } from "../engine/index.js";
import { createUpdateMapper } from "./event-updates.js";
import type { AcpPrompt } from "./prompt-text.js";
import { createPermissionBridge, type PermissionPeer } from "./permission-bridge.js";

export interface SessionPeer extends Pick<PermissionPeer, "ask" | "failed"> {
  /** Sends one `session/update`; the returned promise settles once it is written. */
  update(update: SessionUpdate): Promise<void>;
  /** The client advertised `session.notices`: only then may `notice` updates be sent. */
  notices: boolean;
  /** The agent's log (stderr): notices such a client does not get. */
  log(message: string): void;
}

/** A prompt the session cannot take now (one already runs): an invalid request. */
export class PromptRejected extends Error {}

/** A prompt that is wrong in itself (a bad image, nothing to send): invalid params. */
export class PromptInvalid extends Error {}

/** A turn that ended in an error: the prompt's response is a JSON-RPC error with this message. */
export class TurnFailed extends Error {}

const STOP: Record<string, StopReason> = { completed: "end_turn", aborted: "cancelled", max_rounds: "max_turn_requests" };

export class AcpSession {
  private readonly unsubscribe: () => void;
  private readonly closeBridge: () => void;
  /** Updates are written one after another; a prompt answers only after its last update. */
  private written: Promise<void> = Promise.resolve();
  private running = false;
  private lastFinish: string | undefined;
  private lastError: string | undefined;

  constructor(
    readonly engine: EngineSession,
    readonly cwd: string,
    readonly modeId: string,
    private readonly peer: SessionPeer,
  ) {
    const mapper = createUpdateMapper(cwd, { replay: false, notices: peer.notices, log: peer.log });
    const bridge = createPermissionBridge(engine.sessionId, cwd, {
      ask: peer.ask,
      failed: peer.failed,
      answer: (id, reply) => engine.answerApproval(id, reply),
    });
    this.closeBridge = bridge.closeAll;
    this.unsubscribe = engine.subscribe((event) => {
      this.observe(event);
      for (const update of mapper.map(event)) this.send(update);
      this.sendUsage(event);
      bridge.onEvent(event);
    });
  }

  get sessionId(): string {
    return this.engine.sessionId;
  }

  /** The earlier conversation of a loaded session, sent as updates before `session/load` answers. */
  async replay(): Promise<void> {
    // Old notices are not news (skipped below); nothing from the replay goes to the log.
    const mapper = createUpdateMapper(this.cwd, { replay: true, notices: this.peer.notices, log: () => {} });
    for (const event of await this.engine.history()) {
      // Warnings from the process that wrote the file are not news to this editor.
      if (event.type === "notice") continue;
      for (const update of mapper.map(event)) this.send(update);
    }
    await this.written;
  }

  async prompt({ text, images }: AcpPrompt): Promise<PromptResponse> {
    if (this.running || this.engine.busy) throw new PromptRejected("a prompt is already running in this session; wait for its response or send session/cancel");
    this.running = true;
    this.lastFinish = undefined;
    this.lastError = undefined;
    try {
      try {
        this.engine.submit(text, images);
      } catch (error) {
        // A bad image (its index among the prompt's images, and what is wrong), or nothing to
        // send (an image alone is a prompt): the editor's params are wrong, and nothing started.
        if (error instanceof PromptRefused) throw new PromptInvalid(error.message);
        throw error;
      }
      const outcome = await this.engine.idle();
      await this.written;
      if (outcome?.stopReason === "error") throw new TurnFailed(this.lastError ?? "the turn failed");
      // The provider's content filter ended the answer: ACP calls that a refusal.
      if (outcome?.stopReason === "completed" && this.lastFinish === "content_filter") return { stopReason: "refusal" };
      return { stopReason: STOP[outcome?.stopReason ?? "completed"] ?? "end_turn" };
    } finally {
      this.running = false;
    }
  }

  /** `session/cancel`: stops the turn; pending approvals resolve as denied (their requests are withdrawn). */
  cancel(): void {
    this.engine.abortTurn();
  }

  get busy(): boolean {
    return this.running || this.engine.busy;
  }

  async close(): Promise<void> {
    this.closeBridge();
    await this.engine.shutdown();
    this.unsubscribe();
  }

  private observe(event: AgentEvent): void {
    if (event.agentId !== undefined) return;
    if (event.type === "step.ended") this.lastFinish = event.finishReason;
    else if (event.type === "error") this.lastError = `${event.kind} error: ${event.message}`;
  }

  private sendUsage(event: AgentEvent): void {
    if (event.type !== "usage" || event.agentId !== undefined) return;
    this.send({
      sessionUpdate: "usage_update",
      used: event.inputTokens + event.outputTokens,
      size: this.engine.contextBudget,
      ...(event.costUsd !== undefined ? { cost: { amount: event.costUsd, currency: "USD" } } : {}),
    });
  }

  private send(update: SessionUpdate): void {
    const next = this.peer.update(update);
    // A failed write (the editor went away) ends the connection; the chain must not reject.
    this.written = this.written.then(() => next).catch(() => {});
  }
}
