// Print mode (`mini-agent -p`): one prompt through the engine's surface (submit → idle →
// shutdown), rendered as text, json or stream-json; signals and a closed stdout stop the turn.
import os from "node:os";
import { EXIT, type CliOptions } from "../config/cli-options.js";
import { resumeCommand } from "../config/home.js";
import { openEngine } from "../bootstrap.js";
import { answerByFlag, describeMemoryChange, type TurnOutcome } from "../engine/index.js";
import { watchInterrupts, type Interrupts } from "./interrupts.js";
import { createJsonRenderer } from "./json.js";
import type { PrintOutput, PrintRenderer } from "./renderer.js";
import { createStreamJsonRenderer } from "./stream-json.js";
import { createTextRenderer } from "./text.js";
import { stripTerminalControls } from "./terminal-safe.js";
import { answerEnding, TurnSummary, unsavedNote } from "./turn-summary.js";

export interface RunContext {
  version: string;
  env?: NodeJS.ProcessEnv;
  cwd?: string;
  output?: PrintOutput;
  /** Aborts the turn (besides SIGINT, SIGTERM, SIGHUP and a closed stdout). */
  signal?: AbortSignal;
}

/**
 * Writes to the real stdout/stderr; once stdout's reader is gone, stdout writes stop. No
 * control sequence from the model, the repository or a command reaches a terminal: stderr is
 * for a person, and a text answer is read by one, or by a script that shows it to one (the
 * json formats escape them; a caller who needs the answer's exact bytes reads those).
 */
function processOutput(interrupts: Interrupts, format: CliOptions["outputFormat"]): PrintOutput {
  const plain = format === "text";
  return {
    stdout: (text) => {
      if (!interrupts.stdoutClosed) process.stdout.write(plain ? stripTerminalControls(text) : text);
    },
    stderr: (text) => {
      process.stderr.write(stripTerminalControls(text));
    },
  };
}

function createRenderer(options: CliOptions, output: PrintOutput, context: RunContext): PrintRenderer {
  const format = options.outputFormat;
  if (format === "json") return createJsonRenderer(output);
  if (format === "stream-json") return createStreamJsonRenderer(output, options.includePartialMessages ?? false);
  return createTextRenderer(output, (id) => resumeCommand(id, context.env ?? process.env, os.homedir(), context.cwd));
}

function exitCodeFor(outcome: TurnOutcome | undefined, summary: TurnSummary): number {
  if (outcome?.stopReason === "aborted") return EXIT.interrupted;
  if (!outcome || outcome.stopReason === "error") return EXIT.runtime;
  if (outcome.stopReason === "max_rounds") return EXIT.maxRounds;
  // A cut or refused answer is not the answer asked for: a script must not take it as one.
  if (answerEnding(outcome.stopReason, summary)?.stopReason) return EXIT.runtime;
  return EXIT.ok;
}

export async function runPrint(options: CliOptions, context: RunContext): Promise<number> {
  // Watched from the start, so an interruption during set-up still ends the run cleanly.
  const interrupts = watchInterrupts();
  try {
    return await run(options, context, interrupts);
  } finally {
    interrupts.dispose();
  }
}

async function run(options: CliOptions, context: RunContext, interrupts: Interrupts): Promise<number> {
  const output = context.output ?? processOutput(interrupts, options.outputFormat);
  const warn = (message: string) => output.stderr(`mini-agent: ${message}\n`);
  const renderer = createRenderer(options, output, context);
  // How the answer ended, for the stderr note and the exit code in every format.
  const summary = new TurnSummary();
  const engine = await openEngine(options, {
    version: context.version,
    ...(context.env ? { env: context.env } : {}),
    ...(context.cwd ? { cwd: context.cwd } : {}),
    report: { warn, info: (line) => output.stderr(`${line}\n`) },
    listener: (event) => {
      // Notices go to stderr in every format; stream-json also prints them as events. So does a
      // change to memory: it reaches every later session's prompt, so a person must see it.
      if (event.type === "notice") warn(event.message);
      else if (event.type === "memory.changed") warn(describeMemoryChange(event));
      summary.observe(event);
      renderer.onEvent(event);
    },
    onSubscriberError: (error) => warn(`a subscriber failed: ${String(error)}`),
    signal: interrupts.signal,
  });
  // Print mode cannot ask anyone: --yes allows, otherwise the model hears how to get approval.
  answerByFlag(engine, options.yes);
  // A second Ctrl-C exits at once; no command may outlive the process that started it.
  interrupts.beforeForcedExit(() => engine.killCommandsNow());
  let code: number;
  let unsaved: string | undefined;
  try {
    engine.submit(options.prompt);
    for (const source of [context.signal, interrupts.signal]) {
      if (source?.aborted) engine.abortTurn();
      source?.addEventListener("abort", () => engine.abortTurn(), { once: true });
    }
    const outcome = await engine.idle();
    const snapshot = await engine.snapshot();
    if (outcome) renderer.finish(outcome, snapshot);
    const ending = outcome && answerEnding(outcome.stopReason, summary);
    if (ending) warn(ending.note);
    code = exitCodeFor(outcome, summary);
    if (snapshot.unsaved) unsaved = unsavedNote(snapshot.unsaved, snapshot.sessionId);
  } finally {
    await engine.shutdown();
  }
  // Said after everything else, where a person looks last: a script's next -c would miss these events.
  if (unsaved !== undefined) {
    warn(unsaved);
    if (code === EXIT.ok || code === EXIT.maxRounds) code = EXIT.runtime;
  }
  // A signal or a closed stdout says why the turn stopped better than "aborted" does;
  // a write that failed while closing (the final answer into a closed pipe) counts too.
  return interrupts.exitCode() ?? code;
}
