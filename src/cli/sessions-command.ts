// `mini-agent sessions`: list, delete and prune the session files of this workspace (or of
// every workspace with --all). Deleting asks first unless --yes; without a terminal to ask
// on, it refuses (exit 2) rather than guess.
import os from "node:os";
import { parseArgs } from "node:util";
import { EXIT, UsageError } from "../config/cli-options.js";
import { usableAgentHome } from "../config/home.js";
import { startDirectory } from "./cli-input.js";
import { SessionAccessError, SessionStore, acquireSessionLock, SessionLockedError } from "../engine/subcommands.js";
import { formatAge, formatSize, parseDuration, sessionTable } from "./sessions-format.js";
import { askYesNo } from "./terminal-confirm.js";
import { stripTerminalControls } from "../print/terminal-safe.js";

const HELP = `mini-agent sessions — the saved sessions

Usage:
  mini-agent sessions [--all] [--json]          list sessions, newest first
  mini-agent sessions delete <id> [--yes]       delete one session of this workspace
  mini-agent sessions prune --older-than <age>  delete sessions idle for longer than <age>
                                                (30d, 12h, 2w; asks unless --yes)

Options:
      --all         every workspace, not only this one
      --json        the listing as JSON
  -y, --yes         delete without asking
  -h, --help        print this help

Resume one with mini-agent -p "task" -r <id>, or start from a copy with --fork <id>.
`;

const FLAGS = {
  all: { type: "boolean" },
  json: { type: "boolean" },
  yes: { type: "boolean", short: "y" },
  "older-than": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

export interface SessionsIo {
  env: NodeJS.ProcessEnv;
  cwd: string;
  stdout(text: string): void;
  /** Asks a yes/no question; undefined when there is no terminal to ask on. */
  confirm?(question: string): Promise<boolean>;
  now?: number;
}

function processIo(): SessionsIo {
  const tty = process.stdin.isTTY && process.stderr.isTTY;
  return {
    env: process.env,
    cwd: startDirectory("sessions"),
    stdout: (text) => process.stdout.write(text),
    ...(tty
      ? {
          confirm: (question: string) => askYesNo(`${question} [y/N] `, process.stderr),
        }
      : {}),
  };
}

export async function runSessionsCommand(argv: string[], io: SessionsIo = processIo()): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: FLAGS, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run mini-agent sessions --help for the options.`);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    io.stdout(HELP);
    return EXIT.ok;
  }
  try {
    return await dispatch(values, positionals, io);
  } catch (error) {
    // An unreadable session folder (EACCES, a file in its place) is the user's to fix, and is
    // not "no sessions": said, naming the folder, exit 2 (as for an unreadable session file).
    if (error instanceof SessionAccessError) throw new UsageError(error.message);
    throw error;
  }
}

type Values = { all?: boolean; json?: boolean; yes?: boolean; "older-than"?: string };

async function dispatch(values: Values, positionals: string[], io: SessionsIo): Promise<number> {
  const home = usableAgentHome(io.env, os.homedir(), io.cwd);
  const stores = values.all ? SessionStore.all(home) : [new SessionStore(home, io.cwd)];
  const [action = "list", ...rest] = positionals;
  if (action === "list") {
    if (rest.length > 0) throw new UsageError(`unexpected ${JSON.stringify(rest[0])} after mini-agent sessions`);
    return list(stores, values, io);
  }
  if (action === "delete") {
    if (rest.length !== 1) throw new UsageError("mini-agent sessions delete takes one session id (see mini-agent sessions)");
    return remove(stores, rest[0]!, values.yes ?? false, io);
  }
  if (action === "prune") {
    if (rest.length > 0) throw new UsageError(`unexpected ${JSON.stringify(rest[0])} after mini-agent sessions prune`);
    if (values["older-than"] === undefined) throw new UsageError("mini-agent sessions prune needs --older-than <age>, such as 30d");
    return prune(stores, parseDuration(values["older-than"]), values.yes ?? false, io);
  }
  throw new UsageError(`unknown sessions command ${JSON.stringify(action)}; expected list, delete or prune`);
}

function list(stores: SessionStore[], values: { all?: boolean; json?: boolean }, io: SessionsIo): number {
  const sessions = stores.flatMap((store) => store.list()).sort((a, b) => b.lastActivityMs - a.lastActivityMs || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0));
  if (values.json) {
    const rows = sessions.map((s) => ({
      id: s.id,
      cwd: s.cwd,
      title: s.title,
      created: s.created,
      lastActivity: new Date(s.lastActivityMs).toISOString(),
      turns: s.turns,
      bytes: s.bytes,
      provider: s.provider,
      model: s.model,
      file: s.file,
      ...(s.damaged ? { damaged: s.damaged } : {}),
    }));
    io.stdout(`${JSON.stringify(rows, null, 2)}\n`);
    return EXIT.ok;
  }
  if (sessions.length === 0) {
    io.stdout(values.all ? "no sessions yet\n" : `no sessions for this workspace (${stores[0]!.dir})\n`);
    return EXIT.ok;
  }
  // Titles are the first prompt's words, and a session file can be planted: no control sequence is shown.
  io.stdout(stripTerminalControls(sessionTable(sessions, io.now ?? Date.now(), values.all ?? false)));
  return EXIT.ok;
}

async function confirmed(question: string, yes: boolean, io: SessionsIo, what: string): Promise<boolean> {
  if (yes) return true;
  if (!io.confirm) throw new UsageError(`${what} asks before deleting, and there is no terminal to ask on; pass --yes to delete without asking`);
  return io.confirm(question);
}

/** Deletes under the session's lock, so a running mini-agent never loses its file. */
function deleteLocked(store: SessionStore, id: string): void {
  const lock = acquireSessionLock(store.lockFor(id), id);
  try {
    store.remove(id);
  } finally {
    lock.release();
  }
}

async function remove(stores: SessionStore[], id: string, yes: boolean, io: SessionsIo): Promise<number> {
  if (!/^[A-Za-z0-9_-]+$/.test(id)) throw new UsageError(`invalid session id ${JSON.stringify(id)}`);
  const store = stores.find((candidate) => candidate.exists(id));
  if (!store) {
    const where = stores.length === 1 ? `this workspace (looked in ${stores[0]!.dir})` : "any workspace";
    throw new UsageError(`no session ${JSON.stringify(id)} for ${where}`);
  }
  const summary = store.list().find((s) => s.id === id);
  const describe = summary ? ` "${summary.title}" (${summary.turns} turns, ${formatSize(summary.bytes)})` : "";
  if (!(await confirmed(`Delete session ${id}${describe}?`, yes, io, "mini-agent sessions delete"))) {
    io.stdout("kept\n");
    return EXIT.ok;
  }
  try {
    deleteLocked(store, id);
  } catch (error) {
    if (error instanceof SessionLockedError) throw new UsageError(error.message);
    throw error;
  }
  io.stdout(`deleted ${id}\n`);
  return EXIT.ok;
}

async function prune(stores: SessionStore[], olderThanMs: number, yes: boolean, io: SessionsIo): Promise<number> {
  const now = io.now ?? Date.now();
  const old = stores.flatMap((store) =>
    store
      .entries()
      .filter((entry) => now - entry.mtimeMs > olderThanMs)
      .map((entry) => ({ store, ...entry })),
  );
  if (old.length === 0) {
    io.stdout("no sessions to prune\n");
    return EXIT.ok;
  }
  const oldest = Math.min(...old.map((entry) => entry.mtimeMs));
  const question = `Delete ${old.length} session${old.length === 1 ? "" : "s"} idle for longer than ${formatAge(olderThanMs)} (oldest ${formatAge(now - oldest)} ago)?`;
  if (!(await confirmed(question, yes, io, "mini-agent sessions prune"))) {
    io.stdout("kept\n");
    return EXIT.ok;
  }
  let deleted = 0;
  for (const entry of old) {
    try {
      deleteLocked(entry.store, entry.id);
      deleted += 1;
    } catch (error) {
      if (!(error instanceof SessionLockedError)) throw error;
      io.stdout(`kept ${entry.id}: in use by a running mini-agent\n`);
    }
  }
  io.stdout(`deleted ${deleted} session${deleted === 1 ? "" : "s"}\n`);
  return EXIT.ok;
}
