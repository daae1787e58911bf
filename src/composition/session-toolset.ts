// The tools a session offers, and the jail and sandbox they share: one jail for the rules and
// the tools, so both judge a path the same way; the sandbox chosen from flags and config
// (ADR 0010). Part of the composition root (src/bootstrap.ts assembles the rest).
import path from "node:path";
import type { CliOptions } from "../config/cli-options.js";
import type { EventBus } from "../engine/event-bus.js";
import type { Redactor } from "../engine/secrets/redact.js";
import type { Jail } from "../engine/tools/jail/jail.js";
import { distrustForHostPrograms } from "../engine/host/host-programs.js";
import { createCommandTools, type CommandTools } from "../engine/tools/command/command-tools.js";
import { createJail } from "../engine/tools/jail/jail.js";
import { ToolRegistry } from "../engine/tools/registry.js";
import { createWorkspaceTools } from "../engine/tools/workspace-tools.js";
import type { ModelSetup } from "./model-setup.js";
import { chooseSandbox } from "./sandbox-choice.js";
import { offeredTools, type SessionExtensions } from "./session-tools.js";

export interface ToolsetInput {
  cwd: string;
  /** The agent's home: hidden from the tools and the sandbox. */
  home: string;
  /** Where the session keeps its side files (background tasks' logs). */
  sideDir: string;
  bus: EventBus;
  redact?: Redactor;
  model: ModelSetup;
  options: Pick<CliOptions, "sandbox"> & Partial<Pick<CliOptions, "noSandbox" | "yes">>;
  extensions?: SessionExtensions;
  /** Workspace files that hooks and MCP servers run: a sandboxed command must not rewrite them. */
  protectedPaths?: readonly string[];
}

export interface Toolset {
  jail: Jail;
  commands: CommandTools;
  tools: ToolRegistry;
  /** Why the sandbox is not what was asked for, when it is not. */
  sandboxWarning?: string;
}

export function createToolset(input: ToolsetInput): Toolset {
  const { model, options, bus } = input;
  const jail = createJail(input.cwd, {
    ...(model.readRoots ? { readRoots: model.readRoots } : {}),
    deniedDirs: [input.home],
    // The shell's spelling of the folder, kept when it was entered through a symlink.
    ...(process.env.PWD ? { rootSpellings: [process.env.PWD] } : {}),
  });
  // Before any tool looks up git or rg: neither the workspace nor the agent home is where mini-agent finds its own programs (ADR 0061).
  distrustForHostPrograms([jail.root, input.home]);
  // --yes sandboxes by default where bubblewrap works; flags and config can insist or opt out (ADR 0010).
  const sandbox = chooseSandbox({
    ...(options.sandbox ? { flag: "on" as const } : options.noSandbox ? { flag: "off" as const } : {}),
    ...(model.sandbox !== undefined ? { config: model.sandbox } : {}),
    yes: options.yes ?? false,
  });
  // The sandbox shows no read_roots: where the user widened reads, a proved read-only command
  // reading one would fail inside it, so without --yes such a session keeps running them as before.
  const mode = sandbox.mode === "read-only-unasked" && model.readRoots?.length ? "off" : sandbox.mode;
  const commands = createCommandTools({
    root: jail.root,
    tasksDir: path.join(input.sideDir, "tasks"),
    sandbox: mode,
    sandboxHidden: [input.home],
    ...(model.sandboxNetwork ? { sandboxNetwork: model.sandboxNetwork } : {}),
    ...(input.redact ? { redact: input.redact } : {}),
    ...(input.protectedPaths?.length ? { protectedPaths: input.protectedPaths } : {}),
  });
  const builtIn = [
    ...createWorkspaceTools({
      root: jail.root,
      jail,
      ...(model.webSearch ? { webSearch: model.webSearch } : {}),
      onTodos: (todos) => bus.publish("todo.updated", { todos }),
    }),
    ...commands.tools,
  ];
  return {
    jail,
    commands,
    tools: new ToolRegistry(offeredTools(builtIn, input.extensions)),
    ...(sandbox.warning ? { sandboxWarning: sandbox.warning } : {}),
  };
}
