// Classifies a shell command line as allow / confirm / deny.
// Baseline from the spine: a word-level check. Issue 5 replaces this with a real parser.
import type { Verdict } from "./verdict.js";

const SAFE = new Set(["ls", "pwd", "cat", "head", "tail", "wc", "echo", "true", "rg", "grep", "which", "date", "whoami"]);
const SAFE_GIT = new Set(["status", "diff", "log", "show"]);
const DANGEROUS = new Set(["sudo", "su", "doas", "dd", "mkfs", "shutdown", "reboot"]);

export interface CommandPolicyOptions {
  /** Absolute workspace root, for judging redirection targets. */
  root: string;
}

export function classifyCommand(command: string, _options: CommandPolicyOptions): Verdict {
  const words = command.trim().split(/\s+/);
  const [name = "", sub = ""] = words;
  if (DANGEROUS.has(name)) return { decision: "deny", reason: `${name} is never run` };
  if (name === "rm" && words.some((w) => /^-[a-zA-Z]*[rRf]/.test(w))) return { decision: "deny", reason: "recursive or forced delete" };
  if (name === "git" && (sub === "push" || sub === "clean" || (sub === "reset" && words.includes("--hard")))) {
    return { decision: "deny", reason: `git ${sub} changes history or deletes work` };
  }
  if (/[;&|<>`$(){}]/.test(command)) return { decision: "confirm", reason: "compound command" };
  if (SAFE.has(name)) return { decision: "allow", reason: `${name} only reads` };
  if (name === "git" && SAFE_GIT.has(sub)) return { decision: "allow", reason: `git ${sub} only reads` };
  return { decision: "confirm", reason: `${name} is not on the safe list` };
}
