// The slash commands: what each is called, what it says in the menu, what argument it takes.
// Parsing (parse.ts) and running (execute.ts) are kept apart from this list.

export interface CommandDeclaration {
  name: string;
  description: string;
  argumentHint?: string;
  /** Values the argument may take, offered in the menu. */
  argumentValues?: readonly string[];
}

export const THINKING_LEVELS = ["off", "low", "medium", "high", "max"] as const;

export const COMMANDS: readonly CommandDeclaration[] = [
  { name: "clear", description: "start a fresh context in this session" },
  { name: "delete", description: "delete this session (asks first) and quit" },
  { name: "model", description: "show or switch the model", argumentHint: "<model>" },
  { name: "thinking", description: "show or set the thinking level", argumentHint: "<level>", argumentValues: THINKING_LEVELS },
  { name: "sessions", description: "list this workspace's sessions and switch to one" },
  { name: "help", description: "list the commands and keys" },
  { name: "quit", description: "leave mini-agent" },
];
