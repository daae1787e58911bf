// `mini-agent memory`: the notes of this workspace that every session's system prompt holds.
// Lists them with who wrote each (the model in which session, or the user), adds the user's
// own, removes by id, clears. Clearing asks first unless --yes; without a terminal to ask on,
// it refuses (exit 2) rather than guess, as `sessions delete` does.
import os from "node:os";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../config/cli-options.js";
import { usableAgentHome } from "../config/home.js";
import { noteForTerminal } from "../engine/index.js";
import { MAX_NOTE_CHARS, MemoryFileError, MemoryStore, NOTE_ID, provenance, type MemoryNote, type NoteOrigin, createRedactor, secretsFromEnv, secretsFromCredentialFiles } from "../engine/subcommands.js";
import { askYesNo } from "./terminal-confirm.js";
import { startDirectory } from "./cli-input.js";
import { stripTerminalControls } from "../print/terminal-safe.js";

const HELP = `mini-agent memory — the notes kept about this workspace

Usage:
  mini-agent memory [--json]          list the notes, oldest first: id, date, who wrote it, text
  mini-agent memory add "text"        add a note of your own (the model cannot forget it)
  mini-agent memory rm <id>…          remove notes by id (nothing is removed if one is unknown)
  mini-agent memory clear [--yes]     remove every note (asks first; without a terminal, needs --yes)

Options:
      --json        the listing as JSON (with each note's session and turn)
  -y, --yes         clear without asking
  -h, --help        print this help

The model keeps notes with its remember tool, and every later session in this workspace gets
them in its system prompt (as notes, not instructions). "model" notes name the session that
wrote them; "user" notes are yours; "unknown" ones were written before notes had provenance.
`;

const FLAGS = {
  json: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  help: { type: "boolean", short: "h" },
} as const;

export interface MemoryIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout(text: string): void;
  /** Asks a yes/no question; undefined when there is no terminal to ask on. */
  confirm?(question: string): Promise<boolean>;
}

function processIo(): MemoryIo {
  const cwd = startDirectory("memory");
  const tty = process.stdin.isTTY && process.stderr.isTTY;
  return {
    env: process.env,
    cwd,
    stdout: (text) => process.stdout.write(text),
    ...(tty ? { confirm: (question: string) => askYesNo(`${question} [y/N] `, process.stderr) } : {}),
  };
}

const BY_USER: NoteOrigin = { source: "user" };

export async function runMemoryCommand(argv: string[], io: MemoryIo = processIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run mini-agent memory --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  const home = usableAgentHome(io.env, os.homedir(), io.cwd);
  const store = new MemoryStore(home, io.cwd, createRedactor([...secretsFromEnv(io.env), ...secretsFromCredentialFiles({ env: io.env, home: io.env["HOME"] ?? os.homedir() })]));
  const [action = "list", ...rest] = positionals;
  try {
    return await memoryAction(store, action, rest, values, io);
  } catch (error) {
    // Named and short, not a stack trace: the user moves or removes the file.
    if (error instanceof MemoryFileError) throw new UsageError(error.message);
    throw error;
  }
}

async function memoryAction(store: MemoryStore, action: string, rest: string[], values: { json?: boolean; yes?: boolean }, io: MemoryIo): Promise<number> {
  if (action === "list") {
    if (rest.length > 0) throw new UsageError(`unexpected ${JSON.stringify(rest[0])} after mini-agent memory list`);
    return list(store, values.json ?? false, io);
  }
  if (action === "add") return add(store, rest.join(" "), io);
  if (action === "rm") return remove(store, rest, io);
  if (action === "clear") {
    if (rest.length > 0) throw new UsageError(`unexpected ${JSON.stringify(rest[0])} after mini-agent memory clear`);
    return clear(store, values.yes ?? false, io);
  }
  throw new UsageError(`unknown memory command ${JSON.stringify(action)}; expected list, add, rm or clear (see mini-agent memory --help)`);
}

/** One line per note: id, date, who, the text made safe for a terminal (whole, on one line). */
export function memoryTable(notes: readonly MemoryNote[]): string {
  const who = notes.map((note) => provenance(note));
  const width = Math.max(...who.map((text) => text.length));
  return notes.map((note, index) => `${note.id}  ${note.at.slice(0, 10)}  ${who[index]!.padEnd(width)}  ${noteForTerminal(note.note, MAX_NOTE_CHARS)}\n`).join("");
}

function list(store: MemoryStore, json: boolean, io: MemoryIo): number {
  const notes = store.list();
  if (json) {
    io.stdout(`${JSON.stringify(notes.map((note) => ({ ...note, source: note.source ?? "unknown" })), null, 2)}\n`);
    return EXIT.ok;
  }
  if (notes.length === 0) {
    io.stdout(`no notes for this workspace (${store.file})\n`);
    return EXIT.ok;
  }
  // A note's text came from the model or a planted file: shown, never obeyed by the terminal.
  io.stdout(stripTerminalControls(memoryTable(notes)));
  return EXIT.ok;
}

function add(store: MemoryStore, text: string, io: MemoryIo): number {
  if (text.trim() === "") throw new UsageError('mini-agent memory add needs the note\'s text, e.g. mini-agent memory add "tests run with npm test"');
  if (text.length > MAX_NOTE_CHARS) throw new UsageError(`the note is ${text.length} characters; keep it under ${MAX_NOTE_CHARS}`);
  const note = store.add(text, BY_USER);
  io.stdout(`added ${note.id}\n`);
  return EXIT.ok;
}

/** Every id is checked before any is removed: a typo removes nothing. */
function remove(store: MemoryStore, ids: string[], io: MemoryIo): number {
  if (ids.length === 0) throw new UsageError("mini-agent memory rm needs one or more note ids (mini-agent memory lists them)");
  const live = new Set(store.list().map((note) => note.id));
  for (const id of ids) {
    if (!NOTE_ID.test(id) && !live.has(id)) throw new UsageError(`invalid note id ${JSON.stringify(id)}; ids look like m1a2b3c (mini-agent memory lists them)`);
    if (!live.has(id)) throw new UsageError(`no note ${id} in this workspace's memory (mini-agent memory lists them); nothing removed`);
  }
  for (const id of new Set(ids)) {
    store.forget(id, BY_USER);
    io.stdout(`removed ${id}\n`);
  }
  return EXIT.ok;
}

async function clear(store: MemoryStore, yes: boolean, io: MemoryIo): Promise<number> {
  const notes = store.list();
  if (notes.length === 0) {
    io.stdout("no notes to remove\n");
    return EXIT.ok;
  }
  if (!yes) {
    if (!io.confirm) throw new UsageError("mini-agent memory clear asks before removing, and there is no terminal to ask on; pass --yes to remove without asking");
    if (!(await io.confirm(`Remove all ${notes.length} note${notes.length === 1 ? "" : "s"} of this workspace?`))) {
      io.stdout("kept\n");
      return EXIT.ok;
    }
  }
  // A tombstone per note, not one "clear" line: an older mini-agent reading the file still drops them.
  for (const note of notes) store.forget(note.id, BY_USER);
  io.stdout(`removed ${notes.length} note${notes.length === 1 ? "" : "s"}\n`);
  return EXIT.ok;
}
