// The zod input schema of every built-in tool, keyed by tool name (a variant gets its own key).
// Nothing on the start-up path imports this file: the JSON Schemas sent to the model are
// generated from it at build time (tool-schemas.generated.ts, `npm run gen:schemas`),
// and a call is checked by the lean parser first; zod loads only to explain a rejected call
// or to check a schema the JSON cannot express (a refinement). See docs/adr/0023-schemas-at-build-time.md.
import { z } from "zod";
import { oneWayToEdit } from "./fs/edit-file.js";
import { DEFAULT_READ_LIMIT } from "./fs/read-file.js";
import { DEFAULT_TIMEOUT_MS, MAX_FOREGROUND_TIMEOUT_MS } from "./command/run-command.js";
import { DEFAULT_MAX_CHARS } from "./web/web-fetch.js";

const editSchema = z.object({
  old_string: z.string().describe("Exact text to replace"),
  new_string: z.string().describe("Replacement text"),
  replace_all: z.boolean().optional().describe("Replace every occurrence"),
});

const todoItem = z.object({
  content: z.string().min(1).describe("The task, imperative"),
  status: z.enum(["pending", "in_progress", "done", "blocked"]).describe("Where it stands"),
  note: z.string().optional().describe("Why blocked, or a reminder"),
});

const KIND_HELP = {
  explore: "explore: read, answer",
  review: "review: read, report problems",
  worker: "worker: may change files (approved like yours)",
} as const;

function taskInput<const K extends readonly (keyof typeof KIND_HELP)[]>(kinds: K) {
  return z.object({
    description: z.string().describe("A few words shown while it runs"),
    prompt: z.string().describe("The whole job and its context"),
    kind: z
      .enum(kinds as unknown as [K[number], ...K[number][]])
      .optional()
      .describe(`${kinds.map((kind) => KIND_HELP[kind]).join("; ")} (default explore)`),
  });
}

export const toolInputs = {
  read_file: z.object({
    path: z.string().describe("File to read"),
    offset: z.number().int().min(1).optional().describe("First line, 1-based (default 1)"),
    limit: z.number().int().min(1).optional().describe(`Max lines (default ${DEFAULT_READ_LIMIT})`),
  }),
  write_file: z.object({
    path: z.string().describe("File to write"),
    content: z.string().describe("The whole new content"),
  }),
  edit_file: z
    .object({
      path: z.string().describe("File to edit"),
      old_string: z.string().optional().describe("Exact text to replace"),
      new_string: z.string().optional().describe("Replacement text"),
      replace_all: z.boolean().optional().describe("Replace every occurrence"),
      edits: z.array(editSchema).min(1).optional().describe("Several edits in order, all or none"),
    })
    .refine(oneWayToEdit, { message: "give either old_string and new_string, or edits (not both)" }),
  list_files: z.object({
    path: z.string().optional().describe("Directory (default: workspace root)"),
    include_ignored: z.boolean().optional().describe("Also list ignored entries"),
  }),
  glob: z.object({
    pattern: z.string().min(1).describe('Glob, e.g. "src/**/*.ts"; without "/" it matches file names at any depth'),
    path: z.string().optional().describe("Directory to search (default: workspace root)"),
    limit: z.number().int().min(1).max(5000).optional().describe("Max paths (default 200)"),
    include_ignored: z.boolean().optional().describe("Also match ignored files"),
  }),
  grep: z.object({
    pattern: z.string().min(1).describe("Regular expression, matched per line"),
    path: z.string().optional().describe("File or directory (default: workspace root)"),
    include: z.string().optional().describe('Only files matching this glob: "*.ts" (name) or "src/**/*.ts" (path)'),
    ignore_case: z.boolean().optional().describe("Ignore case"),
    include_ignored: z.boolean().optional().describe("Also search ignored files"),
  }),
  run_command: z.object({
    command: z.string().min(1).describe("Command line for bash -lc"),
    timeout_ms: z
      .number()
      .int()
      .positive()
      .optional()
      .describe(`Kill after this many ms (default ${DEFAULT_TIMEOUT_MS}; foreground max ${MAX_FOREGROUND_TIMEOUT_MS})`),
    background: z.boolean().optional().describe("Return a task id at once; see task_status, task_stop"),
  }),
  task_status: z.object({ id: z.string().optional().describe("Task id, e.g. t1") }),
  task_stop: z.object({ id: z.string().describe("Task id, e.g. t1") }),
  todo_write: z.object({
    todos: z.array(todoItem).max(100).describe("The whole list"),
  }),
  web_fetch: z.object({
    url: z.string().describe("http(s) URL"),
    max_chars: z.number().int().min(100).max(100_000).optional().describe(`Max chars (default ${DEFAULT_MAX_CHARS})`),
  }),
  web_search: z.object({
    query: z.string().min(1).max(400).describe("What to search the web for"),
  }),
  git_status: z.object({}),
  git_diff: z.object({
    staged: z.boolean().optional().describe("Staged changes instead"),
    base: z.string().optional().describe("Revision to compare with, e.g. HEAD~1"),
    paths: z.array(z.string()).max(50).optional().describe("Limit to these paths"),
  }),
  git_log: z.object({
    limit: z.number().int().min(1).max(200).optional().describe("Number of commits (default 20)"),
    revision: z.string().optional().describe("Start here, not HEAD"),
    paths: z.array(z.string()).max(50).optional().describe("Only commits touching these"),
  }),
  ask: z.object({
    question: z.string().min(1),
    options: z.array(z.object({ label: z.string().min(1), detail: z.string().optional() })).max(20).optional(),
    multiple: z.boolean().optional(),
  }),
  remember: z.object({ note: z.string().describe("One self-contained fact") }),
  recall: z.object({ query: z.string().optional().describe("Words to look for") }),
  forget: z.object({ id: z.string().describe("The note's id, e.g. m1a2b3c") }),
  load_skill: z.object({
    name: z.string().describe("The skill's name, as listed"),
    file: z.string().optional().describe("A file of the skill, relative to its folder, e.g. scripts/check.sh"),
  }),
  // The subagent kinds offered depend on the parent: without write tools, no worker.
  task: taskInput(["explore", "review", "worker"]),
  "task:explore,review": taskInput(["explore", "review"]),
};

export type ToolInputKey = keyof typeof toolInputs;

/**
 * Refinements the tool modules hand to their lean parser too (`builtinInput(key, refine)`): the
 * generator accepts a refined schema as lean only when its refinement is the one listed here.
 */
export const leanRefinements: Partial<Record<ToolInputKey, (input: never) => boolean>> = { edit_file: oneWayToEdit };
export type ToolInputOf<K extends ToolInputKey> = z.infer<(typeof toolInputs)[K]>;
