// Stdio MCP servers are our child processes, and none may outlive us. The SDK's close() ends a
// server's stdin and sends SIGTERM only after 2 s, on timers that do not keep Node running: a
// one-shot `-p` run that finishes sooner used to leave a server that ignores end-of-input (or
// hung at start) running, orphaned. Servers still running when this process exits get SIGTERM.
const running = new Set<number>();
let hooked = false;

/** Watches a server's pid until `forget` is called (when the SDK sees the process close). */
export function watchServerProcess(pid: number): () => void {
  running.add(pid);
  if (!hooked) {
    hooked = true;
    process.once("exit", stopRunningServers);
  }
  return () => running.delete(pid);
}

/** Sends SIGTERM to a server now (one that failed to start is of no further use). */
export function stopServerProcess(pid: number): void {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // Already gone.
  }
}

function stopRunningServers(): void {
  for (const pid of running) stopServerProcess(pid);
  running.clear();
}
