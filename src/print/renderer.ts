// A print renderer is a projection of engine events onto stdout/stderr.
import type { AgentEvent, TurnOutcome, Snapshot } from "../engine/index.js";

export interface PrintOutput {
  stdout(text: string): void;
  stderr(text: string): void;
}

export interface PrintRenderer {
  onEvent(event: AgentEvent): void;
  /** Called once after the turn, with the session's snapshot (the `snapshot` op's value). */
  finish(outcome: TurnOutcome, snapshot: Snapshot): void;
}

