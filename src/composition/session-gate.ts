// The gate a session's calls pass: guards, the rules (with the command policy loaded on the
// first command call), the sandbox's readiness, the approval broker, and the checkpoint taken
// before a turn's first mutating call (ADR 0011). Part of the composition root.
import path from "node:path";
import type { ApprovalBroker } from "../engine/approval/gate/approval-broker.js";
import { isCriticalFile } from "../engine/approval/rules/critical-files.js";
import { createDirtyCheck } from "../engine/approval/gate/git-dirty.js";
import { createApprovalGate, type ApprovalGate, type Guard } from "../engine/approval/gate/gate.js";
import { changesNoFile, type CommandRules, type RuleContext } from "../engine/approval/rules/rules.js";
import { sandboxReadiness } from "../engine/approval/gate/sandbox-ready.js";
import { warmShellParserWhileWaiting } from "../engine/approval/shell/shell-warmup.js";
import { matchUserRules, type UserRules } from "../engine/approval/rules/user-rules.js";
import { toolPathVerdict } from "../engine/approval/rules/tool-path-rules.js";
import { withCheckpoints } from "../engine/checkpoint/checkpoint-hook.js";
import { createCheckpointStore } from "../engine/checkpoint/checkpoint-store.js";
import { checkpointsDir } from "../engine/checkpoint/undo.js";
import type { EventBus } from "../engine/event-bus.js";
import type { SessionState } from "../engine/state/state.js";
import { hardLinkCount } from "../engine/tools/jail/hard-links.js";
import { criticalLinkTo } from "../engine/sandbox/critical-links.js";
import type { Toolset } from "./session-toolset.js";

type CommandPolicy = typeof import("../engine/approval/rules/command-judging.js");

/**
 * The command policy (the rules over mvdan-sh's tree, the allowlist and the parser's glue,
 * ~160 KB with what only they use) loads with the first command call the gate sees, not at
 * start-up: a run that runs no command (the demo, a resume that only answers) never compiles
 * it (ADR 0027). It is handed over only once loaded, so the rules it goes into stay synchronous
 * and no command can be judged before it is there.
 */
async function loadCommandPolicy(home: string): Promise<CommandPolicy> {
  const loaded = await import("../engine/approval/rules/command-judging.js");
  // The shell parser compiles from the code cache in the agent's home (ADR 0022).
  loaded.setShellParserCacheDir(path.join(home, "cache"));
  return loaded;
}

export interface SessionGateInput {
  toolset: Toolset;
  home: string;
  sideDir: string;
  bus: EventBus;
  state: SessionState;
  broker: ApprovalBroker;
  guards: readonly Guard[];
  permissions?: UserRules;
}

export function createSessionGate(input: SessionGateInput): ApprovalGate {
  const { toolset, bus, permissions } = input;
  const { jail, commands, tools } = toolset;
  const rules: RuleContext = {
    jail,
    isCriticalFile,
    criticalLink: (absolute) => criticalLinkTo(jail.root, absolute),
    hardLinks: hardLinkCount,
    matchUserRules: (tool, subject) => matchUserRules(permissions, tool, subject),
    pathRules: (call) => toolPathVerdict(call, permissions, jail),
  };
  // Command rules exist only as what this resolves to, built from the loaded policy: whatever
  // judges a command (the gate, the checkpoint's read-only proof, the warm-up) waits for it.
  const commandRules = (): Promise<CommandRules> =>
    loadCommandPolicy(input.home).then((policy) => ({
      ...rules,
      classifyCommand: (command) =>
        policy.classifyCommand(command, {
          root: jail.root, jail, sandbox: commands.sandbox.active, criticalLink: (absolute) => criticalLinkTo(jail.root, absolute),
          ...(permissions ? { userRules: permissions } : {}),
        }),
    }));
  // run_command is offered, so its calls will be judged: while the model works, the sandbox is
  // probed and the policy warmed (ADR 0022).
  const sandboxReady = sandboxReadiness(commands.sandbox, bus, (name) => tools.get(name)?.kind === "command");
  if (tools.get("run_command")) {
    warmShellParserWhileWaiting({
      onRequestSent: () => void sandboxReady.start().catch(() => {}), // the gate reports a failure
      judge: (command) => commandRules().then((loaded) => loaded.classifyCommand(command)).catch(() => {}), // the first real judgement reports a failure
    });
  }
  const gate = createApprovalGate({
    rules,
    commandRules,
    ...(input.guards.length > 0 ? { guards: input.guards } : {}),
    isDirty: createDirtyCheck(jail.root),
    approver: input.broker.approver,
    publish: bus.publish,
    alwaysAllowed: () => input.state.alwaysAllowed,
  });
  // Before a turn's first approved mutating call, the workspace is snapshotted (ADR 0011).
  return withCheckpoints(sandboxReady.wrap(gate), {
    store: createCheckpointStore({ root: jail.root, dir: checkpointsDir(input.sideDir), exclude: [input.home] }),
    bus,
    warn: (message) => bus.publish("notice", { level: "warn", message }),
    // A command proved read-only (not a sandboxed writer) changes nothing to undo (ADR 0022).
    changesNoFile: async (tool, call) => {
      const { name, kind } = tool;
      const subject = tool.subject?.(call) ?? {};
      return kind === "command" ? changesNoFile({ name, kind, subject }, await commandRules()) : changesNoFile({ name, kind, subject }, rules);
    },
  });
}
