// Wires the command tools for one session: run_command, task_status and task_stop share one
// process runner, one set of foreground commands (for interrupt) and one background table
// (reaped at close). The composition root calls this once per session.
import { realpathSync } from "node:fs";
import path from "node:path";
import type { Redactor } from "../../secrets/redact.js";
import type { SandboxMode } from "../../sandbox/bubblewrap.js";
import type { SandboxNetwork } from "../../sandbox/net-allowlist.js";
import { createCriticalGuard, type PrepareRun } from "../../sandbox/critical-guard.js";
import { setUpSandbox, type SandboxOptions } from "../../sandbox/sandbox-setup.js";
import { BackgroundTasks } from "./background-tasks.js";
import { createProcessRunner, type ProcessRunner } from "./process-runner.js";
import { commandEnvironment, createRunCommandTool, ForegroundCommands } from "./run-command.js";
import { createTaskStatusTool } from "./task-status.js";
import { createTaskStopTool } from "./task-stop.js";
import type { Tool } from "../tool.js";

export interface CommandToolsOptions {
  root: string;
  /** <session dir>/tasks: where background task logs go. */
  tasksDir: string;
  sandbox?: SandboxMode;
  /**
   * What sandboxed commands may reach (ADR 0037): true every host, false none, or the hosts
   * of a setting; by default the package registries, through the session's proxy.
   */
  sandboxNetwork?: boolean | SandboxNetwork;
  /** Directories hidden inside the sandbox wherever they are (the agent's home). */
  sandboxHidden?: readonly string[];
  /** The user's home, replaced inside the sandbox by an allowlist view (default os.homedir()). */
  home?: string;
  /**
   * Absolute paths of files a trusted project setting runs (hook scripts, MCP server scripts):
   * like critical files, read-only to a sandboxed command that runs without a question, and
   * undone if it still changes them. Folders count with everything in them.
   */
  protectedPaths?: readonly string[];
  /** For tests: probe a missing binary instead of bwrap. */
  sandboxProbe?: SandboxOptions["probe"];
  /** Defaults to the agent's environment minus credentials. */
  env?: NodeJS.ProcessEnv;
  /** The session's redactor, for what is written besides events (background task logs). */
  redact?: Redactor;
  runner?: ProcessRunner;
}

export interface SandboxStatus {
  /** True only when commands really run inside bubblewrap; known once `ready()` has settled. */
  readonly active: boolean;
  /** Set when a requested sandbox is unavailable: show it to the user a single time. */
  readonly notice: string | undefined;
  /** Probes the sandbox (once, in the background): await it before the first command is judged. */
  ready(): Promise<void>;
}

export interface CommandTools {
  tools: Tool[];
  /** Kills the running foreground command(s) without ending the turn; false when none ran. */
  interruptCommand(): boolean;
  /** Kills foreground commands and reaps every background task: call when the session ends. */
  closeAll(): Promise<void>;
  /** SIGKILLs every command still running, synchronously: for a process about to exit now. */
  killAllNow(): void;
  /** Pass `sandbox.active` (after `sandbox.ready()`) to classifyCommand: only then may workspace-only writes skip asking. */
  sandbox: SandboxStatus;
}

export function createCommandTools(options: CommandToolsOptions): CommandTools {
  const runner = options.runner ?? createProcessRunner();
  const env = options.env ?? commandEnvironment();
  const foreground = new ForegroundCommands();

  const network: SandboxNetwork | undefined =
    typeof options.sandboxNetwork === "boolean" ? (options.sandboxNetwork ? { mode: "on" } : { mode: "allowlist", hosts: [] }) : options.sandboxNetwork;
  const setup = setUpSandbox({
    mode: options.sandbox ?? "off",
    root: options.root,
    env,
    ...(options.home ? { home: options.home } : {}),
    ...(network ? { network } : {}),
    ...(options.sandboxHidden ? { hidden: options.sandboxHidden } : {}),
    ...(options.sandboxProbe ? { probe: options.sandboxProbe } : {}),
  });
  const sandbox: SandboxStatus = setup;
  const guard = createCriticalGuard({
    root: options.root,
    ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
    // In the session folder, which the sandbox hides: what is removed is kept, out of every command's reach.
    asideDir: path.join(options.tasksDir, "undone"),
  });
  const wrapArgv = setup.wrapArgv;
  const readOnlyOnly = options.sandbox === "read-only-unasked";
  /** What the proxy refused while the command ran: said in its result, so the model knows why a download failed. */
  const refusedLines = () => {
    const refused = setup.takeRefused();
    return refused.length > 0 ? [`The sandbox refused network access to ${refused.join(", ")}: not in the allowed hosts ("sandbox_network" in the user's config).`] : [];
  };
  // A command that runs without a question gets the critical files read-only, and a check after it (ADR 0033);
  // every sandboxed command gets every .git read-only, and a .git it plants is moved out unless a person approved it (ADR 0037).
  let realRoot: string | undefined;
  const prepare: PrepareRun | undefined = wrapArgv
    ? async (argv, answeredBy, offline) => {
        // Without --yes the sandbox holds only what runs unasked as proved read-only (ADR 0056):
        // every other command runs as it did, and the probe is not even waited for.
        if (readOnlyOnly && !offline) return { argv, finish: () => [] };
        await setup.ready();
        if (!setup.confines) return { ...(await wrapArgv(argv)), finish: () => [] };
        if (offline) {
          // Proved read-only: the whole workspace is mounted so, which needs no walk before it
          // and no check after it (nothing in it can change), and holds even if the proof was wrong.
          realRoot ??= realpathSync(options.root);
          const wrapped = await wrapArgv(argv, { readOnly: [realRoot], denyRegexes: [] }, true);
          return { ...wrapped, finish: () => [] };
        }
        const run = answeredBy ? guard.approvedRun(answeredBy) : guard.begin();
        // A command proved read-only needs no network, so it never waits for the proxy.
        const wrapped = await wrapArgv(argv, run.protection, offline);
        return { ...wrapped, finish: () => [...run.finish(), ...refusedLines()] };
      }
    : undefined;

  const background = new BackgroundTasks({
    runner,
    tasksDir: options.tasksDir,
    cwd: options.root,
    env,
    ...(prepare ? { prepare } : {}),
    ...(options.redact ? { redact: options.redact } : {}),
  });
  const tools = [
    createRunCommandTool({ root: options.root, runner, env, foreground, background, ...(prepare ? { prepare } : {}) }),
    createTaskStatusTool({ tasks: background }),
    createTaskStopTool({ tasks: background }),
  ];

  return {
    tools,
    interruptCommand: () => foreground.interrupt(),
    async closeAll() {
      await Promise.all([foreground.stopAll(), background.closeAll()]);
      setup.dispose();
    },
    killAllNow: () => runner.killAllNow(),
    sandbox,
  };
}
