// Watching real processes from tests: liveness (a zombie counts as gone) and polling.
import { existsSync, readFileSync } from "node:fs";

/** Is the process still running? A zombie (dead, not yet reaped by init) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (!existsSync("/proc")) return true;
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    return false;
  }
}

/** Polls until `check` holds; throws naming `what` after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 15_000, what = "a condition"): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
