// Runs one subagent through the engine's `spawnAgent`: a child agent with a fresh
// conversation, its own tool set, and the parent's gate and model. Its events go through the
// parent's bus stamped with its id and the parent's call id (one session file, every face
// sees them); the child's state folds only those events.
import type { ToolSpec } from "../../llm/provider.js";
import type { SessionState } from "../../state/state.js";
import type { ChildAgent, ChildAgentOptions } from "../../surface.js";
import { ToolRegistry } from "../../tools/registry.js";
import type { Tool } from "../../tools/tool.js";
import type { SubagentKind, SubagentRunner } from "./task-tool.js";

export interface SubagentOptions {
  /** The session's `spawnAgent`. */
  spawn(options: ChildAgentOptions): ChildAgent;
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
      const tools = new ToolRegistry(options.toolsFor(request.kind));
      const child = options.spawn({
        agentId: `${request.kind}-${count}`,
        parentCallId: request.parentCallId,
        tools,
        systemPrompt: options.systemPrompt(request.kind, tools.specs()),
        ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
      });
      try {
        const outcome = await child.runTurn(request.prompt, signal);
        const report = lastAssistantText(child.state);
        if (outcome.stopReason === "completed") return { report: report || "(the subagent finished without a report)", isError: false };
        // The reason too: "failed" alone leaves the parent guessing whether to retry.
        const why = outcome.stopReason === "max_rounds" ? "ran out of rounds" : outcome.stopReason === "aborted" ? "was stopped" : `failed${outcome.error ? `: ${outcome.error}` : ""}`;
        return { report: `The subagent ${why}.${report ? ` Its last words:\n${report}` : ""}`, isError: true };
      } finally {
        child.close();
      }
    },
  };
}

function lastAssistantText(state: Readonly<SessionState>): string {
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
