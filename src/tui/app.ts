// The TUI's composition root: lays out the screen, opens the session the CLI chose (new unless
// -c, -r or --fork, ADR 0054), replays a resumed session, wires controllers and the coordinator
// to a live EngineSession; /sessions switches. Process concerns live in launch.ts.
import { Container, matchesKey, type Terminal, type TUI } from "@mariozechner/pi-tui";
import type { CliOptions } from "../config/cli-options.js";
import type { EngineSession } from "../engine/index.js";
import { Footer, type FooterInfo } from "./components/chrome/footer.js";
import type { SessionSummary } from "./components/chrome/session-item.js";
import { Spinner } from "./components/chrome/spinner.js";
import { Welcome } from "./components/chrome/welcome.js";
import { NoteLine } from "./components/messages/note-line.js";
import { COMMANDS, commandsWithSkills, type CommandDeclaration } from "./commands/declarations.js";
import { ApprovalController } from "./controllers/approval-controller.js";
import { ConversationController } from "./controllers/conversation-controller.js";
import { pickSession } from "./controllers/session-picker.js";
import { pickModel } from "./controllers/model-picker.js";
import { StatusController } from "./controllers/status-controller.js";
import { ToolsController } from "./controllers/tools-controller.js";
import { TrustPrompt } from "./controllers/trust-prompt.js";
import { Coordinator, quitsOnEmpty } from "./coordinator.js";
import { CompletionProvider } from "./input/completion-provider.js";
import type { HistoryStore } from "./input/history-store.js";
import { PromptHistorySink } from "./input/history-sink.js";
import { PromptEditor } from "./input/prompt-editor.js";
import { FitTUI } from "./fit-width.js";
import { KeepScrollback } from "./keep-scrollback.js";
import { eraseEverything, LiveArea } from "./live-area.js";
import type { OutputCapture } from "./output-capture.js";
import { RenderScheduler } from "./render-scheduler.js";
import type { Theme } from "./theme/theme.js";
import { Transcript } from "./transcript.js";
import type { EventSink, UiEvent } from "./ui-events.js";

/** What to open: the CLI's choice (new, -c, -r, --fork) or /sessions' (new, resume). */
export type SessionOpenChoice = CliOptions["session"];

export interface TuiAppOptions {
  terminal: Terminal;
  theme: Theme;
  version: string;
  cwd: string;
  history: HistoryStore;
  footer: Omit<FooterInfo, "contextTokens" | "costUsd" | "backgroundTasks">;
  /** How many earlier sessions this workspace has, for the welcome's hint (when a new one opens). */
  earlierSessions?: number;
  /** What to open (the CLI's --new, -c, -r or --fork). */
  defaultChoice: SessionOpenChoice;
  /** Opens the engine; `askTrust` puts the engine's project-trust question to the person. */
  open(choice: SessionOpenChoice, ask: { askTrust(question: string): Promise<boolean> }): Promise<EngineSession>;
  listSessions(): readonly SessionSummary[];
  deleteSession(id: string): Promise<void>;
  /** `mini-agent "task"`: submitted as soon as the session is open. */
  initialPrompt?: string;
  /** The environment slash commands read (the registry's URL and home); default process.env. */
  env?: NodeJS.ProcessEnv;
  /** Takes what dependencies write to stdout/stderr while the TUI runs; shown as a notice. */
  outputCapture?: OutputCapture;
  /** The command that resumes a session in this environment (naming MINI_AGENT_HOME when set); default `mini-agent -r <id>`. */
  resumeCommand?: (sessionId: string) => string;
}

const STREAMED = new Set(["assistant.delta", "thinking.delta", "tool.output"]);

export class TuiApp {
  readonly tui: TUI;
  readonly editor: PromptEditor;
  readonly footer: Footer;
  readonly scheduler: RenderScheduler;
  private readonly header = new Container();
  private readonly body = new Container();
  private readonly pending = new Container();
  private readonly spinner: Spinner;
  private readonly inputHost = new Container();
  private readonly live: LiveArea;
  private session: EngineSession | undefined;
  private commands: readonly CommandDeclaration[] = COMMANDS;
  private detach: (() => void) | undefined;
  private finished: ((code: number) => void) | undefined;
  private failed: ((error: unknown) => void) | undefined;
  private quitting = false;
  /** What to say once the terminal is the person's again: how to resume, or what was deleted. */
  farewell: string | undefined;
  private restored = false;
  private readonly done: Promise<number>;
  private readonly trust: TrustPrompt;
  private readonly ask = { askTrust: (question: string) => this.trust.ask(question) };

  constructor(private readonly options: TuiAppOptions) {
    this.tui = new FitTUI(new KeepScrollback(options.terminal));
    this.scheduler = new RenderScheduler(this.tui);
    this.spinner = new Spinner(options.theme, () => this.scheduler.soon());
    this.editor = new PromptEditor(this.tui, options.theme.editor);
    this.editor.setAutocompleteProvider(new CompletionProvider(options.cwd, () => this.commands));
    this.footer = new Footer(options.theme, { ...options.footer, contextTokens: 0, backgroundTasks: 0 });
    this.trust = new TrustPrompt(this.tui, this.header, options.theme, () => this.scheduler.now());
    for (const child of [this.header, this.body, this.pending, this.spinner, this.inputHost, this.footer]) this.tui.addChild(child);
    this.live = new LiveArea(this.tui, [this.pending, this.spinner, this.inputHost, this.footer]);
    this.done = new Promise((resolve, reject) => {
      this.finished = resolve;
      this.failed = reject;
    });
  }

  /** Starts drawing; resolves with the exit code once the person quits. */
  async run(): Promise<number> {
    // Until a session is attached (the engine opening) ctrl-c quits at once, and so does ctrl-d
    // on an empty input.
    const early = this.tui.addInputListener((data) => {
      if (this.session || !(matchesKey(data, "ctrl+c") || quitsOnEmpty(data, this.editor))) return undefined;
      void this.quit(0);
      return { consume: true };
    });
    this.start().then(undefined, (error: unknown) => {
      // Opening failed (a locked session, bad config): take back what was drawn, restore the
      // terminal, then report; the reason is not printed under a half-drawn screen.
      if (!this.restored) {
        this.spinner.stop();
        eraseEverything(this.tui);
      }
      this.restoreTerminal();
      this.failed?.(error);
    });
    try {
      return await this.done;
    } finally {
      early();
    }
  }

  private async start(): Promise<void> {
    this.tui.start();
    this.options.outputCapture?.start((text) => {
      this.footer.update({ notice: text });
      this.scheduler.now();
    });
    const choice = this.options.defaultChoice;
    // Straight into the session, as Claude Code and Codex start: a picker first would take the
    // first keys typed (and lose them). The welcome says how to go back to an earlier one.
    const earlier = choice.mode === "new" ? (this.options.earlierSessions ?? 0) : 0;
    this.header.addChild(new Welcome(this.options.theme, { version: this.options.version, cwd: this.options.cwd, earlierSessions: earlier }));
    // The input works while the engine opens; what is sent meanwhile is held, then sent.
    this.showEditor();
    const early: [text: string, typed: string][] = [];
    this.editor.onSubmitExpanded = (text, typed) => {
      if (text.trim()) early.push([text, typed]);
    };
    const session = await this.options.open(choice, this.ask);
    if (this.quitting) return void (await session.shutdown());
    const coordinator = await this.attach(session);
    if (this.options.initialPrompt?.trim()) coordinator.submit(this.options.initialPrompt);
    for (const [text, typed] of early) coordinator.submit(text, typed);
  }

  /** Ends the app: the session is shut down, the terminal restored, then `last` runs. The first call wins. */
  async quit(code = 0, last?: () => Promise<void>): Promise<void> {
    if (this.quitting) return;
    this.quitting = true;
    // A trust question still open is answered no, so the opening session can shut down.
    this.trust.cancel();
    const session = this.session;
    const resume = this.options.resumeCommand ?? ((id: string) => `mini-agent -r ${id}`);
    if (session) this.farewell = `session ${session.sessionId} (resume: ${resume(session.sessionId)})`;
    this.detach?.();
    this.session = undefined;
    // What only made sense while the app ran goes; the conversation stays on screen.
    if (!this.restored) this.live.clear();
    // Restore the terminal first: a slow shutdown must not leave it in raw mode.
    this.restoreTerminal();
    if (session) await session.shutdown().catch(() => undefined);
    try {
      await last?.();
    } finally {
      this.finished?.(code);
    }
  }

  /** Raw mode off, cursor shown, paste mode off. Safe to call more than once. */
  restoreTerminal(): void {
    if (this.restored) return;
    this.restored = true;
    this.spinner.stop();
    this.scheduler.cancel();
    this.tui.stop();
    this.options.outputCapture?.stop();
  }

  private showEditor(): void {
    this.inputHost.clear();
    this.inputHost.addChild(this.editor);
    this.tui.setFocus(this.editor);
    this.scheduler.now();
  }

  private async attach(session: EngineSession): Promise<Coordinator> {
    const { theme } = this.options;
    const transcript = new Transcript();
    // A switch (/sessions) prints the other session below what is on screen, never over it:
    // clearing the conversation would change lines long scrolled off, which pi-tui can only
    // repaint whole (keep-scrollback.ts). What the left session showed stays in the scrollback.
    if (this.body.children.length > 0) this.body.addChild(new NoteLine(theme, `── session ${session.sessionId} ──`));
    this.body.addChild(transcript);
    this.pending.clear();
    const conversation = new ConversationController(theme, transcript, this.pending);
    const tools = new ToolsController(theme, transcript);
    const approvals = new ApprovalController(theme, transcript, {
      answer: (id, reply) => session.answerApproval(id, reply),
      answerQuestion: (id, reply) => session.answerQuestion(id, reply),
      focus: (frame) => {
        this.tui.setFocus(frame ?? this.editor);
        this.scheduler.now();
      },
      room: () => this.live.roomForFrame(),
    });
    const status = new StatusController(this.footer, this.spinner, () => session.contextBudget);
    const sinks: EventSink[] = [conversation, tools, approvals, status, new PromptHistorySink(this.options.history)];
    // A child agent's events (a subagent) are not this conversation: its approval requests
    // (a person must answer them), its usage, and its progress on the task's frame.
    const childSinks: EventSink[] = [approvals, status, tools];
    const dispatch = (event: UiEvent, replay: boolean) => {
      for (const sink of event.agentId ? childSinks : sinks) sink.onEvent(event, replay);
    };

    // Subscribe first and hold live events, so none falls between the replay and the live feed.
    let lastSeq = 0;
    let held: UiEvent[] | undefined = [];
    const unsubscribe = session.subscribe((event) => {
      if (held) return void held.push(event);
      if (event.seq <= lastSeq) return;
      lastSeq = event.seq;
      dispatch(event, false);
      if (STREAMED.has(event.type)) this.scheduler.soon();
      else this.scheduler.now();
    });
    for (const event of await session.history()) {
      dispatch(event, true);
      lastSeq = Math.max(lastSeq, event.seq);
    }
    for (const event of held) if (event.seq > lastSeq) (lastSeq = event.seq), dispatch(event, false);
    held = undefined;
    // The level the requests use, as headless mode reports it ("medium", not "default").
    const thinking = session.thinking;
    if (thinking) this.footer.update({ thinking });
    this.footer.update({ contextWindow: session.contextBudget });

    const coordinator = new Coordinator({
      tui: this.tui,
      editor: this.editor,
      footer: this.footer,
      session,
      conversation,
      tools,
      approvals,
      history: this.options.history,
      commands: () => this.commands,
      quit: () => void this.quit(0),
      commandContext: {
        currentModel: () => this.footer.info.model,
        currentThinking: () => this.footer.info.thinking,
        openSessionPicker: () => this.switchSession(),
        pickModel: async (models) => {
          this.inputHost.clear();
          const picked = await pickModel(this.tui, this.inputHost, this.options.theme, models, this.footer.info.model);
          this.showEditor();
          return picked;
        },
        env: this.options.env ?? process.env,
        cwd: this.options.cwd,
        deleteSessionAndQuit: async () => {
          const id = session.sessionId;
          // Deleted after the session is shut down (its file closed), before the app reports done.
          await this.quit(0, async () => {
            await this.options.deleteSession(id);
            this.farewell = `deleted session ${id}`;
          });
        },
        quit: () => void this.quit(0),
      },
    });
    this.session = session;
    this.commands = commandsWithSkills(session.skills);
    this.detach = () => {
      unsubscribe();
      coordinator.dispose();
      approvals.abandon();
    };
    this.showEditor();
    return coordinator;
  }

  private async switchSession(): Promise<void> {
    const current = this.session;
    if (!current) return;
    const others = this.options.listSessions().filter((s) => s.id !== current.sessionId);
    this.inputHost.clear();
    const picked = await pickSession(this.tui, this.inputHost, this.options.theme, others);
    if (picked === undefined) return this.showEditor();
    this.detach?.();
    this.session = undefined;
    await current.shutdown();
    // The notice was about the session left behind.
    this.footer.update({ notice: undefined });
    await this.attach(await this.options.open(picked === "new" ? { mode: "new" } : { mode: "resume", id: picked }, this.ask));
  }
}
