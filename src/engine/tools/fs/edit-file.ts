// edit_file: exact-text replacement in one file. Several edits in one call apply in order
// to an in-memory copy and the file is written once, so either all land or none do.
import { writeFileAtomic } from "./atomic-write.js";
import { diffStat, unifiedDiff } from "./diff-preview.js";
import { applyEdits, EditMismatch, type Edit } from "./edit-match.js";
import { readTextForEdit } from "./file-text.js";
import type { Jail } from "../jail/jail.js";
import { defineTool, ToolError } from "../tool.js";
import { builtinInput } from "../tool-input.js";
import type { ToolInputOf } from "../tool-inputs.js";

type EditFileInput = ToolInputOf<"edit_file">;

/**
 * Either old_string and new_string, or edits, never both: the refinement of the zod schema
 * (tool-inputs.ts), and the same function lets the lean parser accept a call without zod.
 */
export function oneWayToEdit(input: { old_string?: string; new_string?: string; edits?: unknown[] }): boolean {
  return input.edits ? input.old_string === undefined && input.new_string === undefined : input.old_string !== undefined && input.new_string !== undefined;
}

function editsOf(input: EditFileInput): Edit[] {
  if (input.edits) return input.edits;
  return [{ old_string: input.old_string!, new_string: input.new_string!, replace_all: input.replace_all }];
}

export function createEditFileTool({ jail }: { jail: Jail }) {
  async function plan(input: EditFileInput) {
    const absolute = jail.resolveWrite(input.path);
    const shown = jail.display(absolute);
    const before = await readTextForEdit(absolute, shown);
    if (before === undefined) throw new ToolError(`${shown} does not exist; use write_file to create it`);
    let after: string;
    try {
      after = applyEdits(before, editsOf(input));
    } catch (error) {
      if (error instanceof EditMismatch) throw new ToolError(`${shown}: ${error.message} No change was made.`);
      throw error;
    }
    return { absolute, shown, after, diff: unifiedDiff(shown, before, after) };
  }

  return defineTool({
    name: "edit_file",
    description:
      "Replace exact text in a file: old_string must match exactly (whitespace too) and once, unless " +
      "replace_all; a miss shows the closest lines. `edits` does several at once. Returns a diff.",
    kind: "write",
    input: builtinInput("edit_file", oneWayToEdit),
    subject: (input) => ({ paths: [input.path] }),
    async preview(input) {
      try {
        return (await plan(input)).diff;
      } catch (error) {
        if (error instanceof ToolError) return `(this edit would fail: ${error.message})`;
        throw error;
      }
    },
    async execute(input) {
      const { absolute, shown, after, diff } = await plan(input);
      await writeFileAtomic(absolute, after, () => jail.resolveWrite(input.path));
      const { added, removed } = diffStat(diff);
      return { content: `Edited ${shown}\n\n${diff}`, details: { path: shown, diff, linesAdded: added, linesRemoved: removed } };
    },
  });
}
