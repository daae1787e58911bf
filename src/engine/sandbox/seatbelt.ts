// The macOS sandbox: sandbox-exec with a generated Seatbelt profile mirroring the bubblewrap
// one — writes only to the workspace (its .git excluded) and a private temp dir, the home's
// credential stores unreadable, the network on. Only the macOS CI job can run it: what is
// proven there is a write outside failing, a workspace write succeeding and ~/.ssh hidden;
// sandbox-exec is deprecated by Apple, so this is best effort.
import { spawnSync } from "node:child_process";
import type { SandboxProbe } from "./bubblewrap.js";

export interface SeatbeltPolicy {
  root: string;
  tmpDir: string;
  /** Paths to make unreadable (credential stores, the agent's home). */
  hidden: readonly string[];
  allowNetwork?: boolean;
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
    ...policy.hidden.map((hidden) => `(deny file-read* file-write* (subpath ${quote(hidden)}))`),
    ...(policy.allowNetwork === false ? ["(deny network*)"] : []),
  ];
  return lines.join("\n");
}

export function wrapInSeatbelt(argv: string[], policy: SeatbeltPolicy): string[] {
  return ["sandbox-exec", "-p", seatbeltProfile(policy), ...argv];
}

export function probeSeatbelt(): SandboxProbe {
  if (process.platform !== "darwin") return { works: false, reason: "sandbox-exec exists only on macOS" };
  const result = spawnSync("sandbox-exec", ["-p", "(version 1)(allow default)", "true"], { encoding: "utf8", timeout: 5_000 });
  if (result.error) return { works: false, reason: `sandbox-exec cannot run: ${result.error.message}` };
  if (result.status !== 0) return { works: false, reason: `sandbox-exec failed: ${result.stderr.trim() || `exit ${result.status}`}` };
  return { works: true };
}
