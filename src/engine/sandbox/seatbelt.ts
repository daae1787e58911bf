// The macOS sandbox: sandbox-exec with a generated Seatbelt profile mirroring the bubblewrap
// one — writes only to the workspace (its .git excluded, and its critical files for a command
// that runs without a question) and a private temp dir, the home's
// credential stores unreadable, the network on. Only the macOS CI job can run it: what is
// proven there is a write outside failing, a workspace write succeeding and ~/.ssh hidden;
// sandbox-exec is deprecated by Apple, so this is best effort.
import { childProcess } from "../heap-policy.js";
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
    ...(policy.readOnly?.length ? [`(deny file-write* ${policy.readOnly.map((item) => `(subpath ${quote(item)})`).join(" ")})`] : []),
    ...(policy.denyRegexes?.length ? [`(deny file-write* ${policy.denyRegexes.map((item) => `(regex #"${item}")`).join(" ")})`] : []),
    ...policy.hidden.map((hidden) => `(deny file-read* file-write* (subpath ${quote(hidden)}))`),
    ...(policy.allowNetwork === false ? ["(deny network*)"] : []),
  ];
  return lines.join("\n");
}

export function wrapInSeatbelt(argv: string[], policy: SeatbeltPolicy): string[] {
  return ["sandbox-exec", "-p", seatbeltProfile(policy), ...argv];
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
    const profile = seatbeltProfile({ root, tmpDir, hidden: [hidden], denyRegexes: [`^${root}/[pP][aA][cC][kK][aA][gG][eE][.][jJ][sS][oO][nN]$`] });
    const result = childProcess().spawnSync("sandbox-exec", ["-p", profile, "/bin/sh", "-c", script], { encoding: "utf8", timeout: 5_000 });
    if (result.error) return { works: false, reason: `sandbox-exec cannot run: ${result.error.message}` };
    const held = result.status === 0 && existsSync(path.join(root, "in")) && !existsSync(path.join(dir, "out")) && !existsSync(path.join(root, "Package.json"));
    return held ? { works: true } : { works: false, reason: `the sandbox-exec profile did not hold here: ${result.stderr.trim() || `exit ${result.status}`}` };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
