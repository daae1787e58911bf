// One running agent session: tools, gate and loop assembled over an open session, behind
// the small command surface every face uses (run a turn, interrupt a command, close).
// It receives already-resolved pieces (provider, approver, settings); it reads no config.
import path from "node:path";
import { classifyCommand } from "./approval/command-policy.js";
import { isCriticalFile } from "./approval/critical-files.js";
import { createApprovalGate, type Approver } from "./approval/gate.js";
import { createDirtyCheck } from "./approval/git-dirty.js";
import { matchUserRules, type UserRules } from "./approval/user-rules.js";
import type { ModelProvider, ThinkingLevel, ToolSpec } from "./llm/provider.js";
import { withCheckpoints } from "./checkpoint/checkpoint-hook.js";
import { createCheckpointStore } from "./checkpoint/checkpoint-store.js";
import { checkpointsDir } from "./checkpoint/undo.js";
import { createLoop, type TurnOutcome } from "./loop.js";
import type { OpenSession } from "./open-session.js";
import type { SessionState } from "./state.js";
import type { SandboxMode } from "./sandbox/bubblewrap.js";
import { createCommandTools } from "./tools/command-tools.js";
import { hardLinkCount } from "./tools/hard-links.js";
import { createJail } from "./tools/jail.js";
import { ToolRegistry } from "./tools/registry.js";
import type { WebSearchConfig } from "./tools/web-search.js";
import { createWorkspaceTools } from "./tools/workspace-tools.js";

export interface AgentOptions {
  session: OpenSession;
  cwd: string;
  provider: ModelProvider;
  approver: Approver;
  systemPrompt(tools: readonly ToolSpec[], state: SessionState): string;
  maxRounds?: number;
  thinking?: ThinkingLevel;
  /** true: required; a mode: "auto" sandboxes where bubblewrap works (ADR 0010). */
  sandbox?: boolean | SandboxMode;
  readRoots?: string[];
  permissions?: UserRules;
  webSearch?: WebSearchConfig;
  /** Directories tools may never touch (the agent's home with its sessions and config). */
  deniedDirs?: string[];
  warn(message: string): void;
}

export interface Agent {
  readonly tools: ToolRegistry;
  /** Runs one turn for a prompt; the signal aborts it (open calls get synthetic results). */
  runTurn(prompt: string, signal: AbortSignal): Promise<TurnOutcome>;
  /** Kills the running command's process tree; the turn goes on. False when none runs. */
  interruptCommand(): boolean;
  /** Reaps commands and background tasks and closes the session file. */
  close(): Promise<void>;
  /** Kills every running command at once, for a process that must exit immediately. */
  killCommandsNow(): void;
}

export function createAgent(options: AgentOptions): Agent {
  const { session } = options;
  const { bus, state } = session;
  // One jail for the rules and the tools, so both judge a path the same way.
  const jail = createJail(options.cwd, {
    ...(options.readRoots ? { readRoots: options.readRoots } : {}),
    ...(options.deniedDirs ? { deniedDirs: options.deniedDirs } : {}),
  });
  const commandTools = createCommandTools({
    root: jail.root,
    tasksDir: path.join(session.sideDir, "tasks"),
    sandbox: options.sandbox === true ? "required" : options.sandbox || "off",
    ...(options.deniedDirs ? { sandboxHidden: options.deniedDirs } : {}),
  });
  if (commandTools.sandbox.notice) options.warn(commandTools.sandbox.notice);

  const tools = new ToolRegistry([
    ...createWorkspaceTools({
      root: jail.root,
      jail,
      ...(options.webSearch ? { webSearch: options.webSearch } : {}),
      onTodos: (todos) => bus.publish("todo.updated", { todos }),
    }),
    ...commandTools.tools,
  ]);
  const gate = createApprovalGate({
    rules: {
      jail,
      classifyCommand: (command) =>
        classifyCommand(command, {
          root: jail.root,
          jail,
          sandbox: commandTools.sandbox.active,
          ...(options.permissions ? { userRules: options.permissions } : {}),
        }),
      isCriticalFile,
      hardLinks: hardLinkCount,
      matchUserRules: (tool, subject) => matchUserRules(options.permissions, tool, subject),
    },
    isDirty: createDirtyCheck(jail.root),
    approver: options.approver,
    publish: bus.publish,
    alwaysAllowed: () => state.alwaysAllowed,
  });
  const loop = createLoop({
    provider: options.provider,
    registry: tools,
    // Before a turn's first approved mutating call, the workspace is snapshotted (ADR 0011).
    gate: withCheckpoints(gate, {
      store: createCheckpointStore({ root: jail.root, dir: checkpointsDir(session.sideDir), ...(options.deniedDirs ? { exclude: options.deniedDirs } : {}) }),
      bus,
      warn: options.warn,
    }),
    publish: bus.publish,
    state: () => state,
    systemPrompt: (current) => options.systemPrompt(tools.specs(), current),
    ...(options.maxRounds ? { maxRounds: options.maxRounds } : {}),
    ...(options.thinking ? { thinking: options.thinking } : {}),
  });

  bus.publish("session.started", {
    sessionId: session.sessionId,
    cwd: options.cwd,
    provider: options.provider.name,
    model: options.provider.model,
    resumed: session.resumed,
  });

  return {
    tools,
    runTurn: (prompt, signal) => loop.runTurn(prompt, signal),
    interruptCommand: () => commandTools.interruptCommand(),
    killCommandsNow: () => commandTools.killAllNow(),
    async close() {
      await commandTools.closeAll();
      session.close();
    },
  };
}
