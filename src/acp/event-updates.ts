// Our events as ACP `session/update`s: message and thought chunks, tool calls and their
// updates (diff, output, result), the todo list as a plan, usage, notices. Pure: the mapper
// keeps only what it must remember between events (each call's name, its output so far), so
// the live stream and the replay of a loaded session go through the same code.
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

/** `cwd`: the session's workspace, against which tool paths are made absolute. */
export function createUpdateMapper(cwd: string): UpdateMapper {
  const calls = new Map<string, OpenCall>();
  return {
    map(event) {
      // A subagent's own conversation is not the session's: its parent's `task` call shows it.
      if (event.agentId !== undefined) return [];
      switch (event.type) {
        case "turn.started":
          return [
            { sessionUpdate: "user_message_chunk", content: text(event.prompt) },
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
          return [{ sessionUpdate: "notice", severity: event.level === "warn" ? "warning" : event.level, title: event.message }];
        case "error":
          return [{ sessionUpdate: "notice", severity: "error", title: `${event.kind} error: ${event.message}` }];
        case "memory.changed":
          // It reaches every later session's prompt: a person must see it (as print mode says it on stderr).
          return [{ sessionUpdate: "notice", severity: "info", title: describeMemoryChange(event) }];
        default:
          return [];
      }
    },
  };
}
