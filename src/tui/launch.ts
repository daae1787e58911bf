// The interactive face's entry (loaded lazily by cli.ts): a real terminal, the engine opened
// through bootstrap's openEngine, and the process concerns: the terminal is restored on every
// way out (quit, SIGTERM, SIGHUP, a crash), commands are reaped, the exit code is set.
import os from "node:os";
import { EXIT, UsageError, type CliOptions } from "../config/cli-options.js";
import { resumeCommand, usableAgentHome } from "../config/home.js";
import { answerByFlag, SessionAccessError, SessionStore, workspaceKey, type SessionSummary as StoredSession, type EngineSession } from "../engine/index.js";
import { TuiApp, type SessionOpenChoice } from "./app.js";
import type { SessionSummary } from "./components/chrome/session-item.js";
import { gitBranch } from "./git-branch.js";
import { SafeProcessTerminal } from "./process-terminal.js";
import { HistoryStore } from "./input/history-store.js";
import { OutputCapture } from "./output-capture.js";
import { detectColors } from "./theme/detect.js";
import { createTheme } from "./theme/theme.js";

export interface InteractiveContext {
  version: string;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
}

/** What /sessions shows of a stored session (SessionStore.list reads it without folding). */
function toSummary(entry: StoredSession): SessionSummary {
  return { id: entry.id, mtimeMs: entry.lastActivityMs, title: entry.title, turns: entry.turns, model: entry.model, sizeBytes: entry.bytes };
}

export async function runInteractive(options: CliOptions, context: InteractiveContext): Promise<number> {
  if (!process.stdin.isTTY || !process.stdout.isTTY) {
    throw new UsageError('the interactive UI needs a terminal on stdin and stdout; run headless with mini-agent -p "task"');
  }
  const env = context.env ?? process.env;
  const cwd = context.cwd ?? process.cwd();
  const home = usableAgentHome(env, os.homedir(), cwd);
  const store = new SessionStore(home, cwd);
  const listSessions = () => store.list().map(toSummary);
  let earlierSessions = 0;
  try {
    earlierSessions = options.session.mode === "new" ? store.list().length : 0;
  } catch (error) {
    // An unreadable session folder is said before the UI starts, not shown as "no sessions".
    if (error instanceof SessionAccessError) throw new UsageError(error.message);
    throw error;
  }
  const warnings: string[] = [];

  const open = async (choice: SessionOpenChoice, ask: { askTrust(question: string): Promise<boolean> }): Promise<EngineSession> => {
    // Loaded after the first frame: the welcome shows while the engine and its config load.
    // The bundle is CommonJS (ADR 0031), so the import below is a synchronous require inside
    // a promise, which would run before pi-tui draws. pi-tui draws on a timer it sets in a
    // nextTick after a render is asked for; by setImmediate that timer exists, and a timer set
    // then fires after it.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const { openEngine } = await import("../bootstrap.js");
    const engine = await openEngine(
      { ...options, session: choice },
      // canAsk: a person is here to answer the model's questions (the `ask` tool is offered).
      // askTrust: the project's hooks and MCP servers run only once the person trusts them here.
      { version: context.version, env, cwd, canAsk: true, askTrust: ask.askTrust, report: { warn: (message) => warnings.push(message), info: () => {} } },
    );
    if (options.yes) answerByFlag(engine, true);
    if (warnings.length > 0) app.footer.update({ notice: warnings.splice(0).join(" · ") });
    return engine;
  };

  const terminal = new SafeProcessTerminal();
  const app = new TuiApp({
    terminal,
    // A provider SDK's deprecation warning, a process warning: a notice, not bytes over the frame.
    outputCapture: new OutputCapture(() => terminal.writing),
    theme: createTheme(detectColors(env)),
    version: context.version,
    cwd,
    history: HistoryStore.forWorkspace(home, workspaceKey(cwd)),
    footer: { model: options.model ?? "", thinking: options.thinking ?? "default", cwd, branch: gitBranch(cwd) },
    // The welcome's hint; SessionStore.list reads each session's cached summary, not the session.
    earlierSessions,
    defaultChoice: options.session,
    resumeCommand: (id) => resumeCommand(id, env, os.homedir(), cwd),
    open,
    listSessions,
    deleteSession: async (id) => store.remove(id),
    ...(options.prompt ? { initialPrompt: options.prompt } : {}),
  });

  // Every way out restores the terminal (raw mode off, cursor shown, paste mode off).
  const onSignal = (code: number) => () => void app.quit(code);
  const onTerm = onSignal(EXIT.terminated);
  const onHup = onSignal(EXIT.hangup);
  const onInt = onSignal(EXIT.interrupted);
  const onCrash = (error: unknown) => {
    app.restoreTerminal();
    process.stderr.write(`mini-agent: ${(error as Error)?.stack ?? String(error)}\n`);
    process.exit(EXIT.runtime);
  };
  process.on("SIGTERM", onTerm);
  process.on("SIGHUP", onHup);
  process.on("SIGINT", onInt);
  process.on("uncaughtException", onCrash);
  process.on("unhandledRejection", onCrash);
  try {
    const code = await app.run();
    // The terminal is the person's again: say how to come back (as headless mode does).
    if (app.farewell) process.stderr.write(`${app.farewell}\n`);
    return code;
  } catch (error) {
    await app.quit(EXIT.runtime);
    throw error;
  } finally {
    app.restoreTerminal();
    process.off("SIGTERM", onTerm);
    process.off("SIGHUP", onHup);
    process.off("SIGINT", onInt);
    process.off("uncaughtException", onCrash);
    process.off("unhandledRejection", onCrash);
  }
}
