// What ties the memory tools to the session they run in. The tools are made before the
// session opens (with the other extensions), so the session is attached later: from then on
// every note the model writes records the session and turn, and every change is published as
// a `memory.changed` event that the faces show. Also the one line a face shows for it.
import type { EventBus } from "../../event-bus.js";
import type { EventOf, Payload } from "../../events.js";
import type { NoteOrigin } from "./memory-store.js";

type Change = Payload<"memory.changed">;

/** The bus as the link needs it: publish, and hear which turn is running. */
export type MemoryBus = Pick<EventBus, "publish" | "subscribe">;

export interface MemoryLink {
  /** Provenance for a note the model writes now. */
  origin(): NoteOrigin;
  /** Publishes the change (nothing before a session is attached). */
  changed(change: Omit<Change, "sessionId" | "turnId">): void;
  /** Called once the session is open: its id, and its bus for events and turn ids. */
  attach(sessionId: string, bus: MemoryBus): void;
}

export function createMemoryLink(): MemoryLink {
  let session: { id: string; bus: MemoryBus } | undefined;
  let turnId: string | undefined;
  return {
    origin: () => ({ source: "model", ...(session ? { sessionId: session.id } : {}), ...(turnId ? { turnId } : {}) }),
    changed(change) {
      if (!session) return;
      session.bus.publish("memory.changed", { ...change, sessionId: session.id, ...(turnId ? { turnId } : {}) });
    },
    attach(sessionId, bus) {
      session = { id: sessionId, bus };
      // The session's own turns only: a subagent's are forwarded with an agentId (and never hold these tools).
      bus.subscribe((event) => {
        if (event.type === "turn.started" && event.agentId === undefined) turnId = event.turnId;
      });
    },
  };
}

const SHOWN_CHARS = 120;

// Escape sequences whole (CSI, OSC, the two-byte ones), then any control or invisible character left.
// eslint-disable-next-line no-control-regex
const ESCAPES = /\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])|\x9b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex
const INVISIBLE = /[\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

/** The note as one short, harmless line for a terminal: no escape sequences, no control characters, no line breaks. */
export function noteForTerminal(note: string, max = SHOWN_CHARS): string {
  const flat = note.replace(ESCAPES, "").replace(/\s+/g, " ").replace(INVISIBLE, "").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * What a face says when the model changes memory, e.g.
 * `memory: the model remembered m1a2b3c "Tests run with npm t" (mini-agent memory rm m1a2b3c removes it)`.
 */
export function describeMemoryChange(event: Pick<EventOf<"memory.changed">, "action" | "id" | "note">): string {
  const text = JSON.stringify(noteForTerminal(event.note));
  if (event.action === "remembered") return `memory: the model remembered ${event.id} ${text} (mini-agent memory rm ${event.id} removes it)`;
  return `memory: the model forgot ${event.id} ${text}`;
}
