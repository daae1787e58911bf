// Thin: routes keys and submissions. Global keys (esc, ctrl-c, ctrl-d, ctrl-o, ctrl-r, ctrl-l) are caught
// before the focused component; a submitted line becomes a slash command or a prompt for the
// engine (which runs it now or queues it while a turn runs).
import { matchesKey, type TUI } from "@mariozechner/pi-tui";
import type { EngineSession } from "../engine/index.js";
import type { CommandDeclaration } from "./commands/declarations.js";
import { executeCommand, type CommandContext } from "./commands/execute.js";
import { parseInput } from "./commands/parse.js";
import { describeUnknown } from "./commands/suggest.js";
import type { ApprovalController } from "./controllers/approval-controller.js";
import type { ConversationController } from "./controllers/conversation-controller.js";
import type { ToolsController } from "./controllers/tools-controller.js";
import type { Footer } from "./components/chrome/footer.js";
import { clipGraphemes } from "./graphemes.js";
import { HeldInputs } from "./held-inputs.js";
import type { HistoryStore } from "./input/history-store.js";
import type { PromptEditor } from "./input/prompt-editor.js";

export interface CoordinatorParts {
  tui: TUI;
  editor: PromptEditor;
  footer: Footer;
  session: EngineSession;
  conversation: ConversationController;
  tools: ToolsController;
  approvals: ApprovalController;
  history: HistoryStore;
  /** The slash commands now (the built-ins and this session's skills). */
  commands(): readonly CommandDeclaration[];
  /** The parts of the command context only the app can give (sessions, quitting). */
  commandContext: Omit<CommandContext, "session" | "info" | "error" | "confirm">;
  quit(): void;
}

const QUIT_HINT = "ctrl-c again to quit";
/** Commands that act at once even while a turn runs: they touch neither the session nor the conversation. */
const IMMEDIATE = new Set(["help", "quit"]);

/** ctrl-d while the input has the keyboard and holds nothing: the shell's end of input. */
export function quitsOnEmpty(data: string, editor: PromptEditor): boolean {
  return matchesKey(data, "ctrl+d") && editor.focused && editor.getText() === "";
}

/** "dropped the queued prompt “fix the tests” (esc drops the queue with the turn)". */
export function describeDropped(prompts: readonly string[]): string {
  const quoted = prompts.map((prompt) => {
    const line = prompt.replace(/\s+/g, " ").trim();
    return `“${clipGraphemes(line, 60)}”`;
  });
  const what = prompts.length === 1 ? `the queued ${prompts[0]!.startsWith("/") ? "command" : "prompt"}` : `${prompts.length} queued inputs`;
  return `dropped ${what} ${quoted.join(", ")} (esc drops the queue with the turn; up recalls it)`;
}

export class Coordinator {
  private armedToQuit = false;
  private confirmation: ((yes: boolean) => void) | undefined;
  /** The open y/n question's line, taken away if the app quits before it is answered. */
  private withdrawQuestion: (() => void) | undefined;
  private readonly removeListener: () => void;
  private readonly held: HeldInputs;

  constructor(private readonly parts: CoordinatorParts) {
    this.held = new HeldInputs({
      idle: () => parts.session.idle(),
      show: (text) => {
        const hide = parts.conversation.showHeld(text);
        parts.tui.requestRender();
        return hide;
      },
      run: (text) => this.dispatch(text),
    });
    for (const entry of parts.history.load()) parts.editor.addToHistory(entry);
    parts.editor.onSubmitExpanded = (text, typed) => this.submit(text, typed);
    this.removeListener = parts.tui.addInputListener((data) => this.onKey(data));
  }

  dispose(): void {
    this.held.drop();
    this.removeListener();
    this.withdrawQuestion?.();
  }

  private onKey(data: string): { consume: boolean } | undefined {
    const { tui, editor, session, approvals } = this.parts;
    if (matchesKey(data, "ctrl+c")) {
      this.onCtrlC();
      return { consume: true };
    }
    if (this.armedToQuit) this.disarm();
    if (this.confirmation) {
      const answer = this.confirmation;
      this.confirmation = undefined;
      answer(data === "y" || data === "Y");
      return { consume: true };
    }
    // As in a shell: ctrl-d on an empty input leaves (with text, it deletes forward).
    if (quitsOnEmpty(data, editor)) {
      this.parts.quit();
      return { consume: true };
    }
    if (matchesKey(data, "ctrl+o")) {
      if (this.parts.tools.toggleLatest()) tui.requestRender();
      return { consume: true };
    }
    if (matchesKey(data, "ctrl+l")) {
      // Repaint everything, as shells do: whatever else wrote to the terminal is drawn over.
      tui.requestRender(true);
      return { consume: true };
    }
    if (matchesKey(data, "ctrl+r")) {
      if (this.parts.conversation.toggleThinking()) tui.requestRender();
      return { consume: true };
    }
    if (matchesKey(data, "escape")) {
      // The approval frame answers esc itself (deny); the editor closes its menu itself.
      if (approvals.current?.pending || editor.isShowingAutocomplete()) return undefined;
      if (session.busy || session.queue.length > 0 || this.held.holding) {
        // Held lines first: once the turn stops, the engine is idle and they would run.
        const held = this.held.drop();
        const dropped = [...session.queue.map((queued) => queued.prompt), ...held];
        session.abortTurn();
        // The queue goes with the turn: say so, or the prompts vanish unexplained.
        if (dropped.length > 0) this.parts.conversation.note(describeDropped(dropped));
        return { consume: true };
      }
    }
    return undefined;
  }

  private onCtrlC(): void {
    const { editor, session, tui, footer } = this.parts;
    if (session.interruptCommand()) {
      this.parts.conversation.note("command stopped (ctrl-c)");
      tui.requestRender();
      return;
    }
    if (this.armedToQuit) {
      this.parts.quit();
      return;
    }
    // A ctrl-c that cleared something did its job: only one on an empty input arms the quit.
    if (editor.getText() !== "") {
      editor.clear();
      tui.requestRender();
      return;
    }
    this.armedToQuit = true;
    footer.update({ notice: QUIT_HINT });
    tui.requestRender();
  }

  private disarm(): void {
    this.armedToQuit = false;
    if (this.parts.footer.info.notice === QUIT_HINT) this.parts.footer.update({ notice: undefined });
    this.parts.tui.requestRender();
  }

  /** A line from the input: a slash command or a prompt for the engine. `typed`: as the input showed it. */
  submit(text: string, typed = text): void {
    const { session, editor, history, tui } = this.parts;
    if (!text.trim()) return;
    // Up recalls it as it was typed (a paste as its placeholder). The saved history keeps a
    // command's text here, and a prompt's as the engine publishes it, redacted (history-sink.ts).
    editor.addToHistory(typed);
    const parsed = parseInput(text, this.parts.commands());
    if (parsed.kind === "command") history.add(text);
    const turnOn = session.busy || session.queue.length > 0 || this.held.holding;
    // A command waits for the turn, as a prompt does; a prompt waits behind a held command.
    if (turnOn && (parsed.kind === "command" ? !IMMEDIATE.has(parsed.command.name) : this.held.holding)) this.held.hold(text);
    else void this.dispatch(text);
    tui.requestRender();
  }

  /** Runs a line as typed now: a slash command (to its end) or a prompt for the engine. */
  private async dispatch(text: string): Promise<void> {
    const { session, conversation, tui } = this.parts;
    const parsed = parseInput(text, this.parts.commands());
    if (parsed.kind === "unknown-command") {
      conversation.note(describeUnknown(parsed.name, this.parts.commands()), "error");
    } else if (parsed.kind === "command") {
      const context: CommandContext = {
        ...this.parts.commandContext,
        session,
        info: (message) => conversation.note(message),
        error: (message) => conversation.note(message, "error"),
        confirm: (question) => {
          const asked = conversation.ask(question);
          this.withdrawQuestion = asked.withdraw;
          tui.requestRender();
          return new Promise((resolve) => {
            this.confirmation = (yes) => {
              this.withdrawQuestion = undefined;
              asked.answer(yes ? "y" : "n");
              resolve(yes);
            };
          });
        },
      };
      try {
        await executeCommand(parsed.command, parsed.args, context);
      } catch (error) {
        conversation.note(`/${parsed.command.name} failed: ${(error as Error).message}`, "error");
      }
    } else {
      session.submit(parsed.text);
    }
    tui.requestRender();
  }
}
