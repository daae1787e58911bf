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
import { MAX_LINE_TEXT } from "../print/line-framer.js";
import { fieldInHead } from "../print/line-head.js";
import { readLines, type LineReader } from "../print/stdin-lines.js";
import { ClientReplies } from "./client-replies.js";
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
    const replies = new ClientReplies();
    const warn = (message: string) => process.stderr.write(`mini-agent: ${message}\n`);
    const engine = await openEngine(options, {
      version: context.version,
      ...(context.env ? { env: context.env } : {}),
      ...(context.cwd ? { cwd: context.cwd } : {}),
      // Questions (the `ask` tool) are offered: the client answers them like approvals.
      canAsk: true,
      report: { warn, info: (line) => process.stderr.write(`${line}\n`) },
      listener: (event: AgentEvent) => {
        const out = replies.outgoing(event);
        if (out && !interrupts.stdoutClosed) process.stdout.write(`${JSON.stringify(out)}\n`);
      },
      onSubscriberError: (error) => warn(`a subscriber failed: ${String(error)}`),
    });
    if (options.yes) answerByFlag(engine, true);
    interrupts.beforeForcedExit(() => engine.killCommandsNow());
    const end = await serve(engine, parseOpLine, interrupts, replies);
    if (end === "eof") await finishUnattended(engine, interrupts);
    else if (end === "interrupted") engine.abortTurn();
    await engine.shutdown();
    return interrupts.exitCode() ?? EXIT.ok;
  } finally {
    interrupts.dispose();
  }
}

const SHUTTING_DOWN = "the session is shutting down (a shutdown op came before this one)";

/** A usable op id found at the start of a line too long to read (so its refusal can name it). */
function idInHead(head: string): string | number | undefined {
  const id = fieldInHead(head, "id");
  return (typeof id === "string" && id !== "") || (typeof id === "number" && Number.isFinite(id)) ? id : undefined;
}

/**
 * Reads ops until a `shutdown` op has been answered, stdin ends, or a signal stops the run.
 * Every line gets one op.result: ops that come while the session shuts down are refused.
 */
function serve(engine: EngineSession, parseOpLine: Awaited<ReturnType<typeof loadOpLineParser>>, interrupts: Interrupts, replies: ClientReplies): Promise<End> {
  return new Promise<End>((resolve) => {
    let ended = false;
    let shuttingDown = false;
    let reader: LineReader | undefined;
    const finish = (end: End) => {
      if (ended) return;
      ended = true;
      reader?.stop();
      resolve(end);
    };
    const refuse = (id: string | number | undefined, error: string, op?: string) => engine.refuse({ id: replies.token(id), ...(op ? { op } : {}), error });
    const onLine = (line: string) => {
      if (ended || !line.trim()) return;
      const parsed = parseOpLine(line);
      if (!parsed.ok) return refuse(parsed.id, parsed.error, parsed.op);
      const op = parsed.op;
      if (shuttingDown) return refuse(op.id, SHUTTING_DOWN, op.op);
      const dispatched = { ...op, id: replies.token(op.id) };
      if (op.op === "shutdown") {
        shuttingDown = true;
        // The session closes and its op.result is the last line written before the process goes.
        void engine.submit(dispatched).then(() => finish("shutdown"));
        return;
      }
      void engine.submit(dispatched);
    };
    const onTooLong = (head: string) => {
      if (!ended) refuse(idInHead(head), `the line is longer than the ${MAX_LINE_TEXT} an op line may have; it was skipped up to its newline`);
    };
    reader = readLines(process.stdin, { onLine, onTooLong, onEnd: () => (shuttingDown ? reader?.stop() : finish("eof")) }, interrupts.signal);
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
