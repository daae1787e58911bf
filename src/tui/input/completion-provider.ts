// What the editor offers while typing: "/" at the start opens the command menu, "@" at the
// start of a word opens the file picker. Files come from the engine's ignore-aware walker
// (gitignore honoured, .git and node_modules skipped), listed once and reused briefly.
import type { AutocompleteItem, AutocompleteProvider, AutocompleteSuggestions } from "@mariozechner/pi-tui";
import { createJail, walkFiles } from "../../engine/index.js";
import type { CommandDeclaration } from "../commands/declarations.js";
import { namesOf } from "../commands/suggest.js";
import { rankPaths } from "./path-rank.js";

const MAX_FILES = 20_000;
const LIST_TTL_MS = 5_000;
const CONTROL = /[\x00-\x1f\x7f-\x9f]/;

export async function listWorkspaceFiles(cwd: string, signal?: AbortSignal): Promise<string[]> {
  const files: string[] = [];
  const jail = createJail(cwd);
  for await (const file of walkFiles({ jail, start: jail.root, ...(signal ? { signal } : {}) })) {
    // A name with a control character (an archive can hold `x\x1b]2;…`) would be drawn in the
    // picker and typed into the prompt as an escape sequence: it is not offered.
    if (CONTROL.test(file.relative)) continue;
    files.push(file.relative);
    if (files.length >= MAX_FILES) break;
  }
  return files;
}

/** What the text before the cursor is completing: a file after @, a command, a command's argument. */
export type CompletionContext =
  | { kind: "file"; prefix: string }
  | { kind: "command"; before: string; typed: string }
  | { kind: "argument"; command: string; typed: string };

export function completionContext(lines: readonly string[], cursorLine: number, cursorCol: number): CompletionContext | undefined {
  const before = (lines[cursorLine] ?? "").slice(0, cursorCol);
  const mention = /(?:^|\s)(@[^\s]*)$/.exec(before);
  if (mention) return { kind: "file", prefix: mention[1]! };
  const slash = cursorLine === 0 ? /^\/(\S*)$/.exec(before) : null;
  if (slash) return { kind: "command", before, typed: slash[1]!.toLowerCase() };
  const argument = cursorLine === 0 ? /^\/(\S+)\s+(\S*)$/.exec(before) : null;
  if (argument) return { kind: "argument", command: argument[1]!, typed: argument[2]! };
  return undefined;
}

export class CompletionProvider implements AutocompleteProvider {
  private listing: { at: number; files: Promise<string[]> } | undefined;

  constructor(
    private readonly cwd: string,
    private readonly commands: () => readonly CommandDeclaration[],
  ) {}

  private files(): Promise<string[]> {
    if (!this.listing || Date.now() - this.listing.at > LIST_TTL_MS) {
      this.listing = { at: Date.now(), files: listWorkspaceFiles(this.cwd).catch(() => []) };
    }
    return this.listing.files;
  }

  async getSuggestions(lines: string[], cursorLine: number, cursorCol: number): Promise<AutocompleteSuggestions | null> {
    const context = completionContext(lines, cursorLine, cursorCol);
    if (context?.kind === "file") {
      const { prefix } = context;
      const files = rankPaths(await this.files(), prefix.slice(1));
      if (files.length === 0) return null;
      return { prefix, items: files.map((file) => ({ value: `@${file}`, label: file })) };
    }
    if (context?.kind === "command") {
      const { typed, before } = context;
      // An alias is offered under its own name, saying what it stands for.
      const items: AutocompleteItem[] = this.commands().flatMap((command) =>
        namesOf(command)
          .filter((name) => name.startsWith(typed))
          .map((name) => ({ value: name, label: `/${name}`, description: name === command.name ? command.description : `same as /${command.name}: ${command.description}` })),
      );
      return items.length > 0 ? { prefix: before, items } : null;
    }
    if (context?.kind === "argument") {
      const command = this.commands().find((candidate) => namesOf(candidate).includes(context.command));
      const { typed } = context;
      const values = command?.argumentValues?.filter((value) => value.startsWith(typed)) ?? [];
      return values.length > 0 ? { prefix: typed, items: values.map((value) => ({ value, label: value })) } : null;
    }
    return null;
  }

  applyCompletion(
    lines: string[],
    cursorLine: number,
    cursorCol: number,
    item: AutocompleteItem,
    prefix: string,
  ): { lines: string[]; cursorLine: number; cursorCol: number } {
    const line = lines[cursorLine] ?? "";
    const start = cursorCol - prefix.length;
    const replacement = prefix.startsWith("/") ? `/${item.value} ` : `${item.value} `;
    const next = [...lines];
    next[cursorLine] = line.slice(0, start) + replacement + line.slice(cursorCol);
    return { lines: next, cursorLine, cursorCol: start + replacement.length };
  }
}
