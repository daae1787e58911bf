// Child agents (the `task` tool's subagents): each runs its own conversation on the session's
// bus, model and gate. Its events carry its `agentId` and the parent's call, so the file, the
// faces and the approval requests tell them apart; its state is folded from those events
// alone. It shares the parent's gate, so a child can do nothing the parent could not.
import type { ApprovalGate } from "../approval/gate/gate.js";
import { childPublish, type EventBus } from "../event-bus.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../llm/provider.js";
import { initialState, reduce, type SessionState } from "../state/state.js";
import type { ChildAgent, ChildAgentOptions } from "../surface.js";
import type { ToolRegistry } from "../tools/registry.js";
import { createAgent } from "../turn/agent.js";

export interface ChildAgentParts {
  bus: EventBus;
  /** The parent's tools: a child's unless it is given its own. */
  tools: ToolRegistry;
  /** The parent's gate: rules, guards and approver. */
  gate: ApprovalGate;
  /** The session's model, read per request: a switch reaches a running child's next request too. */
  model: { readonly current: ModelProvider; readonly thinking?: ThinkingLevel | undefined };
  /** The parent's system prompt: a child's unless it is given its own. */
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
}

export function childAgents(parts: ChildAgentParts): (options: ChildAgentOptions) => ChildAgent {
  const { bus, model } = parts;
  return (options) => {
    const state = initialState();
    const unsubscribe = bus.subscribe((event) => {
      if (event.agentId === options.agentId) reduce(state, event);
    });
    const origin = { agentId: options.agentId, parentCallId: options.parentCallId };
    const child = createAgent({
      publish: childPublish(bus.publish, origin),
      state: () => state,
      tools: options.tools ?? parts.tools,
      // The parent's gate (rules, guards, approver); its approval events carry the child's origin.
      gate: (callId, tool, input, signal) => parts.gate(callId, tool, input, signal, origin),
      provider: () => model.current,
      thinking: () => model.thinking,
      systemPrompt: options.systemPrompt === undefined ? parts.systemPrompt : () => options.systemPrompt!,
      ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
    });
    return { state, runTurn: (prompt, signal) => child.runTurn(prompt, signal), close: unsubscribe };
  };
}
