// Stdio MCP servers are our child processes, and none may outlive us. Each leads its own
// process group (mcp-stdio-transport.ts), so a signal reaches whatever it started too (the
// real server behind an npx or shell wrapper). The SDK's close() waits on timers that do not
// keep Node running: a one-shot `-p` run that finishes sooner used to leave a server that
// ignores end-of-input (or hung at start) running, orphaned. Groups still running when this
// process exits get SIGTERM.
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

/** Sends SIGTERM to a server's group now (one that failed to start is of no further use). */
export function stopServerProcess(pid: number): void {
  signalServerGroup(pid, "SIGTERM");
}

/** Signals the group a server leads; the process alone where there are no groups (Windows). */
export function signalServerGroup(pid: number, signal: NodeJS.Signals): void {
  if (process.platform !== "win32") {
    try {
      process.kill(-pid, signal);
      return;
    } catch {
      // No such group (already gone, or started by the SDK's transport): try the process.
    }
  }
  try {
    process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function stopRunningServers(): void {
  for (const pid of running) stopServerProcess(pid);
  running.clear();
}
