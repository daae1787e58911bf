// Runs a parsed slash command against what the app offers (the engine session and a few UI
// actions), so commands are tested without a terminal.
import type { EngineSession, ThinkingLevel } from "../../engine/index.js";
import { COMMANDS, THINKING_LEVELS, type CommandDeclaration } from "./declarations.js";

export interface CommandContext {
  session: EngineSession;
  /** One dim line under the conversation. */
  info(message: string): void;
  error(message: string): void;
  /** Asks a yes/no question in the UI; resolves true on yes. */
  confirm(question: string): Promise<boolean>;
  currentModel(): string;
  currentThinking(): string;
  openSessionPicker(): Promise<void>;
  /** Shows the models to pick from; resolves with the one picked, or undefined (esc). */
  pickModel(models: readonly string[]): Promise<string | undefined>;
  /** The environment the registry reads (MINI_AGENT_REGISTRY, MINI_AGENT_HOME, HOME). */
  env: NodeJS.ProcessEnv;
  /** The workspace: the agent home may not be inside it. */
  cwd: string;
  deleteSessionAndQuit(): Promise<void>;
  quit(): void;
}

function helpText(): string {
  const also = (c: CommandDeclaration) => (c.aliases?.length ? ` (also ${c.aliases.map((alias) => `/${alias}`).join(", ")})` : "");
  const commands = COMMANDS.map((c) => `/${c.name}${c.argumentHint ? ` ${c.argumentHint}` : ""}${also(c)} — ${c.description}`);
  const keys = [
    "enter send · shift+enter or ctrl+j newline · up/down history · @ file · / command",
    "esc stop the turn · ctrl-c stop a command, clear the input, twice to quit · ctrl-d on an empty input quit",
    "ctrl-o fold the latest tool frame · ctrl-r expand thinking · ctrl-l repaint the screen",
  ];
  return [...commands, ...keys].join("\n");
}

export async function executeCommand(command: CommandDeclaration, args: string, context: CommandContext): Promise<void> {
  if (command.skillBody !== undefined) {
    const prompt = args ? `${command.skillBody}\n\n${args}` : command.skillBody;
    // biome-ignore lint/nursery/noFloatingPromises: submit(prompt) returns the queued prompt, not a promise (the overload confuses the rule)
    context.session.submit(prompt);
    return;
  }
  switch (command.name) {
    case "clear":
      if (context.session.busy) return context.error("/clear waits for the turn to end (esc stops it)");
      context.session.clearContext();
      return;
    case "compact": {
      if (context.session.busy) return context.error("/compact waits for the turn to end (esc stops it)");
      context.info("compacting the conversation…");
      const result = await context.session.compact(args || undefined);
      if (!result.compacted && result.reason !== "stopped") context.info(`nothing compacted: ${result.reason ?? "no reason given"}`);
      return;
    }
    case "undo":
      return undoLastTurn(context);
    case "delete":
      if (await context.confirm("Delete this session for good? (y/n)")) await context.deleteSessionAndQuit();
      else context.info("kept the session");
      return;
    case "model": {
      if (!args) return context.info(`model: ${context.currentModel()} (switch with /model [provider] <name>)`);
      // One word: a model of the current provider; two: a provider, then its model.
      const words = args.split(/\s+/);
      if (words.length > 2) return context.error(`/model takes a model name, or a provider and a model name; got ${JSON.stringify(args)}`);
      context.session.setModel(words.length === 2 ? { provider: words[0]!, model: words[1]! } : { model: words[0]! });
      return;
    }
    case "models":
      return chooseModel(context);
    case "thinking": {
      if (!args) return context.info(`thinking: ${context.currentThinking()} (one of ${THINKING_LEVELS.join(", ")})`);
      const level = args.toLowerCase();
      if (!(THINKING_LEVELS as readonly string[]).includes(level)) {
        return context.error(`unknown thinking level ${JSON.stringify(args)}; use one of ${THINKING_LEVELS.join(", ")}`);
      }
      context.session.setThinking(level as ThinkingLevel);
      return;
    }
    case "sessions":
      await context.openSessionPicker();
      return;
    case "registry":
      return runRegistryCommand(args, context);
    case "help":
      return context.info(helpText());
    case "quit":
      return context.quit();
    default:
      return context.error(`/${command.name} is declared but has no action`);
  }
}

/** Fetches the provider's model list, offers it, and switches to the one picked. */
async function chooseModel(context: CommandContext): Promise<void> {
  context.info("fetching the provider's models…");
  let models: string[];
  try {
    models = await context.session.listModels();
  } catch (error) {
    return context.error(`/models: ${(error as Error).message} (/model <name> still switches by name)`);
  }
  if (models.length === 0) return context.info("the provider lists no models (/model <name> switches by name)");
  const picked = await context.pickModel(models);
  if (picked === undefined) return context.info(`kept ${context.currentModel()}`);
  if (picked !== context.currentModel()) context.session.setModel({ model: picked });
}

const VERBS = { A: "restore", M: "rewrite", D: "delete" } as const;

/** "1 file", "2 files". */
const files = (count: number) => `${count} file${count === 1 ? "" : "s"}`;

/** Lists what the undo would change, asks, then restores and lists what it did. */
async function undoLastTurn(context: CommandContext): Promise<void> {
  if (context.session.busy) return context.error("/undo waits for the turn to end (esc stops it)");
  const preview = await context.session.undo({ dryRun: true });
  const label = preview.target.turn !== undefined ? `before turn ${preview.target.turn}` : `checkpoint ${preview.target.number}`;
  const untracked = preview.untracked.length > 0 ? `\nnot undone (ignored, so not tracked by undo: no checkpoint saved them): ${preview.untracked.join(", ")}` : "";
  if (preview.changes.length === 0 && untracked) return context.info(`nothing undo can restore: the files checkpoints save already match the checkpoint ${label}${untracked}`);
  if (preview.changes.length === 0) return context.info(`nothing to undo: the files already match the checkpoint ${label}, and no later turn changed any`);
  const list = (changes: typeof preview.changes) => changes.map((change) => `  ${VERBS[change.status]} ${change.path}`).join("\n");
  context.info(`/undo puts the files back as they were ${label}, changing ${files(preview.changes.length)}:\n${list(preview.changes)}`);
  if (!(await context.confirm("Undo these changes? (y/n)"))) return context.info("nothing undone");
  const result = await context.session.undo();
  const saved = result.saved ? `\nthe state before this undo is checkpoint ${result.saved.number} (mini-agent undo --checkpoint ${result.saved.number} brings it back)` : "";
  const kept = result.kept.length > 0 ? `\nkept (ignored when the checkpoint was taken): ${result.kept.join(", ")}` : "";
  context.info(`undone: the files are as they were ${label}:\n${list(result.changes)}${kept}${untracked}${saved}`);
}

/** The registry's own command, its output shown in the conversation; an install asks y/n here. */
async function runRegistryCommand(args: string, context: CommandContext): Promise<void> {
  // Loaded on use: the registry (and its YAML parser) costs nothing until someone asks for it.
  const { runRegistry } = await import("../../cli/commands.js");
  try {
    await runRegistry(args.split(/\s+/).filter(Boolean), { yes: false }, {
      env: context.env,
      cwd: context.cwd,
      stdout: (text) => context.info(text.trimEnd()),
      stderr: (text) => context.error(text.replace(/^mini-agent: /, "").trimEnd()),
      confirm: (question) => context.confirm(question.replace(/\[y\/N\]\s*$/, "(y/n)")),
    });
  } catch (error) {
    // A usage mistake (no registry configured, a missing name) is said, not thrown.
    context.error(`/registry: ${(error as Error).message.replace(/mini-agent registry/g, "/registry")}`);
  }
}
