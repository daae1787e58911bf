// The macOS sandbox: sandbox-exec with a generated Seatbelt profile mirroring the bubblewrap
// one — writes only to the workspace (every .git excluded, new ones too, and its critical files
// for a command that runs without a question) and a private temp dir; nothing in the home
// readable but the shown toolchains (metadata stays, so paths resolve), stores elsewhere
// unreadable; the network only to the session's proxy on a loopback port (ADR 0037). Only the
// macOS CI job can run it: what is proven there is a write outside failing, a workspace write
// succeeding and ~/.ssh hidden; sandbox-exec is deprecated by Apple, so this is best effort.
import * as childProcess from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SandboxProbe } from "./bubblewrap.js";

export interface SeatbeltPolicy {
  root: string;
  tmpDir: string;
  /** Paths to make unreadable (credential stores, the agent's home). */
  hidden: readonly string[];
  allowNetwork?: boolean;
  /** Paths (and everything under them) to deny writes to inside the workspace. */
  readOnly?: readonly string[];
  /** Regexes over absolute paths to deny writes to, whether they exist or not (critical files, ADR 0035). */
  denyRegexes?: readonly string[];
  /** Homes whose contents are unreadable but for `shown` (and the workspace and temp dir, if inside). */
  homes?: readonly string[];
  /** Real paths readable inside a home (toolchains). */
  shown?: readonly string[];
  /** With the network off: the one loopback port (the proxy) commands may connect to. */
  proxyPort?: number;
}

/** Either case of each letter, special characters in brackets (a profile's regex has no documented backslash). */
function anyCase(text: string): string {
  return [...text]
    .map((char) => (/[a-z]/i.test(char) ? `[${char.toLowerCase()}${char.toUpperCase()}]` : char === "]" || char === "^" ? "[]^]" : /[.*+?${}()|[]/.test(char) ? `[${char}]` : char))
    .join("");
}

/** Every .git in the workspace, existing or not, at any depth (macOS's file system ignores case). */
function gitRegexes(root: string): string[] {
  if (/["\\\n\r]/.test(root)) return [];
  const base = `^${anyCase(root.replace(/\/+$/, ""))}/`;
  const git = anyCase(".git");
  return [`${base}${git}$`, `${base}${git}/`, `${base}.*/${git}$`, `${base}.*/${git}/`];
}

/** A string literal in the profile language (a Scheme dialect). */
function quote(text: string): string {
  return `"${text.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

export function seatbeltProfile(policy: SeatbeltPolicy): string {
  const lines = [
    "(version 1)",
    "(allow default)",
    "(deny file-write*)",
    `(allow file-write* (subpath ${quote(policy.root)}) (subpath ${quote(policy.tmpDir)}) (literal "/dev/null") (literal "/dev/tty") (regex #"^/dev/fd/"))`,
    // Later rules win: .git stays read-only inside the writable workspace.
    `(deny file-write* (subpath ${quote(`${policy.root}/.git`)}))`,
    ...(gitRegexes(policy.root).length ? [`(deny file-write* ${gitRegexes(policy.root).map((item) => `(regex #"${item}")`).join(" ")})`] : []),
    ...(policy.readOnly?.length ? [`(deny file-write* ${policy.readOnly.map((item) => `(subpath ${quote(item)})`).join(" ")})`] : []),
    ...(policy.denyRegexes?.length ? [`(deny file-write* ${policy.denyRegexes.map((item) => `(regex #"${item}")`).join(" ")})`] : []),
    ...(policy.homes?.length ? [`(deny file-read-data ${policy.homes.map((home) => `(subpath ${quote(home)})`).join(" ")})`] : []),
    ...(policy.homes?.length
      ? [`(allow file-read-data ${[...(policy.shown ?? []), policy.root, policy.tmpDir].map((item) => `(subpath ${quote(item)})`).join(" ")})`]
      : []),
    ...policy.hidden.map((hidden) => `(deny file-read* file-write* (subpath ${quote(hidden)}))`),
    ...(policy.allowNetwork === false ? ["(deny network*)"] : []),
    ...(policy.allowNetwork === false && policy.proxyPort !== undefined ? [`(allow network-outbound (remote ip "localhost:${policy.proxyPort}"))`] : []),
  ];
  return lines.join("\n");
}

/** Where macOS ships it (a system path no command can write): never looked up in PATH (ADR 0061). */
export const SANDBOX_EXEC = "/usr/bin/sandbox-exec";

export function wrapInSeatbelt(argv: string[], policy: SeatbeltPolicy): string[] {
  return [SANDBOX_EXEC, "-p", seatbeltProfile(policy), ...argv];
}

let cached: SandboxProbe | undefined;

/**
 * Runs the generated profile once on a scratch tree: a write inside must land, a write beside
 * it must fail, a hidden file must be unreadable. Anything else (an old macOS rejecting the
 * profile, sandbox-exec gone) makes the sandbox unavailable, said once, never half-applied.
 */
export function probeSeatbelt(): SandboxProbe {
  if (process.platform !== "darwin") return { works: false, reason: "sandbox-exec exists only on macOS" };
  cached ??= selfTest();
  return cached;
}

function selfTest(): SandboxProbe {
  const dir = realpathSync(mkdtempSync(path.join(os.tmpdir(), "mini-agent-seatbelt-")));
  try {
    const [root, tmpDir, hidden] = ["ws", "tmp", "hidden"].map((name) => path.join(dir, name)) as [string, string, string];
    for (const folder of [root, tmpDir, hidden]) mkdirSync(folder);
    writeFileSync(path.join(hidden, "secret"), "x");
    // The critical-file patterns are part of the profile a command gets: they must parse and hold too.
    const script = `echo ok > "${root}/in" && ! (echo x > "${dir}/out") 2>/dev/null && ! (echo x > "${root}/Package.json") 2>/dev/null && ! cat "${hidden}/secret" >/dev/null 2>&1`;
    // Every kind of rule a command's profile can hold, so one this macOS rejects turns the sandbox off here, not every command.
    const profile = seatbeltProfile({
      root, tmpDir, hidden: [hidden], denyRegexes: [`^${root}/[pP][aA][cC][kK][aA][gG][eE][.][jJ][sS][oO][nN]$`],
      homes: [dir], shown: [path.join(dir, "shown")], allowNetwork: false, proxyPort: 9,
    });
    const result = childProcess.spawnSync(SANDBOX_EXEC, ["-p", profile, "/bin/sh", "-c", script], { encoding: "utf8", timeout: 5_000 });
    if (result.error) return { works: false, reason: `sandbox-exec cannot run: ${result.error.message}` };
    const held = result.status === 0 && existsSync(path.join(root, "in")) && !existsSync(path.join(dir, "out")) && !existsSync(path.join(root, "Package.json"));
    return held ? { works: true } : { works: false, reason: `the sandbox-exec profile did not hold here: ${result.stderr.trim() || `exit ${result.status}`}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
