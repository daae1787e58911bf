// One agent over an open session: the loop with the tools, gate and model it is handed.
// It builds nothing itself: the composition root (src/bootstrap.ts) makes the jail, the tool
// set, the command policy, the guards and the gate, so a child agent can be given its
// parent's gate and a child bus, and a test can hand it anything real.
import type { ApprovalGate } from "../approval/gate/gate.js";
import type { Publish } from "../event-bus.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "../llm/provider.js";
import { createCompactor, type CompactionTrigger, type CompactOutcome } from "./compactor.js";
import { contextBudget, TokenMeter } from "../state/context.js";
import { createLoop, type TurnOutcome } from "./loop.js";
import type { ToolImage } from "../messages.js";
import type { SessionState } from "../state/state.js";
import type { ToolRegistry } from "../tools/registry.js";

/** The running commands of a session (run_command, background tasks). */
export interface CommandControl {
  /** Kills the running foreground command(s); false when none ran. */
  interruptCommand(): boolean;
  /** Kills foreground commands and reaps background tasks. */
  closeAll(): Promise<void>;
  /** SIGKILLs every command at once, for a process about to exit. */
  killAllNow(): void;
}

export interface AgentOptions {
  /** Where events go: the session's bus, or a child bus forwarding to the parent's. */
  publish: Publish;
  /** The folded state this agent's conversation lives in. */
  state(): SessionState;
  tools: ToolRegistry;
  gate: ApprovalGate;
  /** Read per request, so setModel takes effect on the next one. */
  provider(): ModelProvider;
  /** Read per request, so setThinking takes effect on the next one. */
  thinking?(): ThinkingLevel | undefined;
  commands?: CommandControl;
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
  maxRounds?: number;
  /** `context_budget` from the config; otherwise the current model's window minus a reserve. */
  contextBudget?: number;
  /** Runs before each compaction's summary request (the face's PreCompact hooks). */
  beforeCompact?(trigger: CompactionTrigger, instructions: string | undefined, signal: AbortSignal | undefined): Promise<void>;
}

export interface Agent {
  readonly tools: ToolRegistry;
  /** Runs one turn for a prompt (and its images); the signal aborts it (open calls get synthetic results). */
  runTurn(prompt: string, signal: AbortSignal, images?: readonly ToolImage[]): Promise<TurnOutcome>;
  /** Kills the running command's process tree; the turn goes on. False when none runs. */
  interruptCommand(): boolean;
  /** Compacts the conversation now (`/compact [instructions]`); call it between turns. */
  compact(instructions?: string, signal?: AbortSignal): Promise<CompactOutcome>;
  /** Reaps commands and background tasks. */
  close(): Promise<void>;
  /** Kills every running command at once, for a process that must exit immediately. */
  killCommandsNow(): void;
}

export function createAgent(options: AgentOptions): Agent {
  const { tools } = options;
  const meter = new TokenMeter();
  const compactor = createCompactor({
    provider: options.provider,
    publish: options.publish,
    state: options.state,
    // Per use: setModel may move the session to a model with another window.
    budget: () =>
      contextBudget({ model: options.provider().model, ...(options.contextBudget !== undefined ? { configured: options.contextBudget } : {}) }),
    meter,
    ...(options.beforeCompact ? { beforeCompact: options.beforeCompact } : {}),
  });
  const loop = createLoop({
    compactor,
    meter,
    provider: options.provider,
    registry: tools,
    gate: options.gate,
    publish: options.publish,
    state: options.state,
    systemPrompt: (current) => options.systemPrompt(tools.specs(), current),
    ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
    ...(options.thinking ? { thinking: options.thinking } : {}),
  });
  return {
    tools,
    runTurn: (prompt, signal, images) => loop.runTurn(prompt, signal, images),
    interruptCommand: () => options.commands?.interruptCommand() ?? false,
    compact: (instructions, signal) =>
      compactor.compact({
        trigger: "manual",
        ...loop.requestShape(),
        ...(instructions !== undefined ? { instructions } : {}),
        ...(signal ? { signal } : {}),
      }),
    killCommandsNow: () => options.commands?.killAllNow(),
    close: async () => {
      await options.commands?.closeAll();
    },
  };
}
