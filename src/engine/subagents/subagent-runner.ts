// Runs one subagent: a child agent with a fresh conversation, its own tool set, and the
// parent's gate. Its events go through the parent's bus stamped with its id and the parent's
// call id (one session file, every face sees them); its own state folds only those events.
import { createAgent } from "../agent.js";
import type { ApprovalGate } from "../approval/gate.js";
import { childPublish, type EventBus } from "../event-bus.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../llm/provider.js";
import { initialState, reduce, type SessionState } from "../state.js";
import { ToolRegistry } from "../tools/registry.js";
import type { Tool } from "../tools/tool.js";
import type { SubagentKind, SubagentRunner } from "./task-tool.js";

export interface SubagentOptions {
  bus: EventBus;
  gate: ApprovalGate;
  provider(): ModelProvider;
  thinking?(): ThinkingLevel | undefined;
  /** The tools a subagent of this kind holds (never `task`: subagents do not nest). */
  toolsFor(kind: SubagentKind): Tool[];
  systemPrompt(kind: SubagentKind, tools: readonly ToolSpec[]): string;
  maxRounds?: number;
}

export function createSubagentRunner(options: SubagentOptions): SubagentRunner {
  let count = 0;
  return {
    async run(request, signal) {
      count += 1;
      const agentId = `${request.kind}-${count}`;
      const state: SessionState = initialState();
      const unsubscribe = options.bus.subscribe((event) => {
        if (event.agentId === agentId) reduce(state, event);
      });
      try {
        const origin = { agentId, parentCallId: request.parentCallId };
        const agent = createAgent({
          publish: childPublish(options.bus.publish, origin),
          state: () => state,
          tools: new ToolRegistry(options.toolsFor(request.kind)),
          // The parent's gate (its rules, guards, approver), its events stamped as the child's.
          gate: (callId, tool, input, signal) => options.gate(callId, tool, input, signal, origin),
          provider: options.provider,
          ...(options.thinking ? { thinking: options.thinking } : {}),
          systemPrompt: (tools) => options.systemPrompt(request.kind, tools),
          ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
        });
        const outcome = await agent.runTurn(request.prompt, signal);
        const report = lastAssistantText(state);
        if (outcome.stopReason === "completed") return { report: report || "(the subagent finished without a report)", isError: false };
        const why = outcome.stopReason === "max_rounds" ? "ran out of rounds" : outcome.stopReason === "aborted" ? "was stopped" : "failed";
        return { report: `The subagent ${why}.${report ? ` Its last words:\n${report}` : ""}`, isError: true };
      } finally {
        unsubscribe();
      }
    },
  };
}

function lastAssistantText(state: SessionState): string {
  for (let index = state.messages.length - 1; index >= 0; index -= 1) {
    const message = state.messages[index]!;
    if (message.role === "assistant" && message.text?.trim()) return message.text.trim();
  }
  return "";
}

const ROLE: Record<SubagentKind, string> = {
  explore: "You are an explore subagent: find and read what the task asks about and answer it precisely, citing files and lines. You cannot change anything.",
  review: "You are a review subagent: read the code or changes the task names and report problems (bugs, risks, missing tests), most important first, each with file and line. You cannot change anything.",
  worker: "You are a worker subagent: make the change the task asks for, in small checked steps, then verify it.",
};

/** The child's system prompt: its role, the tools it holds, and that its answer is a report. */
export function subagentPrompt(kind: SubagentKind, cwd: string, tools: readonly ToolSpec[]): string {
  return [
    `${ROLE[kind]} You work in the project at ${cwd} for another agent, who sees only your final answer.`,
    tools.length > 0 ? `Tools you can call: ${tools.map((tool) => tool.name).join(", ")}.` : "No tools are available.",
    "End with a short report: what you found or did, and anything left open.",
  ].join("\n");
}
