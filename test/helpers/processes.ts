// Watching real processes from tests: liveness (a zombie counts as gone) and polling.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";

/** Is the process still running? A zombie (dead, not yet reaped by init) counts as gone. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  if (process.platform === "win32") return true;
  if (!existsSync("/proc")) return !psSaysZombie(pid);
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

/** Without /proc (macOS), ps tells a zombie apart; kill(pid, 0) still succeeds on one. */
function psSaysZombie(pid: number): boolean {
  const ps = spawnSync("ps", ["-o", "stat=", "-p", String(pid)], { encoding: "utf8" });
  return ps.status === 0 && ps.stdout.trim().startsWith("Z");
}
