// Is a submitted line a slash command? Only a known name (or alias) counts: "/usr/bin is odd" is a
// prompt, not an unknown command. "/frob" (one word, unknown) is reported, not sent.
import { COMMANDS, type CommandDeclaration } from "./declarations.js";

export type ParsedInput =
  | { kind: "prompt"; text: string }
  | { kind: "command"; command: CommandDeclaration; args: string }
  | { kind: "unknown-command"; name: string };

export function parseInput(text: string, commands: readonly CommandDeclaration[] = COMMANDS): ParsedInput {
  const match = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return { kind: "prompt", text };
  const name = match[1]!.toLowerCase();
  const command = commands.find((candidate) => candidate.name === name || candidate.aliases?.includes(name));
  if (command) return { kind: "command", command, args: (match[2] ?? "").trim() };
  // A lone unknown word after "/" is a mistyped command; anything longer is a prompt.
  return match[2] === undefined ? { kind: "unknown-command", name } : { kind: "prompt", text };
}
