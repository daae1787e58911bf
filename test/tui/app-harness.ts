// The whole TUI (TuiApp: controllers, coordinator, editor) on a virtual terminal, over a real
// EngineSession opened by bootstrap's openEngine with a FAKE_LLM script: what the CLI runs,
// minus the process terminal.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { openEngine } from "../../src/bootstrap.js";
import type { CliOptions } from "../../src/config/cli-options.js";
import { workspaceKey } from "../../src/engine/session/session.js";
import { SessionStore } from "../../src/engine/session/session.js";
import { TuiApp, type SessionOpenChoice } from "../../src/tui/app.js";
import { HistoryStore } from "../../src/tui/input/history-store.js";
import type { OutputCapture } from "../../src/tui/output-capture.js";
import { makeSandbox, type Sandbox } from "../helpers/run-cli.js";
import { VirtualTerminal } from "../helpers/virtual-terminal.js";
import { plainTheme } from "./harness.js";

export interface RunningApp {
  app: TuiApp;
  terminal: VirtualTerminal;
  box: Sandbox;
  /** Resolves with the exit code when the app quits. */
  exit: Promise<number>;
}

function userHomeIn(box: Sandbox): string {
  const home = path.join(path.dirname(box.workspace), "user-home");
  mkdirSync(home, { recursive: true });
  return home;
}

export function startApp(options: {
  box?: Sandbox;
  script?: unknown;
  choice?: SessionOpenChoice;
  /** Count the workspace's earlier sessions for the welcome's hint, as launch.ts does. */
  countEarlier?: boolean;
  prompt?: string;
  /** Holds the engine's opening until it resolves (to type while it opens). */
  openGate?: Promise<void>;
  /** FAKE_LLM_RECORD: where the scripted model appends each request it receives. */
  record?: string;
  /** A real provider instead of FAKE_LLM: its variables (key, base URL); HOME becomes a temp folder. */
  providerEnv?: Record<string, string>;
  /** Takes stdout/stderr writes and console output while the app runs (as launch.ts does). */
  outputCapture?: OutputCapture;
  /** The terminal's width; 100 unless a test draws text as wide as a temp path. */
  columns?: number;
  /** The terminal's height; 30 by default. */
  rows?: number;
  /** Lines already in the terminal when mini-agent starts (a shell's history), written first. */
  shellHistory?: readonly string[];
}): RunningApp {
  const box = options.box ?? makeSandbox();
  const env: NodeJS.ProcessEnv = options.providerEnv
    ? // Config also reads ~/.kimi-code: a developer's real login must never be picked up.
      { PATH: process.env.PATH, HOME: userHomeIn(box), MINI_AGENT_HOME: box.home, ...options.providerEnv }
    : {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        MINI_AGENT_HOME: box.home,
        FAKE_LLM: options.script ? box.script(options.script as never) : "1",
        ...(options.record ? { FAKE_LLM_RECORD: options.record } : {}),
      };
  const cli: CliOptions = { prompt: options.prompt ?? "", yes: false, outputFormat: "text", session: { mode: "new" }, sandbox: false };
  const terminal = new VirtualTerminal(options.columns ?? 100, options.rows ?? 30);
  for (const line of options.shellHistory ?? []) terminal.write(`${line}\r\n`);
  const store = new SessionStore(box.home, box.workspace);
  const listSessions = () => store.list().map((s) => ({ id: s.id, mtimeMs: s.lastActivityMs, title: s.title, turns: s.turns, model: s.model }));
  const app = new TuiApp({
    terminal,
    theme: plainTheme(),
    version: "test",
    cwd: box.workspace,
    history: HistoryStore.forWorkspace(box.home, workspaceKey(box.workspace)),
    footer: { model: "", thinking: "default", cwd: box.workspace, branch: "main" },
    earlierSessions: options.countEarlier ? listSessions().length : 0,
    defaultChoice: options.choice ?? { mode: "new" },
    open: async (choice, ask) => {
      await options.openGate;
      return openEngine({ ...cli, session: choice }, { version: "test", env, cwd: box.workspace, canAsk: true, askTrust: ask.askTrust });
    },
    listSessions,
    deleteSession: async (id) => store.remove(id),
    ...(options.prompt ? { initialPrompt: options.prompt } : {}),
    ...(options.outputCapture ? { outputCapture: options.outputCapture } : {}),
    env,
  });
  return { app, terminal, box, exit: app.run() };
}
