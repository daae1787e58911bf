// The slash commands: what each is called, what it says in the menu, what argument it takes.
// Parsing (parse.ts) and running (execute.ts) are kept apart from this list.
import { oneLineForTerminal } from "../components/messages/sanitize.js";

export interface CommandDeclaration {
  name: string;
  description: string;
  argumentHint?: string;
  /** Other names it answers to (/resume is what Claude Code users type for /sessions). */
  aliases?: readonly string[];
  /** Values the argument may take, offered in the menu. */
  argumentValues?: readonly string[];
  /** A skill's entry: running it submits the skill's body (and any words after it) as a prompt. */
  skillBody?: string;
}

/** The built-in commands, then one entry per skill whose name no built-in takes. */
export function commandsWithSkills(skills: readonly { name: string; description: string; body: string }[]): CommandDeclaration[] {
  const taken = new Set(COMMANDS.flatMap((command) => [command.name, ...(command.aliases ?? [])]));
  const entries = skills
    .filter((skill) => !taken.has(skill.name))
    // A project skill's description is the repository's text, drawn in the menu: nothing in it may act.
    .map((skill) => ({ name: skill.name, description: `skill: ${oneLineForTerminal(skill.description)}`, argumentHint: "[request]", skillBody: skill.body }));
  return [...COMMANDS, ...entries];
}

export const THINKING_LEVELS = ["off", "low", "medium", "high", "max"] as const;

export const COMMANDS: readonly CommandDeclaration[] = [
  { name: "clear", description: "start a fresh context in this session" },
  { name: "compact", description: "summarise the older conversation now to free context", argumentHint: "[instructions]" },
  { name: "undo", description: "put the files back as they were before the last turn that changed them (asks first)" },
  { name: "delete", description: "delete this session (asks first) and quit" },
  { name: "model", description: "show or switch the model", argumentHint: "[provider] <model>" },
  { name: "models", description: "list the provider's models and pick one" },
  { name: "thinking", description: "show or set the thinking level", argumentHint: "<level>", argumentValues: THINKING_LEVELS },
  { name: "sessions", description: "list this workspace's sessions and switch to one", aliases: ["resume"] },
  { name: "registry", description: "search, show, install or remove skills and guard plugins", argumentHint: "search|show|install|remove <name>" },
  { name: "help", description: "list the commands and keys" },
  { name: "quit", description: "leave mini-agent" },
];
