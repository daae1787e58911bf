// `mini-agent acp`: an Agent Client Protocol agent on stdin/stdout for editors (Zed, JetBrains,
// Neovim…), on the official library. stdout carries only protocol messages; warnings go to
// stderr, which editors keep as the agent's log. Loaded only by this command (cli.ts), so the
// library never loads on the print path (ADR 0045).
import type { Readable } from "node:stream";
import { parseArgs } from "node:util";
import { agent, methods, PROTOCOL_VERSION, RequestError, type AgentConnection } from "@agentclientprotocol/sdk";
import { openEngine } from "../bootstrap.js";
import { buildCliOptions, EXIT, SESSION_FLAGS, UsageError } from "../config/cli-options.js";
import { watchInterrupts } from "../print/interrupts.js";
import { PromptInvalid, PromptRejected, TurnFailed, type SessionPeer } from "./acp-session.js";
import { promptOf } from "./prompt-text.js";
import { SessionStore } from "./session-store.js";
import { stdioStream } from "./stdio-stream.js";

export const ACP_HELP = `mini-agent acp — serve the Agent Client Protocol on stdin/stdout (for editors)

Usage:
  mini-agent acp [options]

An editor starts this command and speaks ACP to it; see the README ("Editors (ACP)") for
Zed's settings. Sessions are this workspace's usual sessions: session/load resumes one by id.

Options:
      --agent <name>          the default mode: default | plan | review | a variant from config
      --provider <name>       the provider to use
      --model <name>          the model to use
      --thinking <level>      off | low | medium | high | max
      --max-rounds <n>        stop a prompt after n model requests (stop reason max_turn_requests)
      --sandbox               commands must run under bubblewrap (Linux)
      --no-sandbox            run commands unconfined
      --trust-project         run this project's hooks and MCP servers (recorded once per workspace)
  -h, --help                  print this help
`;

const FLAGS = {
  ...SESSION_FLAGS,
  help: { type: "boolean", short: "h" },
} as const;

export interface AcpContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  stderr?: (text: string) => void;
}

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, options: FLAGS, allowPositionals: false, strict: true }).values;
  } catch (error) {
    throw new UsageError(`${(error as Error).message}. Run mini-agent acp --help for the options.`);
  }
}

export async function runAcp(argv: string[], context: AcpContext): Promise<number> {
  const values = parse(argv);
  const stderr = context.stderr ?? ((text: string) => void process.stderr.write(text));
  if (values.help) {
    process.stdout.write(ACP_HELP);
    return EXIT.ok;
  }
  const options = buildCliOptions(values, "", "interactive");
  const env = context.env ?? process.env;
  const warn = (message: string) => stderr(`mini-agent: ${message}\n`);

  let connection: AgentConnection | undefined;
  // What the client said it can take (initialize comes before any session): `notice` updates
  // only with `session.notices` (the schema's MUST).
  let clientNotices = false;
  const peerFor = (sessionId: string): SessionPeer => ({
    update: (update) => (connection as AgentConnection).client.notify(methods.client.session.update, { sessionId, update }),
    ask: (params, signal) => (connection as AgentConnection).client.request(methods.client.session.requestPermission, params, { cancellationSignal: signal }),
    failed: (error) => warn(`a permission request to the editor failed: ${String(error)}`),
    notices: clientNotices,
    log: warn,
  });
  const store = new SessionStore(
    {
      // Each session opens as print mode's does: the command's flags, the editor's cwd and variant.
      open: (choice, cwd, mode) =>
        openEngine({ ...options, agent: mode, session: choice }, { version: context.version, env, cwd, report: { warn, info: () => {} } }),
    },
    peerFor,
    options.agent ?? "default",
  );

  const app = agent({ name: "mini-agent" })
    .onRequest(methods.agent.initialize, ({ params }) => {
      clientNotices = params.clientCapabilities?.session?.notices != null;
      return initializeResponse(context.version);
    })
    .onRequest(methods.agent.session.new, async ({ params }) => {
      ignoredServers(params.mcpServers.length, warn);
      const session = await store.create(params.cwd);
      return { sessionId: session.sessionId, modes: store.modeState(session.modeId) };
    })
    .onRequest(methods.agent.session.load, async ({ params }) => {
      ignoredServers(params.mcpServers.length, warn);
      const session = await store.load(params.sessionId, params.cwd);
      await session.replay();
      return { modes: store.modeState(session.modeId) };
    })
    .onRequest(methods.agent.session.setMode, async ({ params }) => {
      await store.setMode(params.sessionId, params.modeId);
      return {};
    })
    .onRequest(methods.agent.session.prompt, async ({ params }) => {
      const session = store.get(params.sessionId);
      try {
        return await session.prompt(promptOf(params.prompt));
      } catch (error) {
        if (error instanceof PromptRejected) throw RequestError.invalidRequest({ sessionId: params.sessionId }, error.message);
        if (error instanceof PromptInvalid) throw RequestError.invalidParams({ sessionId: params.sessionId }, error.message);
        if (error instanceof TurnFailed) throw RequestError.internalError({ sessionId: params.sessionId }, error.message);
        throw error;
      }
    })
    .onNotification(methods.agent.session.cancel, ({ params }) => {
      try {
        store.get(params.sessionId).cancel();
      } catch {
        // A cancel for a session that is not open has nothing to stop.
      }
    });

  // A signal or a closed stdout (exit 141) closes the connection, as the editor closing stdin does;
  // the sessions are then shut down (their turns stopped) and the exit code says why.
  const interrupts = watchInterrupts();
  const output = {
    write: (line: string) =>
      new Promise<void>((resolve, reject) => {
        if (interrupts.stdoutClosed) return reject(new Error("stdout is closed"));
        process.stdout.write(line, (error) => (error ? reject(error) : resolve()));
      }),
  };
  connection = app.connect(stdioStream(process.stdin as Readable, output, interrupts.signal));
  interrupts.signal.addEventListener("abort", () => connection?.close(), { once: true });
  interrupts.beforeForcedExit(() => store.killCommandsNow());
  try {
    // The editor closes our stdin when it is done with us.
    await connection.closed;
  } finally {
    // Signals stay ours until the sessions are shut down: one that comes meanwhile still names the exit.
    await store.closeAll();
    interrupts.dispose();
  }
  return interrupts.exitCode() ?? EXIT.ok;
}

function initializeResponse(version: string) {
  return {
    protocolVersion: PROTOCOL_VERSION,
    agentCapabilities: {
      loadSession: true,
      // Attached files are inlined in the text; images go with it (submit's images), alone too; audio is not taken.
      promptCapabilities: { image: true, audio: false, embeddedContext: true },
    },
    agentInfo: { name: "mini-agent", title: "mini-agent", version },
    authMethods: [],
  };
}

function ignoredServers(count: number, warn: (message: string) => void): void {
  // Our MCP servers come from config (after the project is trusted, ADR 0019), not the editor.
  if (count > 0) warn(`${count} MCP server${count === 1 ? " from the editor is" : "s from the editor are"} not used; configure MCP servers in .agent.json (see README)`);
}
