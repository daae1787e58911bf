// The sessions an editor has open on this connection, by id (our session ids: `session/load`
// finds the same file after a restart). Opening goes through a function the command gives
// (openEngine with the command's flags); a mode change reopens the session with another
// agent variant, since a variant decides which tools the session is assembled with.
import { statSync } from "node:fs";
import path from "node:path";
import { RequestError, type SessionModeState } from "@agentclientprotocol/sdk";
import { UsageError } from "../config/cli-options.js";
import type { EngineSession } from "../engine/index.js";
import { BUILT_IN_VARIANTS } from "../engine/index.js";
import { AcpSession, type SessionPeer } from "./acp-session.js";

export type OpenChoice = { mode: "new" } | { mode: "resume"; id: string };

export interface SessionOpener {
  open(choice: OpenChoice, cwd: string, agent: string): Promise<EngineSession>;
}

const MODE_NAMES: Record<string, string> = {
  default: "Default: reads, edits and runs commands (asking where it must)",
  plan: "Plan: only looks, answers with a plan",
  review: "Review: only looks, reports problems",
};

/** Our session ids (and nothing that could climb out of the sessions folder). */
const SESSION_ID = /^[A-Za-z0-9_-]+$/;

export class SessionStore {
  private readonly sessions = new Map<string, AcpSession>();
  readonly modes: string[];

  /** `defaultMode`: the `--agent` the command was started with (a variant from config joins the built-ins). */
  constructor(
    private readonly opener: SessionOpener,
    private readonly peerFor: (sessionId: string) => SessionPeer,
    private readonly defaultMode: string,
  ) {
    this.modes = [...new Set<string>([...BUILT_IN_VARIANTS, defaultMode])];
  }

  modeState(current: string): SessionModeState {
    return {
      currentModeId: current,
      availableModes: this.modes.map((id) => ({ id, name: id, description: MODE_NAMES[id] ?? `The "${id}" agent from config` })),
    };
  }

  async create(cwd: string): Promise<AcpSession> {
    return this.open({ mode: "new" }, checkedCwd(cwd), this.defaultMode);
  }

  /** `session/load`: an open session is replayed as it is; otherwise its file is resumed. */
  async load(id: string, cwd: string): Promise<AcpSession> {
    if (!SESSION_ID.test(id)) throw RequestError.invalidParams({ sessionId: id }, `invalid session id ${JSON.stringify(id)}`);
    const open = this.sessions.get(id);
    if (open) return open;
    return this.open({ mode: "resume", id }, checkedCwd(cwd), this.defaultMode);
  }

  get(id: string): AcpSession {
    const session = this.sessions.get(id);
    if (!session) throw new RequestError(-32002, `no open session ${JSON.stringify(id)} on this connection; create one with session/new or open it with session/load`, { sessionId: id });
    return session;
  }

  /** `session/set_mode`: between prompts only; the conversation goes on in the same file. */
  async setMode(id: string, modeId: string): Promise<AcpSession> {
    const session = this.get(id);
    if (!this.modes.includes(modeId)) throw RequestError.invalidParams({ modeId }, `unknown mode ${JSON.stringify(modeId)}; expected one of: ${this.modes.join(", ")}`);
    if (modeId === session.modeId) return session;
    if (session.busy) throw RequestError.invalidRequest({ sessionId: id }, "cannot change the mode while a prompt runs; cancel it or wait for its response");
    this.sessions.delete(id);
    await session.close();
    return this.open({ mode: "resume", id }, session.cwd, modeId);
  }

  /** A second signal exits at once: the commands still running are killed first. */
  killCommandsNow(): void {
    for (const session of this.sessions.values()) session.engine.killCommandsNow();
  }

  async closeAll(): Promise<void> {
    const all = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.allSettled(all.map((session) => session.close()));
  }

  private async open(choice: OpenChoice, cwd: string, mode: string): Promise<AcpSession> {
    let engine: EngineSession;
    try {
      engine = await this.opener.open(choice, cwd, mode);
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      if (choice.mode === "resume" && error.message.startsWith("no session ")) throw new RequestError(-32002, error.message, { sessionId: choice.id });
      // The editor's params were checked above (cwd, session id); what fails now is this agent's
      // own set-up (its config file, its flags, its home, a session held by another run), which
      // the editor can do nothing about: an internal error that names the problem.
      throw RequestError.internalError(undefined, error.message);
    }
    const session = new AcpSession(engine, cwd, mode, this.peerFor(engine.sessionId));
    this.sessions.set(engine.sessionId, session);
    return session;
  }
}

/** ACP sends absolute paths; a relative or missing folder is the editor's mistake, said by name. */
function checkedCwd(cwd: string): string {
  if (!path.isAbsolute(cwd)) throw RequestError.invalidParams({ cwd }, `cwd ${JSON.stringify(cwd)} is not an absolute path`);
  let folder = false;
  try {
    folder = statSync(cwd).isDirectory();
  } catch {
    folder = false;
  }
  if (!folder) throw RequestError.invalidParams({ cwd }, `cwd ${JSON.stringify(cwd)} is not an existing folder`);
  return cwd;
}
