// edit_file: exact-text replacement in one file. Several edits in one call apply in order
// to an in-memory copy and the file is written once, so either all land or none do. The file
// is read and written losslessly (byte-text.ts): bytes outside the replaced text stay as they are.
import { writeFileAtomic } from "./atomic-write.js";
import { encodeLossless, loneSurrogateIn, showEscapedBytes } from "./byte-text.js";
import { diffStat, unifiedDiff } from "./diff-preview.js";
import { applyEdits, EditMismatch, type Edit } from "./edit-match.js";
import { changedSincePreview, notUtf8Note, readTextForEdit, stateOf, writeTarget, type FileText } from "./file-text.js";
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

/** The edits' text, checked against what the file can hold without losing or mixing bytes. */
function checkEdits(shown: string, file: FileText, edits: readonly Edit[]): void {
  if (edits.some((edit) => loneSurrogateIn(edit.old_string) || loneSurrogateIn(edit.new_string))) {
    throw new ToolError(`${shown}: old_string or new_string holds a lone UTF-16 surrogate, which is not text. No change was made.`);
  }
  // New non-ASCII text would go in as UTF-8 among bytes of another encoding (latin-1, say):
  // the file would mix two encodings, which no later reader decodes right.
  if (!file.utf8 && edits.some((edit) => /[^\x00-\x7f]/.test(edit.new_string))) {
    throw new ToolError(
      `${shown} is not valid UTF-8 (latin-1 or another encoding?), and new_string holds non-ASCII text that would be written as UTF-8 into it. ` +
        "Use ASCII only in new_string (or write the whole file with write_file). No change was made.",
    );
  }
}

export function createEditFileTool({ jail }: { jail: Jail }) {
  async function load(input: EditFileInput) {
    const absolute = writeTarget(jail, input.path);
    const shown = jail.display(absolute);
    const before = await readTextForEdit(absolute, shown);
    return { absolute, shown, before };
  }

  function change(shown: string, before: FileText | undefined, input: EditFileInput) {
    if (before === undefined) throw new ToolError(`${shown} does not exist; use write_file to create it`);
    const edits = editsOf(input);
    checkEdits(shown, before, edits);
    let after: string;
    try {
      after = applyEdits(before.text, edits);
    } catch (error) {
      if (error instanceof EditMismatch) throw new ToolError(showEscapedBytes(`${shown}: ${error.message} No change was made.`));
      throw error;
    }
    return { after, diff: unifiedDiff(shown, before.text, after) + notUtf8Note(shown, before) };
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
      // The state is kept even for an edit that would fail: approved, it must not run on other text.
      const { shown, before } = await load(input);
      try {
        return { text: change(shown, before, input).diff, basis: stateOf(before) };
      } catch (error) {
        if (error instanceof ToolError) return { text: `(this edit would fail: ${error.message})`, basis: stateOf(before) };
        throw error;
      }
    },
    async execute(input, context) {
      const { absolute, shown, before } = await load(input);
      changedSincePreview(shown, before, context);
      const { after, diff } = change(shown, before, input);
      await writeFileAtomic(absolute, encodeLossless(after), () => jail.resolveWrite(input.path));
      const { added, removed } = diffStat(diff);
      return { content: `Edited ${shown}\n\n${diff}`, details: { path: shown, diff, linesAdded: added, linesRemoved: removed } };
    },
  });
}
