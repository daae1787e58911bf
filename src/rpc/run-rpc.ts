// `mini-agent rpc`: the engine's protocol over stdio (ADR 0039, docs/protocol.md). Each stdin
// line is one op, handed to `EngineSession.submit(op)`; each event the session publishes is one
// stdout line, op.result replies included, and nothing else goes to stdout. Nobody answers for
// the client: approvals and questions wait for its answerApproval / answerQuestion (--yes
// answers approvals, as in print mode). A line that is not an op is answered with a failed
// op.result naming what was wrong, and the session goes on.
import { openEngine } from "../bootstrap.js";
import { EXIT } from "../config/cli-options.js";
import { answerByFlag, loadOpLineParser, type AgentEvent, type EngineSession } from "../engine/index.js";
import { watchInterrupts, type Interrupts } from "../print/interrupts.js";
import { readLines, type LineReader } from "../print/stdin-lines.js";
import { parseRpcFlags, RPC_HELP } from "./rpc-flags.js";

export interface RpcContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
}

type End = "shutdown" | "eof" | "interrupted";

const NOBODY = "nobody can answer: the rpc client closed stdin";

export async function runRpc(argv: string[], context: RpcContext): Promise<number> {
  const options = parseRpcFlags(argv);
  if (options === "help") {
    process.stdout.write(RPC_HELP);
    return EXIT.ok;
  }
  // Watched from the start, so an interruption during set-up still ends the run cleanly.
  const interrupts = watchInterrupts();
  try {
    const parseOpLine = await loadOpLineParser();
    // Replies go to the ops the client sent; the host's own (--yes answering, EOF) stay in-process.
    const clientIds = new Set<string | number>();
    const warn = (message: string) => process.stderr.write(`mini-agent: ${message}\n`);
    const engine = await openEngine(options, {
      version: context.version,
      ...(context.env ? { env: context.env } : {}),
      ...(context.cwd ? { cwd: context.cwd } : {}),
      // Questions (the `ask` tool) are offered: the client answers them like approvals.
      canAsk: true,
      report: { warn, info: (line) => process.stderr.write(`${line}\n`) },
      listener: (event: AgentEvent) => {
        if (event.type === "op.result" && event.id !== undefined && !clientIds.delete(event.id)) return;
        if (!interrupts.stdoutClosed) process.stdout.write(`${JSON.stringify(event)}\n`);
      },
      onSubscriberError: (error) => warn(`a subscriber failed: ${String(error)}`),
    });
    if (options.yes) answerByFlag(engine, true);
    interrupts.beforeForcedExit(() => engine.killCommandsNow());
    const end = await serve(engine, parseOpLine, interrupts, clientIds);
    if (end === "eof") await finishUnattended(engine, interrupts);
    else if (end === "interrupted") engine.abortTurn();
    await engine.shutdown();
    return interrupts.exitCode() ?? EXIT.ok;
  } finally {
    interrupts.dispose();
  }
}

/** Reads ops until a `shutdown` op has been answered, stdin ends, or a signal stops the run. */
function serve(engine: EngineSession, parseOpLine: Awaited<ReturnType<typeof loadOpLineParser>>, interrupts: Interrupts, clientIds: Set<string | number>): Promise<End> {
  return new Promise<End>((resolve) => {
    let ended = false;
    let reader: LineReader | undefined;
    const stopReading = () => reader?.stop();
    const finish = (end: End) => {
      if (ended) return;
      ended = true;
      stopReading();
      resolve(end);
    };
    const onLine = (line: string) => {
      if (ended || !line.trim()) return;
      const parsed = parseOpLine(line);
      const id = parsed.ok ? parsed.op.id : parsed.id;
      if (id !== undefined) clientIds.add(id);
      if (!parsed.ok) {
        engine.refuse({ ...(parsed.id !== undefined ? { id: parsed.id } : {}), ...(parsed.op ? { op: parsed.op } : {}), error: parsed.error });
        return;
      }
      const op = parsed.op;
      if (op.op === "shutdown") {
        ended = true;
        stopReading();
        // The session closes and its op.result is written before the process goes.
        void engine.submit(op).then(() => resolve("shutdown"));
        return;
      }
      void engine.submit(op);
    };
    reader = readLines(process.stdin, onLine, () => finish("eof"));
    if (interrupts.signal.aborted) finish("interrupted");
    interrupts.signal.addEventListener("abort", () => finish("interrupted"), { once: true });
  });
}

/**
 * stdin is closed, so no answer can come: what was submitted still runs, but every approval and
 * question (open now or asked later) is denied or dismissed, then the session closes.
 */
async function finishUnattended(engine: EngineSession, interrupts: Interrupts): Promise<void> {
  const deny = (id: string) => engine.answerApproval(id, { decision: "deny", by: "flag", reason: NOBODY });
  const dismiss = (id: string) => engine.answerQuestion(id, { dismissed: true });
  const unsubscribe = engine.subscribe((event) => {
    if (event.type === "approval.request" && event.id) deny(event.id);
    else if (event.type === "question.asked") dismiss(event.id);
  });
  const waiting = await engine.snapshot();
  for (const id of waiting.pendingApprovals) deny(id);
  for (const id of waiting.pendingQuestions) dismiss(id);
  const stop = () => engine.abortTurn();
  interrupts.signal.addEventListener("abort", stop, { once: true });
  try {
    await engine.idle();
  } finally {
    interrupts.signal.removeEventListener("abort", stop);
    unsubscribe();
  }
}
