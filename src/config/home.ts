// Where mini-agent keeps per-user state: $MINI_AGENT_HOME, else ~/.mini-agent.
import { join } from "node:path";

export function agentHome(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const configured = env["MINI_AGENT_HOME"]?.trim();
  return configured ? configured : join(home, ".mini-agent");
}

/** Kimi Code CLI's home, where its OAuth login lives ($KIMI_CODE_HOME, else ~/.kimi-code). */
export function kimiCodeHome(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const configured = env["KIMI_CODE_HOME"]?.trim();
  return configured ? configured : join(home, ".kimi-code");
}
