// The end of a print run. Its engine has shut down (the session file is written and synced,
// commands are stopped, the lock is released), yet Node does not exit at once when the event
// loop empties: it first waits for V8's pending background work, such as a collection the GC
// started near the end of a long resume that a process about to exit will never use (~13 ms
// at the end of resuming a 10 MiB session; bench/resume.mjs). So a finished print run exits
// itself, once stdout and stderr have handed every byte to the system.

/** Exits with `process.exitCode` when both output streams have flushed what was written. */
export function exitWhenFlushed(): void {
  let open = 2;
  let failed = false;
  const flushed = (error?: Error | null) => {
    // A failed write (a reader that closed the pipe) is reported by the stream's error
    // listener after this callback, and that listener sets the exit code (141 for a closed
    // pipe): the process then ends by itself, as it always did, with that code.
    if (error) failed = true;
    open -= 1;
    if (open === 0 && !failed) process.exit();
  };
  // An empty write's callback runs after every earlier write on that stream has completed.
  process.stdout.write("", flushed);
  process.stderr.write("", flushed);
}
