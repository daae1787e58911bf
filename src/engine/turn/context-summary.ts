// What compaction asks the model and what it puts in place of the older conversation. The
// model writes the structured summary; the engine adds what it knows for certain (the user's
// requests verbatim: the task and the latest ones; files read and changed, the open todos), so a weak summary can never
// make the agent forget its task. Pure.
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

/** Tool results are clipped in the summary request: the summary needs their gist, not every byte. */
const RESULT_CHARS = 2_000;

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

/** Files read and changed by successful calls in `messages`, added to what earlier compactions knew. */
export function filesTouched(messages: readonly Message[], earlier: { filesRead: string[]; filesChanged: string[] } | undefined) {
  const failed = new Set(messages.flatMap((m) => (m.role === "tool" && m.isError ? [m.callId] : [])));
  const read = new Set(earlier?.filesRead ?? []);
  const changed = new Set(earlier?.filesChanged ?? []);
  for (const message of messages) {
    if (message.role !== "assistant") continue;
    for (const call of message.toolCalls) {
      if (failed.has(call.id)) continue;
      const file = pathArgument(call.arguments);
      if (!file) continue;
      if (READS.has(call.name)) read.add(file);
      if (CHANGES.has(call.name)) changed.add(file);
    }
  }
  return { filesRead: [...read], filesChanged: [...changed] };
}

/** The messages of the summary request: the older part (results clipped) and the ask. */
export function summaryRequestMessages(older: readonly Message[], instructions?: string): Message[] {
  const clipped = older.map((message): Message => {
    // The summary needs no pixels: a prompt's images are named, as a tool's are described in its text.
    if (message.role === "user" && message.images && message.images.length > 0) {
      const count = message.images.length;
      const note = `[${count === 1 ? "an image" : `${count} images`} sent with this prompt, not shown]`;
      return { role: "user", content: message.content.trim() ? `${message.content}\n${note}` : note };
    }
    if (message.role !== "tool" || message.content.length <= RESULT_CHARS) {
      return message.role === "tool" && message.images ? { ...message, images: [] } : message;
    }
    const cut = message.content.length - RESULT_CHARS;
    return { ...message, content: `${message.content.slice(0, RESULT_CHARS)}\n[… ${cut} more characters not shown]`, images: [] };
  });
  const focus = instructions?.trim() ? `\n\nThe user asks the summary to focus on: ${instructions.trim()}` : "";
  return [...clipped, { role: "user", content: `Summarise the conversation above under the headings in your instructions.${focus}` }];
}

/** How many of the latest requests stay pinned besides the first, and how long the pinned text may grow. */
const LATEST_REQUESTS = 3;
const PINNED_CHARS = 16_000;

/**
 * The user's requests a compaction must never lose: those pinned before, then the ones in the
 * part it takes out, oldest first. The first (the task as stated) always stays; of the rest
 * only the latest few, as long as they fit (the summary carries the ones between). Pure.
 */
export function pinnedRequests(earlier: readonly string[], older: readonly Message[]): string[] {
  const all = [...earlier, ...older.flatMap((m) => (m.role === "user" && !m.content.startsWith(SUMMARY_MARK) && m.content.trim() ? [m.content] : []))];
  if (all.length === 0) return [];
  const [first, ...rest] = all as [string, ...string[]];
  const latest: string[] = [];
  let room = PINNED_CHARS - first.length;
  for (const request of rest.slice(-LATEST_REQUESTS).reverse()) {
    if (request.length > room) break;
    latest.unshift(request);
    room -= request.length;
  }
  return [first, ...latest];
}

export const SUMMARY_MARK = "[Context summary]";

export interface SummaryFacts {
  /** The model's summary; absent when the summary request failed and the older part was dropped. */
  summary?: string;
  /** The previous compaction's summary message, when the dropped part held one. */
  previous?: string;
  /** The user's requests verbatim, oldest first (pinnedRequests). */
  requests: readonly string[];
  filesRead: readonly string[];
  filesChanged: readonly string[];
  todos: readonly TodoItem[];
}

/** The user message that stands in for the older conversation. */
export function summaryMessage(facts: SummaryFacts): string {
  const parts = [
    `${SUMMARY_MARK} The earlier part of this conversation was compacted to fit the context window; the full history is kept in the session file.`,
  ];
  if (facts.summary) parts.push(facts.summary.trim());
  else {
    parts.push("The summary request failed, so the oldest messages were dropped without a summary.");
    if (facts.previous) parts.push(`An earlier summary said:\n${facts.previous.replace(SUMMARY_MARK, "").trim()}`);
  }
  const [task, ...later] = facts.requests;
  if (task !== undefined) parts.push(`The user's request, verbatim:\n${task}`);
  if (later.length > 0) parts.push(`The user's later messages, verbatim, oldest first:\n${later.map((request) => `- ${request}`).join("\n")}`);
  if (facts.filesRead.length > 0) parts.push(`Files read so far: ${facts.filesRead.join(", ")}`);
  if (facts.filesChanged.length > 0) parts.push(`Files changed so far: ${facts.filesChanged.join(", ")}`);
  const open = facts.todos.filter((todo) => todo.status !== "done");
  if (open.length > 0) parts.push(`Open todos:\n${open.map((todo) => `- [${todo.status}] ${todo.content}`).join("\n")}`);
  parts.push("Continue the task from where it stands; the messages after this one are the most recent ones, unchanged.");
  return parts.join("\n\n");
}
