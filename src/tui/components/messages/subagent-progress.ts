// What a subagent (a `task` call) has done so far, from its own events (those stamped with
// the task's call id): its tool calls in order with their outcome. The task's frame draws it
// folded as one line (how many calls, the latest), unfolded as the list.
import type { Theme } from "../../theme/theme.js";
import { sanitizeForTerminal } from "./sanitize.js";
import { keyArgument } from "./tool-summary.js";

interface ChildCall {
  name: string;
  argument: string;
  outcome: "running" | "ok" | "error" | "denied";
}

const GLYPH: Record<ChildCall["outcome"], string> = { running: "●", ok: "✓", error: "✗", denied: "⊘" };

export class SubagentProgress {
  agentId = "";
  private readonly calls = new Map<string, ChildCall>();

  called(agentId: string, callId: string, name: string, argumentsJson: string): void {
    // The child's calls come from model output: untrusted, sanitised like the parent's.
    this.agentId = sanitizeForTerminal(agentId);
    this.calls.set(callId, { name: sanitizeForTerminal(name), argument: sanitizeForTerminal(keyArgument(argumentsJson)), outcome: "running" });
  }

  finished(callId: string, outcome: "ok" | "error" | "denied"): void {
    const call = this.calls.get(callId);
    // A denied call also gets an error result afterwards; "denied" says more.
    if (call && call.outcome !== "denied") call.outcome = outcome;
  }

  get count(): number {
    return this.calls.size;
  }

  /** "worker-1 · 3 tool calls · latest: read_file src/a.ts". */
  summary(): string {
    const latest = [...this.calls.values()].at(-1);
    const who = this.agentId ? `${this.agentId} · ` : "";
    if (!latest) return `${who}no tool calls yet`;
    const count = `${this.count} tool call${this.count === 1 ? "" : "s"}`;
    return `${who}${count} · latest: ${describe(latest)}`;
  }

  /** Every call, one line each, for the unfolded frame. */
  lines(theme: Theme): string[] {
    return [...this.calls.values()].map((call) => `${GLYPH[call.outcome]} ${theme.fg("toolName", describe(call))}`);
  }
}

function describe(call: ChildCall): string {
  return call.argument ? `${call.name} ${call.argument}` : call.name;
}
