// Which sandbox mode a print run asks for, from the flags, the config and --yes (ADR 0010).
// --yes approves every confirm-class command, so by default it runs them in the sandbox
// where one exists; opting out is allowed, and said.
import type { SandboxMode } from "../engine/sandbox/bubblewrap.js";

export interface SandboxChoice {
  mode: SandboxMode;
  /** Said once on stderr. */
  warning?: string;
}

export function chooseSandbox(input: { flag?: "on" | "off"; config?: string; yes: boolean }): SandboxChoice {
  if (input.flag === "on") return { mode: "required" };
  if (input.flag === "off") {
    return { mode: "off", warning: "--no-sandbox: commands run unconfined; only the approval policy stands between them and your files" };
  }
  if (input.config === "workspace-write") return { mode: "required" };
  if (input.config === "auto") return { mode: "auto" };
  if (input.config === "off") {
    return input.yes ? { mode: "off", warning: '"sandbox": "off" in the config: --yes runs commands unconfined' } : { mode: "off" };
  }
  // No choice made: --yes sandboxes what it approves; without it, what the allowlist lets run
  // unasked is still held to its proof (ADR 0056).
  return { mode: input.yes ? "auto" : "read-only-unasked" };
}
