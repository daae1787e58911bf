// What stops a headless run from outside: Ctrl-C, SIGTERM or SIGHUP (a service manager,
// a closed terminal), and the reader of stdout going away (`mini-agent -p … | head -1`).
// Each aborts the turn once, so it ends with `turn.ended` and stays resumable; a second
// signal while the first is still stopping the turn exits at once (the next run closes
// whatever was left open). Exit codes follow the shell: 128 + the signal's number.
import { EXIT } from "../config/cli-options.js";

const SIGNAL_EXIT = { SIGINT: EXIT.interrupted, SIGTERM: EXIT.terminated, SIGHUP: EXIT.hangup } as const;
type HandledSignal = keyof typeof SIGNAL_EXIT;

export interface Interrupts {
  readonly signal: AbortSignal;
  /** Set once stdout has failed: writing to it again would only fail again. */
  readonly stdoutClosed: boolean;
  /** The exit code an interruption calls for, if one happened. */
  exitCode(): number | undefined;
  /** Runs just before a forced exit (a second signal): must be synchronous. */
  beforeForcedExit(cleanup: () => void): void;
  dispose(): void;
}

let stdoutClosed = false;
let stdioGuarded = false;

/**
 * Installed once per process and never removed: a failed write to a closed pipe is
 * reported asynchronously, possibly after the run has finished, and an unhandled stream
 * error would end the process with a stack trace.
 */
function guardStdio(onStdoutClosed: () => void): void {
  if (stdioGuarded) return;
  stdioGuarded = true;
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (stdoutClosed) return;
    stdoutClosed = true;
    if (error.code === "EPIPE") {
      process.exitCode = EXIT.brokenPipe;
    } else {
      process.exitCode = EXIT.runtime;
      writeStderr(`mini-agent: cannot write to stdout (${error.message}); stopping the turn\n`);
    }
    onStdoutClosed();
  });
  // Nothing useful can be done when stderr itself fails; it must not crash the run.
  process.stderr.on("error", () => {});
}

function writeStderr(text: string): void {
  try {
    process.stderr.write(text);
  } catch {
    // stderr is gone too.
  }
}

export function watchInterrupts(): Interrupts {
  const controller = new AbortController();
  let code: number | undefined;
  let cleanup: (() => void) | undefined;
  const stop = (exitCode: number) => {
    code ??= exitCode;
    controller.abort();
  };
  guardStdio(() => stop(process.exitCode === EXIT.brokenPipe ? EXIT.brokenPipe : EXIT.runtime));

  const onSignal = (name: HandledSignal) => {
    if (controller.signal.aborted) {
      writeStderr("mini-agent: stopping now; the next run closes what this one left open\n");
      try {
        cleanup?.();
      } finally {
        process.exit(code ?? SIGNAL_EXIT[name]);
      }
    }
    stop(SIGNAL_EXIT[name]);
  };
  const handlers = (Object.keys(SIGNAL_EXIT) as HandledSignal[]).map((name) => {
    const handler = () => onSignal(name);
    process.on(name, handler);
    return [name, handler] as const;
  });

  return {
    signal: controller.signal,
    get stdoutClosed() {
      return stdoutClosed;
    },
    exitCode: () => (stdoutClosed && process.exitCode === EXIT.brokenPipe ? EXIT.brokenPipe : code),
    beforeForcedExit(fn) {
      cleanup = fn;
    },
    dispose() {
      for (const [name, handler] of handlers) process.off(name, handler);
    },
  };
}
