// What compaction puts in place of the older conversation. The model writes the structured
// summary; the engine adds what it knows for certain (the user's requests: the task and the
// latest ones; files read and changed, the open todos), so a weak summary can never make the
// agent forget its task. Every part has a size limit that follows the budget: the message
// must leave room for the kept tail however long the session runs (ADR 0016, 0063). Pure.
import { capText } from "../state/context-elide.js";
import type { Message } from "../messages.js";
import type { TodoItem } from "../state/state.js";

export const SUMMARY_SYSTEM = `You summarise a coding agent's conversation so the agent can continue the task with only your summary and the most recent messages.
Write plain text under exactly these headings:
Goal: the user's request in their own words (quote them), and any later changes to it.
Decisions: what was decided and why, including approaches that were rejected.
Files read: paths, with the facts learned from each that still matter.
Files changed: paths, and what was changed in each.
Open todos: what is still to do.
In progress: what was being done when the conversation was cut, and the exact next step.
Be specific (paths, names, commands, error messages); leave out pleasantries. Do not call tools.`;

export const SUMMARY_MARK = "[Context summary]";

const READS = new Set(["read_file"]);
const CHANGES = new Set(["write_file", "edit_file"]);

function pathArgument(raw: string): string | undefined {
  try {
    const value = (JSON.parse(raw) as { path?: unknown }).path;
    return typeof value === "string" && value !== "" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Files read and changed by successful calls in `messages`, each once, in the order last touched. */
export function filesTouched(messages: readonly Message[]): { filesRead: string[]; filesChanged: string[] } {
  const failed = new Set(messages.flatMap((m) => (m.role === "tool" && m.isError ? [m.callId] : [])));
  const read = new Set<string>();
  const changed = new Set<string>();
  const touch = (set: Set<string>, file: string) => {
    set.delete(file);
    set.add(file);
  };
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls) {
      if (failed.has(call.id)) continue;
      const file = pathArgument(call.arguments);
      if (!file) continue;
      if (READS.has(call.name)) touch(read, file);
      if (CHANGES.has(call.name)) touch(changed, file);
    }
  }
  return { filesRead: [...read], filesChanged: [...changed] };
}

/** Size limits of the summary message, in characters, for a budget in tokens (about four characters each). */
export function summaryLimits(budgetTokens: number) {
  const chars = budgetTokens * 4;
  return {
    /** The task, the first request (its start and end past this). */
    task: Math.round(Math.min(24_000, Math.max(800, chars * 0.1))),
    /** The latest requests together. */
    later: Math.round(Math.min(16_000, Math.max(800, chars * 0.08))),
    /** The model's summary (it is asked to stay under this too). */
    summary: Math.round(Math.max(800, chars * 0.1)),
    /** Each list of paths. */
    files: Math.round(Math.min(4_000, Math.max(300, chars * 0.03))),
  };
}

/** How many of the latest requests stay pinned besides the first. */
const LATEST_REQUESTS = 3;
const CUT_NOTE = "of this message elided to fit the context window; the session file keeps it whole";

/**
 * The user's requests a compaction must never lose: those pinned before, then the ones in the
 * part it takes out, oldest first. The first (the task as stated) always stays, cut to its
 * start and end past `limits.task`; the newest always stays, cut the same way to what is left
 * of `limits.later`; of the two before it, those that fit whole in half of that (the summary
 * carries the ones between). Pure.
 */
export function pinnedRequests(earlier: readonly string[], older: readonly Message[], limits: { task: number; later: number }): string[] {
  const all = [...earlier, ...older.flatMap((m) => (m.role === "user" && !m.content.startsWith(SUMMARY_MARK) && m.content.trim() ? [m.content] : []))];
  if (all.length === 0) return [];
  const [first, ...rest] = all as [string, ...string[]];
  const task = capText(first, limits.task, CUT_NOTE);
  const newest = rest.at(-1);
  if (newest === undefined) return [task];
  let left = limits.later;
  let share = Math.floor(left / 2);
  const between: string[] = [];
  for (const request of rest.slice(-LATEST_REQUESTS, -1).reverse()) {
    // One that does not fit is skipped, not the end: a shorter one before it may still fit.
    if (request.length > share) continue;
    between.unshift(request);
    share -= request.length;
    left -= request.length;
  }
  return [task, ...between, capText(newest, left, CUT_NOTE)];
}

/** The latest paths that fit `chars`, newest last, and how many earlier ones are left out. */
function recentPaths(paths: readonly string[], chars: number): string {
  const shown: string[] = [];
  let used = 0;
  for (let i = paths.length - 1; i >= 0 && (shown.length === 0 || used + paths[i]!.length + 2 <= chars); i -= 1) {
    shown.unshift(paths[i]!);
    used += paths[i]!.length + 2;
  }
  const more = paths.length - shown.length;
  return `${more > 0 ? `(${more} earlier not listed) ` : ""}${shown.join(", ")}`;
}

export interface SummaryFacts {
  /** The model's summary; absent when the summary request failed and the older part was dropped. */
  summary?: string;
  /** When it failed: the latest model summary an earlier compaction carried (never a whole earlier message). */
  previous?: string;
  /** The user's requests, oldest first (pinnedRequests). */
  requests: readonly string[];
  /** Every file read / changed so far, oldest first; only the latest are listed. */
  filesRead: readonly string[];
  filesChanged: readonly string[];
  todos: readonly TodoItem[];
  limits: ReturnType<typeof summaryLimits>;
}

/** The user message that stands in for the older conversation. */
export function summaryMessage(facts: SummaryFacts): string {
  const parts = [
    `${SUMMARY_MARK} The earlier part of this conversation was compacted to fit the context window; the full history is kept in the session file.`,
  ];
  if (facts.summary) parts.push(facts.summary.trim());
  else {
    parts.push("The summary request failed, so the oldest messages were dropped without a summary.");
    if (facts.previous) parts.push(`An earlier summary said:\n${facts.previous.trim()}`);
  }
  const [task, ...later] = facts.requests;
  if (task !== undefined) parts.push(`The user's request, verbatim:\n${task}`);
  if (later.length > 0) parts.push(`The user's later messages, verbatim, oldest first:\n${later.map((request) => `- ${request}`).join("\n")}`);
  if (facts.filesRead.length > 0) parts.push(`Files read so far: ${recentPaths(facts.filesRead, facts.limits.files)}`);
  if (facts.filesChanged.length > 0) parts.push(`Files changed so far: ${recentPaths(facts.filesChanged, facts.limits.files)}`);
  const open = facts.todos.filter((todo) => todo.status !== "done");
  if (open.length > 0) parts.push(`Open todos:\n${open.map((todo) => `- [${todo.status}] ${todo.content}`).join("\n")}`);
  parts.push("Continue the task from where it stands; the messages after this one are the most recent ones, unchanged.");
  return parts.join("\n\n");
}

/** The model's summary cut to its limit (start and end kept: "In progress" and the next step come last). */
export function boundedSummary(text: string, limits: ReturnType<typeof summaryLimits>): string {
  return capText(text.trim(), limits.summary, "of the summary elided to fit the context window");
}
