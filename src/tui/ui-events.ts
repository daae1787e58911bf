// The events the TUI draws: the engine's own (events.ts), nothing else. Controllers take live
// events as they happen and replayed ones from a resumed session's file.
import type { AgentEvent } from "../engine/index.js";

export type UiEvent = AgentEvent;

export interface EventSink {
  onEvent(event: UiEvent, replay: boolean): void;
}
