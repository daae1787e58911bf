// Our events as ACP `session/update`s: message and thought chunks, tool calls and their
// updates (diff, output, result), the todo list as a plan, usage, notices. Pure: the mapper
// keeps only what it must remember between events (each call's name, its output so far), so
// the live stream and the replay of a loaded session go through the same code, each with its
// own set of what it may tell (REPLAY_ONLY, LIVE_ONLY below). `notice`
// updates go only to a client that advertised `session.notices` (the schema's MUST); for
// another, what a person must see (warnings, errors, memory changes) is an agent message of
// its own paragraph, and the rest goes to the agent's log.
import type { PlanEntry, SessionUpdate, ToolCallContent } from "@agentclientprotocol/sdk";
import type { AgentEvent, EventOf } from "../engine/index.js";
import { describeMemoryChange } from "../engine/index.js";
import { toolCallView } from "./tool-call-view.js";

/** A command's output shown while it runs: the tail, since ACP replaces the whole content each time. */
export const OUTPUT_TAIL_CHARS = 16_000;

interface OpenCall {
  name: string;
  diffs: ToolCallContent[];
  output: string;
}

export interface UpdateMapper {
  /** The updates one event becomes (none for events an editor has no place for). */
  map(event: AgentEvent): SessionUpdate[];
}

const text = (value: string) => ({ type: "text" as const, text: value });

const PLAN_STATUS: Record<string, PlanEntry["status"]> = {
  pending: "pending",
  in_progress: "in_progress",
  done: "completed",
  // ACP has no "blocked": the entry is still to do; its note says why.
  blocked: "pending",
};

function planOf(event: EventOf<"todo.updated">): SessionUpdate {
  return {
    sessionUpdate: "plan",
    entries: event.todos.map((todo) => ({
      content: todo.status === "blocked" ? `${todo.content} (blocked${todo.note ? `: ${todo.note}` : ""})` : todo.content,
      priority: "medium",
      status: PLAN_STATUS[todo.status] ?? "pending",
    })),
  };
}

function resultContent(event: EventOf<"tool.result">, call: OpenCall | undefined): ToolCallContent[] {
  const content: ToolCallContent[] = [...(call?.diffs ?? [])];
  // A write or an edit that worked is shown by its diff; its text ("wrote 12 lines") adds nothing.
  if (content.length === 0 || event.isError) content.push({ type: "content", content: text(event.content) });
  for (const image of event.images ?? []) {
    content.push({ type: "content", content: { type: "image", mimeType: image.mediaType, data: image.base64 } });
  }
  return content;
}

/**
 * What only a `session/load` replay tells: the editor shows a live prompt itself before it
 * sends it (Zed appends a user chunk to that message, so the prompt would show twice).
 */
const REPLAY_ONLY: ReadonlySet<AgentEvent["type"]> = new Set(["turn.started"]);
/** What only a live turn tells: work in progress (a call running, its output so far). */
const LIVE_ONLY: ReadonlySet<AgentEvent["type"]> = new Set(["approval.decision", "tool.output"]);

export interface NoticeOptions {
  /** `session/load` telling the earlier conversation, rather than a live turn. */
  replay: boolean;
  /** The client advertised `clientCapabilities.session.notices`. */
  notices: boolean;
  /** Where a notice goes that such a client does not get at all (stderr, the agent's log). */
  log(message: string): void;
}

type Severity = "info" | "warning" | "error";

/** `cwd`: the session's workspace, against which tool paths are made absolute. */
export function createUpdateMapper(cwd: string, options: NoticeOptions): UpdateMapper {
  const calls = new Map<string, OpenCall>();
  /** `shown`: a person must see it even without notices (it is then an agent message). */
  const notice = (severity: Severity, title: string, shown: boolean): SessionUpdate[] => {
    if (options.notices) return [{ sessionUpdate: "notice", severity, title }];
    if (!shown) {
      options.log(title);
      return [];
    }
    // Its own paragraph, so it never runs into the answer streaming around it.
    const quoted = title.split("\n").map((line) => `> ${line}`).join("\n");
    return [{ sessionUpdate: "agent_message_chunk", content: text(`\n\n> **mini-agent ${severity}**\n${quoted}\n\n`) }];
  };
  return {
    map(event) {
      // A subagent's own conversation is not the session's: its parent's `task` call shows it.
      if (event.agentId !== undefined) return [];
      if ((options.replay ? LIVE_ONLY : REPLAY_ONLY).has(event.type)) return [];
      switch (event.type) {
        case "turn.started":
          return [
            // An image alone is a prompt: no empty text chunk before it.
            ...(event.prompt ? [{ sessionUpdate: "user_message_chunk" as const, content: text(event.prompt) }] : []),
            ...(event.images ?? []).map((image): SessionUpdate => ({ sessionUpdate: "user_message_chunk", content: { type: "image", mimeType: image.mediaType, data: image.base64 } })),
          ];
        case "assistant.delta":
          return event.text ? [{ sessionUpdate: "agent_message_chunk", content: text(event.text) }] : [];
        case "thinking.delta":
          return event.text ? [{ sessionUpdate: "agent_thought_chunk", content: text(event.text) }] : [];
        case "tool.call": {
          const view = toolCallView(event.name, event.arguments, cwd);
          calls.set(event.callId, { name: event.name, diffs: view.diffs, output: "" });
          return [
            {
              sessionUpdate: "tool_call",
              toolCallId: event.callId,
              title: view.title,
              kind: view.kind,
              status: "pending",
              locations: view.locations,
              content: view.diffs,
              rawInput: view.rawInput,
            },
          ];
        }
        case "approval.decision":
          // Allowed: it runs now. Denied: the result that follows says so and fails the call.
          return event.decision === "allow" ? [{ sessionUpdate: "tool_call_update", toolCallId: event.callId, status: "in_progress" }] : [];
        case "tool.output": {
          const call = calls.get(event.callId);
          if (!call) return [];
          call.output = (call.output + event.chunk).slice(-OUTPUT_TAIL_CHARS);
          return [
            {
              sessionUpdate: "tool_call_update",
              toolCallId: event.callId,
              status: "in_progress",
              content: [{ type: "content", content: text(call.output) }],
            },
          ];
        }
        case "tool.result": {
          const call = calls.get(event.callId);
          calls.delete(event.callId);
          return [
            {
              sessionUpdate: "tool_call_update",
              toolCallId: event.callId,
              status: event.isError ? "failed" : "completed",
              content: resultContent(event, call),
              ...(event.details ? { rawOutput: event.details } : {}),
            },
          ];
        }
        case "todo.updated":
          return [planOf(event)];
        case "notice":
          return notice(event.level === "warn" ? "warning" : event.level, event.message, event.level !== "info");
        case "error":
          return notice("error", `${event.kind} error: ${event.message}`, true);
        case "memory.changed":
          // It reaches every later session's prompt: a person must see it (as print mode says it on stderr).
          return notice("info", describeMemoryChange(event), true);
        default:
          return [];
      }
    },
  };
}
