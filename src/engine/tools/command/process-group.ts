// A command's process group, from outside: whether any of it still runs, and killing all of
// it (SIGTERM, a grace period, then SIGKILL; taskkill /T on Windows), waiting until it is gone.
import * as childProcess from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { hostProgram } from "../../host/host-programs.js";

const IS_WINDOWS = process.platform === "win32";
/** How long SIGTERM gets before SIGKILL. */
const TERM_GRACE_MS = 1_500;
/** After SIGKILL, how long we wait for the group to disappear before giving up waiting. */
const KILL_WAIT_MS = 3_000;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** True while any live process of the group exists. */
function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  return process.platform === "linux" ? linuxGroupHasLiveMember(pgid) : true;
}

/**
 * Orphaned grandchildren are reaped by init, which in containers can take seconds; a zombie
 * still answers kill(-pgid, 0) but has stopped running, so on Linux we look at /proc.
 */
function linuxGroupHasLiveMember(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return true;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue;
    }
    // "pid (comm) state ppid pgrp …"; comm may hold spaces or parentheses.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === pgid && fields[0] !== "Z" && fields[0] !== "X") return true;
  }
  return false;
}

export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // Already gone: nothing to do.
  }
}

/** Windows without a taskkill mini-agent may run (host-programs.ts): the leader alone, as Node's own kill does. */
export function killLeader(pid: number): void {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // Already gone.
  }
}

async function waitForGroupExit(pgid: number, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await sleep(25);
  }
  return !groupAlive(pgid);
}

/** Kills the tree; resolves with the last signal it took ("taskkill" on Windows). */
export async function killTree(pid: number): Promise<string> {
  if (IS_WINDOWS) {
    await new Promise<void>((resolve) => {
      const taskkill = hostProgram("taskkill").path;
      if (taskkill === undefined) return resolve(killLeader(pid));
      const killer = childProcess.spawn(taskkill, ["/pid", String(pid), "/T", "/F"], { stdio: "ignore", windowsHide: true });
      killer.on("error", () => resolve());
      killer.on("close", () => resolve());
    });
    return "taskkill";
  }
  signalGroup(pid, "SIGTERM");
  if (await waitForGroupExit(pid, TERM_GRACE_MS)) return "SIGTERM";
  signalGroup(pid, "SIGKILL");
  await waitForGroupExit(pid, KILL_WAIT_MS);
  return "SIGKILL";
}
