// The Linux sandbox: commands run under bubblewrap with the whole filesystem read-only except
// the workspace (its .git folders and, when asked, its critical files read-only) and a private
// temp directory; the home replaced by an allowlist view, stores elsewhere hidden, and the
// network only through the session's proxy (ADR 0010, ADR 0037). This file assembles argv;
// sandbox-setup.ts decides what goes in it.
// Detection runs bwrap once with the same namespaces we will use, because an installed
// bwrap can still fail (containers without user namespaces), and we must say so, not hang.
// A session probes in the background when its first request is sent (sandbox-setup.ts), so
// start-up never waits for it; the seccomp filter is checked in the same spawn.
import * as childProcess from "node:child_process";
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hostProgram } from "../host/host-programs.js";
import { realPathIfAny } from "./real-path.js";

/** "workspace-write" is the config spelling of "required"; "auto" uses it where it works. */
/**
 * `read-only-unasked`: no --yes and no choice made. Only commands the allowlist proved
 * read-only run sandboxed (offline, the workspace read-only), so a mistake in that proof can
 * write, send or read no secret; every other command runs as before, and the policy is the one
 * for no sandbox. Silent where there is no sandbox (ADR 0056).
 */
export type SandboxMode = "off" | "auto" | "required" | "workspace-write" | "read-only-unasked";

export interface SandboxProbe {
  works: boolean;
  /** Why the sandbox cannot be used here, for the one-time notice. */
  reason?: string;
  /** The seccomp program given to the probe loaded too (absent: not tried). */
  seccomp?: boolean;
}

/** A mount that hides what is there: a folder becomes an empty tmpfs, a file reads as /dev/null. */
export interface HiddenPath {
  path: string;
  directory: boolean;
}

/** How a home appears inside: replaced by an empty folder (or `replacement`), with `binds` read-only in it. */
export interface HomeMount {
  path: string;
  /** A writable folder bound over the home; without it the home is an empty tmpfs. */
  replacement?: string;
  binds: readonly { source: string; target: string }[];
}

export interface SandboxPolicy {
  /** bwrap's absolute path (host/host-programs.ts): never looked up in PATH at the spawn. */
  bwrap: string;
  /** Absolute workspace root: writable inside the sandbox. */
  root: string;
  /** The writable temp directory (a private one per session); TMPDIR points at it inside. */
  tmpDir?: string;
  /** Without `join`: true shares the host's network, false gives the command an empty namespace of its own. */
  allowNetwork?: boolean;
  /** Run inside the session's network namespace (net-holder.ts): this argv prefix joins it. */
  join?: readonly string[];
  /** Hidden before the binds: outside the workspace and the temp dir (credential stores, other sandboxes, /run). */
  hide?: readonly HiddenPath[];
  /** Hidden after the workspace bind: inside the workspace. */
  hideInside?: readonly HiddenPath[];
  /** Homes replaced by an allowlist view (home-view.ts), mounted before the temp dir and the workspace. */
  homes?: readonly HomeMount[];
  /** Existing paths inside the workspace mounted read-only over its writable bind (.git, critical files, ADR 0035). */
  readOnly?: readonly string[];
  /** Read-only binds of host files the command needs despite a hidden parent (resolv.conf under /run). */
  keep?: readonly string[];
  /** The fd bwrap reads a seccomp program from (seccomp-filter.ts). */
  seccompFd?: number;
  setEnv?: Readonly<Record<string, string>>;
  unsetEnv?: readonly string[];
}

let cached: SandboxProbe | undefined;
let probing: Promise<SandboxProbe> | undefined;

/** Probes bubblewrap once per process: installed, and able to create its namespaces. */
export function probeBubblewrap(): SandboxProbe {
  cached ??= probeBinary("bwrap");
  return cached;
}

/**
 * The same probe without blocking: the process goes on while bwrap starts and exits. With a
 * seccomp program, one spawn checks both (a second, without it, only when that one fails), so
 * a session's first command waits for one bwrap start, not two.
 */
export function probeBubblewrapAsync(seccompProgram?: Buffer): Promise<SandboxProbe> {
  if (cached && (!seccompProgram || cached.seccomp !== undefined)) return Promise.resolve(cached);
  probing ??= (async () => {
    if (seccompProgram && process.platform === "linux" && (await probeSeccompAsync(seccompProgram, "bwrap", baseArgs(false)))) return { works: true, seccomp: true };
    const probe = await probeBinaryAsync("bwrap");
    return seccompProgram && probe.works ? { ...probe, seccomp: false } : probe;
  })().then((probe) => (cached = probe));
  return probing;
}

const PROBE_TIMEOUT_MS = 5_000;

/** Where `binary` is, from PATH folders commands cannot write; a probe of what is not there says why. */
function locate(binary: string): { path: string } | { failed: SandboxProbe } {
  const found = hostProgram(binary);
  if (found.path !== undefined) return { path: found.path };
  return { failed: { works: false, reason: found.onlyUntrusted ? found.missing : `${binary} is not installed (Debian package: bubblewrap)` } };
}

/** One uncached probe; `binary` is a parameter so a test can probe a missing program. */
export function probeBinary(binary: string): SandboxProbe {
  if (process.platform !== "linux") return { works: false, reason: "the sandbox needs Linux (bubblewrap)" };
  const located = locate(binary);
  if ("failed" in located) return located.failed;
  const result = childProcess.spawnSync(located.path, [...baseArgs(false), "--", "true"], { encoding: "utf8", timeout: PROBE_TIMEOUT_MS });
  return probeOutcome(binary, result.error, result.status, result.stderr);
}

export function probeBinaryAsync(binary: string): Promise<SandboxProbe> {
  if (process.platform !== "linux") return Promise.resolve({ works: false, reason: "the sandbox needs Linux (bubblewrap)" });
  const located = locate(binary);
  if ("failed" in located) return Promise.resolve(located.failed);
  return new Promise((resolve) => {
    childProcess.execFile(located.path, [...baseArgs(false), "--", "true"], { encoding: "utf8", timeout: PROBE_TIMEOUT_MS }, (error, _stdout, stderr) => {
      // execFile reports a non-zero exit as an error with a numeric code; a spawn failure has a string code.
      const code = (error as NodeJS.ErrnoException | null)?.code as unknown;
      if (error?.killed) resolve({ works: false, reason: `${binary} did not finish within ${PROBE_TIMEOUT_MS} ms` });
      else resolve(probeOutcome(binary, error && typeof code === "string" ? error : undefined, error ? (typeof code === "number" ? code : 1) : 0, stderr));
    });
  });
}

/** Whether bwrap loads `program` as its seccomp filter here (a kernel without seccomp filters refuses it), with `args` before it. */
export function probeSeccompAsync(program: Buffer, binary = "bwrap", args: readonly string[] = ["--ro-bind", "/", "/"]): Promise<boolean> {
  const found = hostProgram(binary).path;
  if (found === undefined) return Promise.resolve(false);
  return new Promise((resolve) => {
    const child = childProcess.spawn(found, [...args, "--seccomp", "3", "--", "true"], { stdio: ["ignore", "ignore", "ignore", "pipe"] });
    const input = child.stdio[3] as import("node:stream").Writable | null;
    input?.on("error", () => {});
    input?.end(program);
    const timer = setTimeout(() => child.kill("SIGKILL"), PROBE_TIMEOUT_MS);
    child.once("error", () => {
      clearTimeout(timer);
      resolve(false);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

function probeOutcome(binary: string, error: Error | undefined, status: number | null, stderr: string): SandboxProbe {
  if (error) {
    const missing = (error as NodeJS.ErrnoException).code === "ENOENT";
    return { works: false, reason: missing ? `${binary} is not installed (Debian package: bubblewrap)` : error.message };
  }
  if (status !== 0) {
    return { works: false, reason: `${binary} cannot create its namespaces here: ${stderr.trim() || `exit ${status}`}` };
  }
  return { works: true };
}

function baseArgs(allowNetwork: boolean): string[] {
  return [
    "--ro-bind", "/", "/",
    "--dev", "/dev",
    "--proc", "/proc",
    // A private pid namespace: when bwrap dies, every process inside dies with it.
    "--unshare-pid",
    // SysV shared memory, semaphores, message queues and POSIX queues are per IPC namespace:
    // in the host's, a command read and wrote the memory host processes share.
    "--unshare-ipc",
    "--die-with-parent",
    ...(allowNetwork ? [] : ["--unshare-net"]),
    // bwrap started by root keeps root's capabilities inside: mount, umount and setns would undo
    // every mount below (a remounted .git, an unmounted home). Root inside keeps only its uid.
    ...(process.getuid?.() === 0 ? ["--cap-drop", "ALL"] : []),
  ];
}

const hideArgs = (item: HiddenPath) => (item.directory ? ["--tmpfs", item.path] : ["--ro-bind", "/dev/null", item.path]);

/** Wraps a command's argv so it runs inside the sandbox. Later mounts win, so the order below is the policy. */
export function wrapInBubblewrap(argv: string[], policy: SandboxPolicy): string[] {
  const given = policy.tmpDir ?? os.tmpdir();
  const tmp = realPathIfAny(given) ?? given;
  const root = realPathIfAny(policy.root) ?? policy.root;
  // .git stays read-only: a hook or config written there would run outside the sandbox on
  // the user's next git command. (Later binds win, so this must follow the workspace bind.)
  const gitDir = path.join(root, ".git");
  const readOnlyGit = existsSync(gitDir) ? ["--ro-bind", gitDir, gitDir] : [];
  return [
    ...(policy.join ?? []),
    policy.bwrap,
    ...baseArgs(policy.join ? true : (policy.allowNetwork ?? true)),
    ...(policy.seccompFd !== undefined ? ["--seccomp", String(policy.seccompFd)] : []),
    // What nobody may see: other sandboxes, stores outside the home, /run's sockets and secrets.
    ...(policy.hide ?? []).flatMap(hideArgs),
    ...(policy.keep ?? []).flatMap((file) => ["--ro-bind-try", file, file]),
    // Each home: replaced, then the shown toolchains bound into it.
    ...(policy.homes ?? []).flatMap((home) => [
      ...(home.replacement ? ["--bind", home.replacement, home.path] : ["--tmpfs", home.path]),
      ...home.binds.flatMap((bind) => ["--ro-bind-try", bind.source, bind.target]),
    ]),
    // The workspace after the temp dir, so it stays writable even when it lives under it.
    "--bind", tmp, tmp,
    "--bind", root, root,
    ...readOnlyGit,
    // "-try": one removed since it was listed is simply not mounted (the check after the command sees it).
    ...(policy.readOnly ?? []).flatMap((item) => ["--ro-bind-try", item, item]),
    ...(policy.hideInside ?? []).flatMap(hideArgs),
    ...(policy.unsetEnv ?? []).flatMap((name) => ["--unsetenv", name]),
    ...Object.entries(policy.setEnv ?? {}).flatMap(([name, value]) => ["--setenv", name, value]),
    "--setenv", "TMPDIR", tmp,
    "--chdir", root,
    "--",
    ...argv,
  ];
}
