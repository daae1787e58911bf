// The lock's judgement of an existing lock file: a live holder refuses, a dead one, a
// reused pid or an unreadable lock is taken over. Real processes, real files.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireSessionLock, SessionLockedError } from "../../src/engine/wire/session-lock.js";

function lockFile(): string {
  return path.join(mkdtempSync(path.join(os.tmpdir(), "lock-")), "s.lock");
}

function holder(pid: number, since: number, host = os.hostname()): string {
  return JSON.stringify({ pid, host, since });
}

async function withSleeper<T>(use: (pid: number) => T): Promise<T> {
  // node rather than `sleep`, which Windows does not have; kill(pid, 0) works there too.
  const child = spawn(process.execPath, ["-e", "setTimeout(() => {}, 10_000)"], { stdio: "ignore" });
  await new Promise((resolve) => child.once("spawn", resolve));
  try {
    return use(child.pid!);
  } finally {
    child.kill("SIGKILL");
  }
}

describe("session lock", () => {
  it("creates the lock with our pid and removes it on release", () => {
    const file = lockFile();
    const lock = acquireSessionLock(file, "s");
    expect(JSON.parse(readFileSync(file, "utf8")).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(file)).toBe(false);
  });

  it("refuses while a live process that started before the lock holds it", async () => {
    const file = lockFile();
    await withSleeper((pid) => {
      writeFileSync(file, holder(pid, Date.now() + 60_000));
      expect(() => acquireSessionLock(file, "s")).toThrow(SessionLockedError);
      expect(() => acquireSessionLock(file, "s")).toThrow(new RegExp(`in use by another mini-agent \\(pid ${pid}`));
    });
  });

  it("trusts a lock from another host, which it cannot check", () => {
    const file = lockFile();
    writeFileSync(file, holder(1, Date.now() - 30 * 24 * 3600_000, "some-other-host.example"));
    expect(() => acquireSessionLock(file, "s")).toThrow(SessionLockedError);
    // The message names the host and the file, and how to take the lock over.
    expect(() => acquireSessionLock(file, "s")).toThrow(`on host "some-other-host.example"`);
    expect(() => acquireSessionLock(file, "s")).toThrow(`delete the lock file ${file} and try again`);
  });

  it("takes over the lock of a dead pid, of a reused pid and an unreadable lock", async () => {
    const dead = lockFile();
    const gone = spawn(process.execPath, ["-e", "0"]);
    await new Promise((resolve) => gone.once("exit", resolve));
    writeFileSync(dead, holder(gone.pid!, Date.now()));
    acquireSessionLock(dead, "s").release();

    if (existsSync("/proc/self/stat")) {
      const reused = lockFile();
      // The pid runs, but its process started long after this lock was taken.
      await withSleeper((pid) => {
        writeFileSync(reused, holder(pid, Date.now() - 3_600_000));
        const lock = acquireSessionLock(reused, "s");
        expect(JSON.parse(readFileSync(reused, "utf8")).pid).toBe(process.pid);
        lock.release();
      });
    }

    const garbage = lockFile();
    writeFileSync(garbage, "{half");
    acquireSessionLock(garbage, "s").release();
    expect(existsSync(garbage)).toBe(false);
  });
});
