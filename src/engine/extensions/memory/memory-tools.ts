// remember / recall / forget: the model's durable notes about this project. They change only
// the agent's own state (a file in the agent home), never the workspace, so they are
// read-class for the approval rules and need no one's approval; instead every change is
// published (`memory.changed`, shown by the faces) and records its session. The model may
// not forget the user's own notes (`mini-agent memory add`): only the user removes those.
import { defineTool, ToolError, type Tool } from "../../tools/tool.js";
import { builtinInput } from "../../tools/tool-input.js";
import type { MemoryLink } from "./memory-link.js";
import { MAX_NOTE_CHARS, provenance, searchNotes, type MemoryStore } from "./memory-store.js";

const MAX_RECALLED = 50;

/** recall and forget only once there are notes (they would have nothing to act on), to keep requests small. */
export function createMemoryTools(store: MemoryStore, link: MemoryLink): Tool[] {
  const hasNotes = store.list().length > 0;
  const tools: Tool[] = [
    defineTool({
      name: "remember",
      description: "Save a short fact about this project (a convention, a working command) for future sessions. Never secrets.",
      kind: "read",
      input: builtinInput("remember"),
      async execute({ note }) {
        if (note.trim() === "") throw new ToolError("the note is empty");
        if (note.length > MAX_NOTE_CHARS) throw new ToolError(`the note is ${note.length} characters; keep it under ${MAX_NOTE_CHARS}`);
        const saved = store.add(note, link.origin());
        link.changed({ action: "remembered", id: saved.id, note: saved.note });
        return { content: `remembered as ${saved.id}` };
      },
    }),
  ];
  if (!hasNotes) return tools;
  return [
    ...tools,
    defineTool({
      name: "recall",
      description: "Search your notes about this project (every word of the query must appear); without a query, list the newest.",
      kind: "read",
      input: builtinInput("recall"),
      async execute({ query }) {
        const found = searchNotes(store.list(), query);
        if (found.length === 0) return { content: query ? `no note matches ${JSON.stringify(query)}` : "no notes yet" };
        const shown = found.slice(0, MAX_RECALLED).map((note) => `[${note.id} ${note.at.slice(0, 10)} ${provenance(note, true)}] ${note.note}`);
        const more = found.length > shown.length ? `\n(${found.length - shown.length} more; narrow the query)` : "";
        return { content: `${shown.join("\n")}${more}` };
      },
    }),
    defineTool({
      name: "forget",
      description: "Drop one of your notes by its id (shown in brackets), e.g. when it turned out wrong.",
      kind: "read",
      input: builtinInput("forget"),
      async execute({ id }) {
        const note = store.list().find((candidate) => candidate.id === id);
        if (!note) throw new ToolError(`no note with id ${JSON.stringify(id)}`);
        if (note.source === "user") throw new ToolError(`${id} is the user's own note; only the user removes it (mini-agent memory rm ${id})`);
        const forgotten = store.forget(id, link.origin());
        if (!forgotten) throw new ToolError(`no note with id ${JSON.stringify(id)}`);
        link.changed({ action: "forgot", id, note: forgotten.note });
        return { content: `forgot ${id}` };
      },
    }),
  ];
}
